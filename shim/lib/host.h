/* SPDX-License-Identifier: GPL-2.0 */
/*
 * host.h - the shim's only door to the C library (host.c). Both kernel-style
 * code and plain C include it, so it uses built-in types only.
 */
#ifndef QDK_SHIM_HOST_H
#define QDK_SHIM_HOST_H

/* malloc with 64-byte alignment; NULL on failure */
void *qdk_host_alloc(unsigned long size);
void qdk_host_free(void *p);
/*
 * The SAN build's view of size bytes at p: poisoned, ASan reports an access
 * (the slack of a kmalloc object past the size asked for, as KASAN does);
 * unpoisoned, usable again. Nothing in a plain build.
 */
void qdk_host_poison(const void *p, unsigned long size);
void qdk_host_unpoison(const void *p, unsigned long size);
/*
 * size bytes of fresh pages, page-aligned and zero: the kernel zeroes
 * each page when it is first touched. NULL on failure.
 */
void *qdk_host_pages(unsigned long size);
void qdk_host_pages_free(void *p, unsigned long size);
/* write a formatted message to stderr */
void qdk_host_vlog(const char *fmt, __builtin_va_list ap);
void qdk_host_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void qdk_host_abort(void) __attribute__((noreturn));
/* the calling thread's stack, one frame a line, to stderr */
void qdk_host_backtrace(void);
/* flush stdout and stderr, then exit with code */
void qdk_host_exit(int code) __attribute__((noreturn));
/*
 * The source file:line of code address pc (a return address minus one: the
 * call), written into buf; "object+offset" when the line is not known.
 */
const char *qdk_host_where(unsigned long pc, char *buf, unsigned long size);
/* the same as "function (file:line)", for the start of a function */
const char *qdk_host_function(unsigned long pc, char *buf, unsigned long size);
/*
 * A crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL) prints the faulting function,
 * its source line and its callers before the default action (plain builds;
 * the SAN build's runtimes report their own).
 */
void qdk_host_crash_handler(void);
/* QDK_LOGLEVEL from the environment, or dflt */
int qdk_host_loglevel(int dflt);
/* strerror() of a positive errno */
const char *qdk_host_strerror(int errnum);

#endif
