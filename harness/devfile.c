// SPDX-License-Identifier: GPL-2.0
/*
 * devfile.c - `qdk-replay dev PATH OP...`: the files a linked module made (its
 * misc or class devices under /dev, its /proc entries, its devices'
 * attributes under /sys/class, its debugfs files under /sys/kernel/debug),
 * used after the modules' init (so --param applies) as a process would,
 * one file per OP (open, the call, release), in the order given:
 *
 *   write TEXT      "write LEN: RET" (bytes taken, or -errno)
 *   read            what it read until the handler's end, or "read: -ERRNO"
 *   poll            "poll: EVENTS" ready of in/pri/out (none: "poll: -"),
 *                   as poll(2) with a timeout of 0
 *   ioctl CMD [ARG] "ioctl CMD: RET"; ARG a number, or @SIZE for a buffer
 *                   of SIZE zero bytes (@SIZE:HEX: those bytes) whose
 *                   address is the argument, printed in hex after the call
 *
 * PATH is a path, or NAME for /dev/NAME. An open the module refuses prints
 * "open: -ERRNO" for that OP. Work and tasklets a call queued run before
 * the next OP (the clock moves on to the same time). `dev -l` lists the
 * files. A path no module made is bad input (exit 2).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>

#include "harness.h"

#define DEV_READ_MAX 65536
#define DEV_IOCTL_MAX 4096

static void usage(void)
{
	fprintf(stderr, "qdk-replay dev: usage: dev PATH|NAME [write TEXT | read | poll | "
		"ioctl CMD [ARG|@SIZE[:HEX]]]...\n       dev -l\n");
}

/* the number of arguments OP at argv[i] takes, or -1 */
static int op_args(int argc, char **argv, int i)
{
	if (!strcmp(argv[i], "read") || !strcmp(argv[i], "poll"))
		return 0;
	if (!strcmp(argv[i], "write"))
		return i + 1 < argc ? 1 : -1;
	if (!strcmp(argv[i], "ioctl")) {
		char *end;

		if (i + 1 == argc)
			return -1;
		strtoul(argv[i + 1], &end, 0);
		if (*end || end == argv[i + 1])
			return -1;
		if (i + 2 == argc)
			return 1;
		if (argv[i + 2][0] == '@')
			return 2;
		strtoul(argv[i + 2], &end, 0);
		return *end || end == argv[i + 2] ? 1 : 2;
	}
	return -1;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* @SIZE[:HEX] into buf; false when malformed */
static bool parse_buffer(const char *arg, unsigned char *buf, size_t *size)
{
	char *end;
	size_t i, n = strtoul(arg + 1, &end, 0);

	if (end == arg + 1 || n > DEV_IOCTL_MAX || (*end && *end != ':'))
		return false;
	memset(buf, 0, n);
	if (*end == ':') {
		const char *h = end + 1;

		for (i = 0; h[0] && h[1]; i++, h += 2) {
			int a = hex_digit(h[0]), b = hex_digit(h[1]);

			if (a < 0 || b < 0 || i == n)
				return false;
			buf[i] = (unsigned char)(a << 4 | b);
		}
		if (*h)
			return false;
	}
	*size = n;
	return true;
}

static void print_poll(unsigned int ev)
{
	printf("poll:");
	if (ev & EPOLLIN)
		printf(" in");
	if (ev & EPOLLPRI)
		printf(" pri");
	if (ev & EPOLLOUT)
		printf(" out");
	if (ev & EPOLLERR)
		printf(" err");
	if (ev & EPOLLHUP)
		printf(" hup");
	if (!(ev & (EPOLLIN | EPOLLPRI | EPOLLOUT | EPOLLERR | EPOLLHUP)))
		printf(" -");
	printf("\n");
}

/* one OP at argv[i]; the open's error when the path is not there */
static int run_op(const char *path, int argc, char **argv, int i)
{
	static char buf[DEV_READ_MAX];
	static unsigned char ibuf[DEV_IOCTL_MAX];
	const char *op = argv[i];
	struct qdk_file *f;
	size_t done = 0, size = 0;
	long ret = 0;
	int flags = !strcmp(op, "write") ? O_WRONLY : !strcmp(op, "ioctl") ? O_RDWR : O_RDONLY;
	int err = qdk_file_open(path, flags, &f);

	if (err == -ENOENT)
		return err;
	if (err) {
		printf("open: %d\n", err);
		return 0;
	}
	if (!strcmp(op, "write")) {
		ret = qdk_file_write(f, argv[i + 1], strlen(argv[i + 1]));
		printf("write %zu: %ld\n", strlen(argv[i + 1]), ret);
	} else if (!strcmp(op, "read")) {
		while (done < sizeof(buf)) {
			long n = qdk_file_read(f, buf + done, sizeof(buf) - done);

			if (n < 0)
				ret = n;
			if (n <= 0)
				break;
			done += (size_t)n;
		}
		if (ret < 0)
			printf("read: %ld\n", ret);
		else
			fwrite(buf, 1, done, stdout);
	} else if (!strcmp(op, "poll")) {
		print_poll(qdk_file_poll(f, EPOLLIN | EPOLLPRI | EPOLLOUT | EPOLLRDNORM |
					 EPOLLWRNORM));
	} else {
		unsigned long cmd = strtoul(argv[i + 1], NULL, 0), arg = 0;
		bool with_buf = op_args(argc, argv, i) == 2 && argv[i + 2][0] == '@';

		if (with_buf) {
			parse_buffer(argv[i + 2], ibuf, &size);
			arg = (unsigned long)ibuf;
		} else if (op_args(argc, argv, i) == 2) {
			arg = strtoul(argv[i + 2], NULL, 0);
		}
		ret = qdk_file_ioctl(f, (unsigned int)cmd, arg);
		printf("ioctl %s: %ld", argv[i + 1], ret);
		if (with_buf) {
			printf(" ");
			for (done = 0; done < size; done++)
				printf("%02x", ibuf[done]);
		}
		printf("\n");
	}
	qdk_file_close(f);
	/* what the call deferred (work, tasklets) runs now, at the same time */
	qdk_clock_advance(qdk_now());
	return 0;
}

int cmd_dev(int argc, char **argv)
{
	static char list[DEV_READ_MAX];
	char path[256];
	int i, n, err = 0;

	if (argc == 2 && !strcmp(argv[1], "-l")) {
		qdk_init(1);
		n = (int)qdk_file_list(list, sizeof(list));
		fwrite(list, 1, (size_t)n < sizeof(list) ? (size_t)n : sizeof(list), stdout);
		qdk_exit();
		return 0;
	}
	if (argc < 2) {
		usage();
		return 2;
	}
	if (argv[1][0] == '/')
		snprintf(path, sizeof(path), "%s", argv[1]);
	else
		snprintf(path, sizeof(path), "/dev/%s", argv[1]);
	for (i = 2; i < argc; i += 1 + n) {
		n = op_args(argc, argv, i);
		if (n < 0) {
			fprintf(stderr, "qdk-replay dev: \"%s\": write TEXT, read, poll or "
				"ioctl CMD [ARG|@SIZE[:HEX]]\n", argv[i]);
			return 2;
		}
		if (n == 2 && argv[i + 2][0] == '@') {
			static unsigned char probe[DEV_IOCTL_MAX];
			size_t size;

			if (!parse_buffer(argv[i + 2], probe, &size)) {
				fprintf(stderr, "qdk-replay dev: \"%s\": @SIZE[:HEX], SIZE at most %d\n",
					argv[i + 2], DEV_IOCTL_MAX);
				return 2;
			}
		}
	}
	qdk_init(1);
	for (i = 2; i < argc && !err; i += 1 + op_args(argc, argv, i))
		err = run_op(path, argc, argv, i);
	qdk_exit();
	if (err) {
		fprintf(stderr, "qdk-replay dev: %s: no such device or entry (dev -l lists them)\n",
			path);
		return 2;
	}
	return 0;
}
