// SPDX-License-Identifier: GPL-2.0
/*
 * host.c - the C library seen from the shim: memory, stderr, abort. Plain
 * C; kernel-mirror headers never meet libc headers (see host.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <execinfo.h>

#include "host.h"

void *qdk_host_alloc(unsigned long size)
{
	void *p = NULL;

	/* cache-line alignment: struct Qdisc's private area is declared so */
	if (posix_memalign(&p, 64, size ? size : 1))
		return NULL;
	return p;
}

void *qdk_host_pages(unsigned long size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

void qdk_host_pages_free(void *p, unsigned long size)
{
	munmap(p, size);
}

void qdk_host_free(void *p)
{
	free(p);
}

void qdk_host_vlog(const char *fmt, va_list ap)
{
	vfprintf(stderr, fmt, ap);
}

void qdk_host_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void qdk_host_backtrace(void)
{
	void *frames[64];
	int n = backtrace(frames, 64);

	fflush(stderr);
	backtrace_symbols_fd(frames, n, 2);
}

void qdk_host_abort(void)
{
	fflush(stderr);
	abort();
}

const char *qdk_host_strerror(int errnum)
{
	return strerror(errnum);
}

int qdk_host_loglevel(int dflt)
{
	const char *v = getenv("QDK_LOGLEVEL");

	if (!v || *v < '0' || *v > '8')
		return dflt;
	return *v - '0';
}

#ifdef __SANITIZE_ADDRESS__
/*
 * The SAN=1 build (ASan + UBSan): defaults the sanitizer runtimes read
 * before ASAN_OPTIONS / UBSAN_OPTIONS (which still override them key by
 * key), so every binary of that build -- the unit tests, qdk-replay, run by
 * a suite or by hand -- reports with a symbolized stack trace down to the
 * qdisc's line and stops at the first error. gcc's libsanitizer symbolizes
 * by itself (libbacktrace over the -g debug info); llvm-symbolizer, when
 * installed, is used first.
 */
const char *__asan_default_options(void);
const char *__ubsan_default_options(void);

const char *__asan_default_options(void)
{
	return "halt_on_error=1:symbolize=1:print_summary=1";
}

const char *__ubsan_default_options(void)
{
	return "print_stacktrace=1:halt_on_error=1:symbolize=1";
}
#endif
