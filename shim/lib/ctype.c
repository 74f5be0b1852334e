// SPDX-License-Identifier: GPL-2.0
/*
 * ctype.c - the kernel's character class table (linux/ctype.h): ASCII plus
 * ISO 8859-1 above 159; 128-159 belong to no class.
 */
#include <linux/ctype.h>

const unsigned char _ctype[256] = {
	[0 ... 8]	= _C,
	['\t' ... '\r']	= _C | _S,
	[14 ... 31]	= _C,
	[' ']		= _S | _SP,
	['!' ... '/']	= _P,
	['0' ... '9']	= _D,
	[':' ... '@']	= _P,
	['A' ... 'F']	= _U | _X,
	['G' ... 'Z']	= _U,
	['[' ... '`']	= _P,
	['a' ... 'f']	= _L | _X,
	['g' ... 'z']	= _L,
	['{' ... '~']	= _P,
	[127]		= _C,
	[160]		= _S | _SP,
	[161 ... 191]	= _P,
	[192 ... 214]	= _U,
	[215]		= _P,
	[216 ... 222]	= _U,
	[223 ... 246]	= _L,
	[247]		= _P,
	[248 ... 255]	= _L,
};
