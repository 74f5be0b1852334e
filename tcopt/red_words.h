/* SPDX-License-Identifier: GPL-2.0 */
/*
 * red_words.h - the tc words of the kit's RED-family qdiscs (ared, dsred,
 * mered, fred): each word takes one value that travels as one u32
 * attribute, read the way tc-red reads it (limit/min/max/avpkt sizes,
 * probability 0..1, bandwidth a rate, burst/seed plain numbers, timeouts a
 * time). A kind lists its words in a table; the words without a value
 * (ecn, dropfront, ...) and anything else special stay in the kind's file.
 *
 * Messages are tc's: 'What is "x"?', '"x" needs a value', 'Illegal "x"'.
 */
#ifndef QDK_TCOPT_RED_WORDS_H
#define QDK_TCOPT_RED_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tcopt.h"

/* How a word's value is read (and printed back). */
enum tcopt_red_arg {
	TCOPT_RED_U32,		/* a number (tc's get_u32); printed plain */
	TCOPT_RED_SIZE,		/* a size in bytes ("64kb"); printed as a size */
	TCOPT_RED_RATE,		/* a rate, sent in bytes/s ("10mbit") */
	TCOPT_RED_TIME_US,	/* a time, sent in microseconds ("5ms") */
	TCOPT_RED_PROB,		/* a probability, sent in parts of 2^32 */
	TCOPT_RED_BAND,		/* two sizes LOW HIGH, sent as type and type + 1;
				 * printed as WORD_low, WORD_high unless both 0
				 */
};

struct tcopt_red_word {
	const char *word;	/* the tc word, also the printed key */
	uint16_t type;		/* its attribute */
	enum tcopt_red_arg arg;
	bool nonzero;		/* print only when not 0 (0 means "default") */
};

/* A word without a value: sets and/or clears bits of the kind's flags. */
struct tcopt_red_flag {
	const char *word;
	uint32_t set;
	uint32_t clear;
};

/* Read s as arg into a u32: 0, or -1 when malformed or out of range. */
int tcopt_red_value(const char *s, enum tcopt_red_arg arg, uint32_t *v);

/*
 * argv[*i] is one of the n words: read its value (argv[*i + 1], *i moves on)
 * and append its attribute to b. Returns 0; -1 with e set (no value, a
 * malformed value); 1 when argv[*i] is none of the words (nothing done).
 */
int tcopt_red_parse_word(const struct tcopt_red_word *words, size_t n,
			 int argc, char **argv, int *i, struct tcopt_buf *b,
			 struct tcopt_err *e);

/*
 * Read all of argv: the words of words[] with their values (appended to b
 * in the order given), the words of flags[] into *fl (the kind sends it).
 * Returns 0, or -1 with e set (an unknown word: 'What is "x"?').
 */
int tcopt_red_parse(const struct tcopt_red_word *words, size_t nwords,
		    const struct tcopt_red_flag *flags, size_t nflags,
		    uint32_t *fl, int argc, char **argv, struct tcopt_buf *b,
		    struct tcopt_err *e);

/* Print, in table order, each of the n words whose attribute tb holds. */
void tcopt_red_print(const struct tcopt_red_word *words, size_t n,
		     const struct tcopt_attr *tb, struct tcopt_out *o);

/* Print the flag words fl stands for: a set bit, or a cleared one. */
void tcopt_red_print_flags(const struct tcopt_red_flag *flags, size_t n,
			   uint32_t fl, struct tcopt_out *o);

/* One __u32 field of an xstats struct, printed as key. */
struct tcopt_red_xstat {
	const char *key;
	size_t off;		/* offsetof() the field */
	enum tcopt_unit unit;
	bool prob;		/* parts of 2^32, printed as a fraction */
};

#define TCOPT_RED_XSTAT(type, field, key, unit) \
	{ key, offsetof(type, field), unit, false }
#define TCOPT_RED_XSTAT_PROB(type, field, key) \
	{ key, offsetof(type, field), TCOPT_PLAIN, true }

/*
 * Print the n fields of an xstats blob of len bytes, in table order; a
 * field beyond len (an older, shorter struct) is not printed.
 */
void tcopt_red_print_xstats(const struct tcopt_red_xstat *t, size_t n,
			    const void *xstats, size_t len,
			    struct tcopt_out *o);

/* The number of entries of a words, flags or xstats table. */
#define TCOPT_RED_COUNT(table) (sizeof(table) / sizeof((table)[0]))

#endif /* QDK_TCOPT_RED_WORDS_H */
