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
 * The source line of a code address, from the object's debug information:
 * addr2line (binutils, which the build's compiler needs anyway) on the
 * object dladdr() names. Falls back to "object+offset" when addr2line is
 * missing or the object has no line for it.
 */
const char *qdk_host_where(unsigned long pc, char *buf, unsigned long size)
{
	Dl_info di;
	unsigned long off;
	char addr[32];
	int pipefd[2];
	pid_t pid;
	posix_spawn_file_actions_t fa;
	char *argv[] = { "addr2line", "-e", NULL, addr, NULL };
	ssize_t n = 0, got;
	int status;

	snprintf(buf, size, "%#lx", pc);
	if (!pc || !dladdr((void *)pc, &di) || !di.dli_fname)
		return buf;
	off = pc - (elf_is_dyn(di.dli_fname) ? (unsigned long)di.dli_fbase : 0);
	snprintf(buf, size, "%s+%#lx", di.dli_fname, off);
	snprintf(addr, sizeof(addr), "%#lx", off);
	argv[2] = (char *)di.dli_fname;
	if (pipe(pipefd))
		return buf;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	posix_spawn_file_actions_addclose(&fa, pipefd[0]);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", 1, 0);
	if (posix_spawnp(&pid, "addr2line", &fa, NULL, argv, environ)) {
		posix_spawn_file_actions_destroy(&fa);
		close(pipefd[0]);
		close(pipefd[1]);
		return buf;
	}
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[1]);
	{
		char line[4096];

		while (n < (ssize_t)sizeof(line) - 1 &&
		       (got = read(pipefd[0], line + n, sizeof(line) - 1 - n)) > 0)
			n += got;
		line[n] = 0;
		close(pipefd[0]);
		waitpid(pid, &status, 0);
		line[strcspn(line, "\n")] = 0;
		/* "file:line (discriminator N)" */
		line[strcspn(line, " ")] = 0;
		n = strlen(line);
		if (line[0] && line[0] != '?' && !strstr(line, ":?") &&
		    !(n > 2 && !strcmp(line + n - 2, ":0")))
			snprintf(buf, size, "%s", line);
	}
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
