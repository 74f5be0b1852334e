/* SPDX-License-Identifier: GPL-2.0 */
/*
 * words.h - a table-driven parser for the upstream kinds whose TCA_OPTIONS
 * are nested attributes (codel, fq_codel, fq): each tc word names one
 * attribute and how its value is read; the attributes are then emitted in
 * the order, and under the conditions, iproute2 uses ("if (limit) addattr"),
 * so the bytes are those tc sends. Internal to tcopt/upstream.
 */
#ifndef QDK_TCOPT_WORDS_H
#define QDK_TCOPT_WORDS_H

#include "tcopt.h"

enum word_type {
	W_U32,		/* get_unsigned */
	W_TIME_US,	/* get_time: usecs on the wire */
	W_TIME_NS,	/* get_time64: nsecs on the wire */
	W_SIZE,		/* get_size: bytes */
	W_RATE32,	/* get_rate: bytes per second, 32 bits */
	W_LOG2,		/* a count sent as its log2 (tc's ilog2 rounds up) */
	W_SET,		/* a word without value: sets the attribute to .value */
};

struct word {
	const char *name;
	enum word_type type;
	uint16_t attr;
	uint32_t value;		/* W_SET */
	uint32_t max;		/* W_U32: largest accepted value, 0 for any */
};

enum emit_rule {
	E_IF_SET,	/* the word was given */
	E_IF_NONZERO,	/* given and not 0 (tc's "if (limit)") */
	E_UNLESS,	/* given and not .skip (tc's "if (x != ~0U)") */
};

struct emit {
	uint16_t attr;
	uint8_t size;	/* 1 or 4 bytes */
	enum emit_rule rule;
	uint32_t skip;
};

#define WORDS_MAX_ATTR 32

int words_parse(const struct word *words, const struct emit *order, size_t norder,
		int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e);

/* Print the u32 attributes of tb[] that words[] names, in table order. */
void words_print(const struct word *words, const struct tcopt_attr *tb, struct tcopt_out *o);

#endif /* QDK_TCOPT_WORDS_H */
