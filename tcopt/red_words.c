// SPDX-License-Identifier: GPL-2.0
/*
 * red_words.c - the RED family's one-value tc words, read and printed from
 * a kind's table (see red_words.h). Written once for ared, dsred, mered
 * and fred, whose words have tc-red's meanings.
 */
#include <stdio.h>
#include <string.h>

#include "red_words.h"

int tcopt_red_value(const char *s, enum tcopt_red_arg arg, uint32_t *v)
{
	uint64_t x = 0;

	switch (arg) {
	case TCOPT_RED_U32:
		return tcopt_get_u32(s, v);
	case TCOPT_RED_PROB:
		return tcopt_get_prob(s, v);
	case TCOPT_RED_SIZE:
	case TCOPT_RED_BAND:
		if (tcopt_get_size(s, &x))
			return -1;
		break;
	case TCOPT_RED_RATE:
		if (tcopt_get_rate(s, &x))
			return -1;
		break;
	case TCOPT_RED_TIME_US:
		if (tcopt_get_time(s, &x))
			return -1;
		x /= 1000;
		break;
	}
	if (x > UINT32_MAX)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

int tcopt_red_parse_word(const struct tcopt_red_word *words, size_t n,
			 int argc, char **argv, int *i, struct tcopt_buf *b,
			 struct tcopt_err *e)
{
	const char *w = argv[*i];
	uint32_t v, hi;
	size_t k;

	for (k = 0; k < n; k++)
		if (strcmp(w, words[k].word) == 0)
			break;
	if (k == n)
		return 1;
	if (words[k].arg == TCOPT_RED_BAND) {
		if (*i + 2 >= argc)
			return tcopt_fail(e, "\"%s\" needs LOW and HIGH", w);
		if (tcopt_red_value(argv[*i + 1], TCOPT_RED_SIZE, &v) ||
		    tcopt_red_value(argv[*i + 2], TCOPT_RED_SIZE, &hi))
			return tcopt_fail(e, "Illegal \"%s\"", w);
		tcopt_put_u32(b, words[k].type, v);
		tcopt_put_u32(b, words[k].type + 1, hi);
		*i += 2;
		return 0;
	}
	if (++*i >= argc)
		return tcopt_fail(e, "\"%s\" needs a value", w);
	if (tcopt_red_value(argv[*i], words[k].arg, &v))
		return tcopt_fail(e, "Illegal \"%s\"", w);
	tcopt_put_u32(b, words[k].type, v);
	return 0;
}

static bool red_flag(const struct tcopt_red_flag *flags, size_t n,
		     const char *w, uint32_t *fl)
{
	for (size_t k = 0; k < n; k++) {
		if (strcmp(w, flags[k].word) == 0) {
			*fl = (*fl | flags[k].set) & ~flags[k].clear;
			return true;
		}
	}
	return false;
}

int tcopt_red_parse(const struct tcopt_red_word *words, size_t nwords,
		    const struct tcopt_red_flag *flags, size_t nflags,
		    uint32_t *fl, int argc, char **argv, struct tcopt_buf *b,
		    struct tcopt_err *e)
{
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		int err;

		if (red_flag(flags, nflags, w, fl))
			continue;
		err = tcopt_red_parse_word(words, nwords, argc, argv, &i, b, e);
		if (err > 0)
			return tcopt_fail(e, "What is \"%s\"?", w);
		if (err)
			return err;
	}
	return 0;
}

void tcopt_red_print(const struct tcopt_red_word *words, size_t n,
		     const struct tcopt_attr *tb, struct tcopt_out *o)
{
	static const enum tcopt_unit units[] = {
		[TCOPT_RED_U32] = TCOPT_PLAIN, [TCOPT_RED_SIZE] = TCOPT_BYTES,
		[TCOPT_RED_RATE] = TCOPT_RATE, [TCOPT_RED_TIME_US] = TCOPT_TIME_NS,
	};
	char buf[32];

	for (size_t k = 0; k < n; k++) {
		const struct tcopt_attr *a = &tb[words[k].type];
		uint64_t v;

		if (!tcopt_attr_has_u32(a))
			continue;
		v = tcopt_attr_u32(a);
		if (words[k].arg == TCOPT_RED_BAND) {
			const struct tcopt_attr *hi = &tb[words[k].type + 1];

			if (!tcopt_attr_has_u32(hi) || (!v && !tcopt_attr_u32(hi)))
				continue;
			snprintf(buf, sizeof(buf), "%s_low", words[k].word);
			o->uint(o, buf, v, TCOPT_BYTES);
			snprintf(buf, sizeof(buf), "%s_high", words[k].word);
			o->uint(o, buf, tcopt_attr_u32(hi), TCOPT_BYTES);
			continue;
		}
		if (words[k].nonzero && !v)
			continue;
		if (words[k].arg == TCOPT_RED_PROB) {
			/* "%g": six significant digits, as tc-red prints */
			if (!o->str)
				continue;
			snprintf(buf, sizeof(buf), "%g", v / 4294967296.0);
			o->str(o, words[k].word, buf);
			continue;
		}
		if (words[k].arg == TCOPT_RED_TIME_US)
			v *= 1000;
		o->uint(o, words[k].word, v, units[words[k].arg]);
	}
}

void tcopt_red_print_flags(const struct tcopt_red_flag *flags, size_t n,
			   uint32_t fl, struct tcopt_out *o)
{
	if (!o->flag)
		return;
	for (size_t k = 0; k < n; k++)
		if ((flags[k].set && (fl & flags[k].set)) ||
		    (flags[k].clear && !(fl & flags[k].clear)))
			o->flag(o, flags[k].word);
}

void tcopt_red_print_xstats(const struct tcopt_red_xstat *t, size_t n,
			    const void *xstats, size_t len,
			    struct tcopt_out *o)
{
	char buf[32];

	for (size_t k = 0; k < n; k++) {
		uint32_t v;

		if (len < t[k].off + sizeof(v))
			continue;
		memcpy(&v, (const char *)xstats + t[k].off, sizeof(v));
		if (t[k].prob) {
			if (!o->str)
				continue;
			snprintf(buf, sizeof(buf), "%g", v / 4294967296.0);
			o->str(o, t[k].key, buf);
			continue;
		}
		o->uint(o, t[k].key, v, t[k].unit);
	}
}
