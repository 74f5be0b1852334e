// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - what modules read of the kernel's init/main.c: the boot
 * command line's reset_devices (the shim's "boot" never sets it), and the
 * initcalls module_init() and module_exit() feed, run in their levels'
 * order as do_initcalls() does at boot (and the exits at the end).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/export.h>
#include <linux/module.h>

#include "shim.h"

unsigned int reset_devices;
EXPORT_SYMBOL(reset_devices);

/* ---- initcalls ----------------------------------------------------------- */

#define MAX_INITCALLS 256

struct initcall {
	initcall_t fn;
	const char *name;
	int level;
};

static struct initcall initcalls[MAX_INITCALLS];
static int n_initcalls;
static struct {
	exitcall_t fn;
	const char *name;
} exitcalls[MAX_INITCALLS];
static int n_exitcalls;

void qdk_register_initcall(initcall_t fn, const char *name, int level)
{
	if (n_initcalls == MAX_INITCALLS) {
		pr_err("qdk: too many initcalls (%s)\n", name);
		BUG();
	}
	initcalls[n_initcalls].fn = fn;
	initcalls[n_initcalls].name = name;
	initcalls[n_initcalls].level = level;
	n_initcalls++;
}

void qdk_register_exitcall(exitcall_t fn, const char *name)
{
	if (n_exitcalls == MAX_INITCALLS) {
		pr_err("qdk: too many exitcalls (%s)\n", name);
		BUG();
	}
	exitcalls[n_exitcalls].fn = fn;
	exitcalls[n_exitcalls].name = name;
	n_exitcalls++;
}

/* by level, then link order, as do_initcalls; returns failures */
int qdk_run_initcalls(void)
{
	int level, i, failed = 0;

	for (level = 0; level <= 7; level++) {
		for (i = 0; i < n_initcalls; i++) {
			int err;

			if (initcalls[i].level != level)
				continue;
			err = initcalls[i].fn();
			if (err) {
				pr_warn("initcall %s returned %d\n",
					initcalls[i].name, err);
				failed++;
			}
		}
	}
	return failed;
}

void qdk_run_exitcalls(void)
{
	int i;

	for (i = n_exitcalls - 1; i >= 0; i--)
		exitcalls[i].fn();
}
