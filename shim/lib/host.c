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
#include <dlfcn.h>
#include <elf.h>
#include <spawn.h>
#include <sys/wait.h>
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

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

void qdk_host_exit(int code)
{
	fflush(stdout);
	fflush(stderr);
	exit(code);
}

/* ET_DYN (a PIE or a shared object: addresses relative to its base) or not */
static int elf_is_dyn(const char *path)
{
	Elf64_Ehdr eh;
	FILE *f = fopen(path, "rb");
	int dyn = 0;

	if (!f)
		return 0;
	if (fread(&eh, sizeof(eh), 1, f) == 1 && eh.e_type == ET_DYN)
		dyn = 1;
	fclose(f);
	return dyn;
}

extern char **environ;

/*
 * addr2line (binutils, which the build's compiler needs anyway) on the
 * object dladdr() names for pc: its output lines in out, or 0 when it could
 * not run. func: also the function's name (-f).
 */
static int addr2line(unsigned long pc, int func, char *out, unsigned long size, const char **obj,
		     unsigned long *off)
{
	Dl_info di;
	char addr[32];
	int pipefd[2];
	pid_t pid;
	posix_spawn_file_actions_t fa;
	char *argv[] = { "addr2line", "-i", "-e", NULL, addr, NULL, NULL };
	ssize_t n = 0, got;
	int status;

	*obj = NULL;
	if (!pc || !dladdr((void *)pc, &di) || !di.dli_fname)
		return 0;
	*obj = di.dli_fname;
	*off = pc - (elf_is_dyn(di.dli_fname) ? (unsigned long)di.dli_fbase : 0);
	snprintf(addr, sizeof(addr), "%#lx", *off);
	argv[3] = (char *)di.dli_fname;
	if (func)
		argv[5] = "-f";
	if (pipe(pipefd))
		return 0;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	posix_spawn_file_actions_addclose(&fa, pipefd[0]);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", 1, 0);
	if (posix_spawnp(&pid, "addr2line", &fa, NULL, argv, environ)) {
		posix_spawn_file_actions_destroy(&fa);
		close(pipefd[0]);
		close(pipefd[1]);
		return 0;
	}
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[1]);
	while (n < (ssize_t)size - 1 && (got = read(pipefd[0], out + n, size - 1 - n)) > 0)
		n += got;
	out[n] = 0;
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	return 1;
}

/* "file:line" with a line known ("?" and ":0" are addr2line's unknowns) */
static int known_line(char *l)
{
	char *d = strstr(l, " (discriminator ");
	size_t n;

	if (d)		/* "file:line (discriminator N)"; a path may have spaces */
		*d = 0;
	n = strlen(l);
	return l[0] && l[0] != '?' && !strstr(l, ":?") && !(n > 2 && !strcmp(l + n - 2, ":0"));
}

static int in_shim(const char *l)
{
	return strstr(l, "/shim/include/") || strstr(l, "/shim/lib/");
}

/*
 * The source line of a code address, from the object's debug information.
 * With -i, addr2line gives the inlined frames innermost first: the first
 * one outside the shim is the caller's (a spin_lock() inlined into a
 * qdisc); with none, the innermost. "object+offset" when no line is known.
 */
const char *qdk_host_where(unsigned long pc, char *buf, unsigned long size)
{
	char out[4096], *l, *pick = NULL, *save;
	const char *obj;
	unsigned long off;

	snprintf(buf, size, "%#lx", pc);
	if (!addr2line(pc, 0, out, sizeof(out), &obj, &off)) {
		if (obj)
			snprintf(buf, size, "%s+%#lx", obj, off);
		return buf;
	}
	snprintf(buf, size, "%s+%#lx", obj, off);
	for (l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (!known_line(l))
			continue;
		if (!pick)
			pick = l;
		if (!in_shim(l)) {
			pick = l;
			break;
		}
	}
	if (pick)
		snprintf(buf, size, "%s", pick);
	return buf;
}

const char *qdk_host_function(unsigned long pc, char *buf, unsigned long size)
{
	char out[4096], *fn, *l, *save;
	const char *obj;
	unsigned long off;

	snprintf(buf, size, "%#lx", pc);
	if (!addr2line(pc, 1, out, sizeof(out), &obj, &off)) {
		if (obj)
			snprintf(buf, size, "%s+%#lx", obj, off);
		return buf;
	}
	fn = strtok_r(out, "\n", &save);
	l = strtok_r(NULL, "\n", &save);
	if (fn && l && known_line(l))
		snprintf(buf, size, "%s (%s)", fn, l);
	else if (fn && fn[0] != '?')
		snprintf(buf, size, "%s", fn);
	else
		snprintf(buf, size, "%s+%#lx", obj, off);
	return buf;
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
void __asan_poison_memory_region(void const volatile *addr, size_t size);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);

void qdk_host_poison(const void *p, unsigned long size)
{
	__asan_poison_memory_region(p, size);
}

void qdk_host_unpoison(const void *p, unsigned long size)
{
	__asan_unpoison_memory_region(p, size);
}
#else
void qdk_host_poison(const void *p, unsigned long size)
{
}

void qdk_host_unpoison(const void *p, unsigned long size)
{
}
#endif

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

#ifndef __SANITIZE_ADDRESS__
/*
 * A crash in a plain build (the SAN build's runtimes report their own):
 * the signal, the faulting instruction's function and source line, and the
 * frames that called it, then the signal's default action (a core, the exit
 * status a test runner or a shell reports). Best effort, as a crash handler
 * is: addr2line runs in a child process.
 */
static void crash(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	unsigned long pc = (unsigned long)uc->uc_mcontext.gregs[REG_RIP];
	void *frames[40];
	char buf[700], fn[700];
	int n, i, shown = 0, past = 0;

	fprintf(stderr, "qdk: %s", strsignal(sig));
	if (sig == SIGSEGV || sig == SIGBUS)
		fprintf(stderr, " (address %p)", si->si_addr);
	fprintf(stderr, " in %s\n", qdk_host_function(pc, fn, sizeof(fn)));
	/* inside an inlined helper of the shim: the line outside it too */
	if (!strstr(fn, qdk_host_where(pc, buf, sizeof(buf))))
		fprintf(stderr, "  at %s\n", buf);
	n = backtrace(frames, 40);
	for (i = 0; i < n && shown < 12; i++) {
		unsigned long ra = (unsigned long)frames[i];

		/* the handler's own frames and the signal trampoline come first */
		if (!past) {
			past = ra == pc;
			continue;
		}
		fprintf(stderr, "  called from %s\n", qdk_host_function(ra - 1, buf, sizeof(buf)));
		shown++;
	}
	fflush(stderr);
	signal(sig, SIG_DFL);
	raise(sig);
}

void qdk_host_crash_handler(void)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL };
	struct sigaction sa = { .sa_sigaction = crash, .sa_flags = SA_SIGINFO | SA_RESETHAND };
	static char stack[64 << 10];
	stack_t ss = { .ss_sp = stack, .ss_size = sizeof(stack) };
	unsigned int i;

	/* a stack overflow still gets its report */
	sigaltstack(&ss, NULL);
	sa.sa_flags |= SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}
#else
void qdk_host_crash_handler(void)
{
}
#endif
