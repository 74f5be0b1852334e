// SPDX-License-Identifier: GPL-2.0
/*
 * param_args.c - the command line's --param NAME=VALUE words, kept by main()
 * (main.c) for the commands that set them again after a fresh qdk_init()
 * (drive); apart from main.c so that what links the commands without main()
 * (fuzz/fuzz_args.c) links these too.
 */
#include <string.h>

#include "harness.h"

char **replay_param_args;
int replay_n_param_args;

void replay_params_again(void)
{
	int i;

	for (i = 1; i < replay_n_param_args; i += 2) {
		char *eq = strchr(replay_param_args[i], '=');

		*eq = '\0';
		qdk_param_set(replay_param_args[i], eq + 1);
		*eq = '=';
	}
}
