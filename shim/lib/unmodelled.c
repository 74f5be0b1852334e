// SPDX-License-Identifier: GPL-2.0
/*
 * unmodelled.c - where a call to a kernel function the shim declares but
 * does not model stops (qdk/unmodelled.h).
 */
#include <qdk/unmodelled.h>
#include "host.h"

void qdk_unmodelled(const char *name, const char *why, unsigned long caller)
{
	char where[512];

	/* caller is a return address: the call is the instruction before it */
	qdk_host_where(caller ? caller - 1 : 0, where, sizeof(where));
	qdk_host_log("%s: %s() is not modelled by the shim (%s); see shim/README.md \"Where it differs\"\n",
		     where, name, why);
	qdk_host_exit(2);
}
