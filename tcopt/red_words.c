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
	uint32_t v;
	size_t k;

	for (k = 0; k < n; k++)
		if (strcmp(w, words[k].word) == 0)
			break;
	if (k == n)
		return 1;
	if (++*i >= argc)
		return tcopt_fail(e, "\"%s\" needs a value", w);
	if (tcopt_red_value(argv[*i], words[k].arg, &v))
		return tcopt_fail(e, "Illegal \"%s\"", w);
	tcopt_put_u32(b, words[k].type, v);
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
