// SPDX-License-Identifier: GPL-2.0
/*
 * dev.c - `qdk-replay dev NAME [write TEXT | read]...`: the misc device a
 * linked module registered, written and read as a process opening
 * /dev/NAME would, in the order given, after the modules' init (so
 * --param applies). A write prints "write LEN: RET" (the handler's return
 * value, bytes taken or -errno); a read prints what it read, or
 * "read: -ERRNO". A device that does not exist, or lacks the handler, is
 * bad input (exit 2).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

#define DEV_READ_MAX 65536

int cmd_dev(int argc, char **argv)
{
	static char buf[DEV_READ_MAX];
	const char *name;
	int i, err = 0;
	long ret;

	if (argc < 2) {
		fprintf(stderr, "qdk-replay dev: usage: dev NAME [write TEXT | read]...\n");
		return 2;
	}
	name = argv[1];
	for (i = 2; i < argc; i++)
		if (strcmp(argv[i], "read") != 0 &&
		    (strcmp(argv[i], "write") != 0 || ++i == argc)) {
			fprintf(stderr, "qdk-replay dev: \"%s\": write TEXT or read\n", argv[i - (i == argc)]);
			return 2;
		}
	qdk_init(1);
	for (i = 2; i < argc && !err; i++) {
		if (strcmp(argv[i], "write") == 0) {
			const char *text = argv[++i];

			err = qdk_misc_write(name, text, strlen(text), &ret);
			if (!err)
				printf("write %zu: %ld\n", strlen(text), ret);
		} else {
			err = qdk_misc_read(name, buf, sizeof(buf), &ret);
			if (!err && ret >= 0)
				fwrite(buf, 1, (size_t)ret, stdout);
			else if (!err)
				printf("read: %ld\n", ret);
		}
	}
	qdk_exit();
	if (err) {
		fprintf(stderr, "qdk-replay dev: %s: %s\n", name,
			err == -ENOENT ? "no misc device of that name" :
			"the device has no handler for that call");
		return 2;
	}
	return 0;
}
