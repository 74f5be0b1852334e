// SPDX-License-Identifier: GPL-2.0
/*
 * words.c - the table-driven parser of words.h.
 */
#include <string.h>

#include "words.h"

static unsigned int ilog2_up(uint32_t v)
{
	unsigned int r = 0;

	/* iproute2's fq ilog2(): the log of the next power of two */
	v--;
	while (v) {
		r++;
		v >>= 1;
	}
	return r;
}

static int read_value(const struct word *w, const char *s, uint32_t *x)
{
	uint64_t v;

	switch (w->type) {
	case W_U32:
		return tcopt_get_u32(s, x) || (w->max && *x > w->max) ? -1 : 0;
	case W_LOG2:
		if (tcopt_get_u32(s, x))
			return -1;
		*x = *x ? ilog2_up(*x) : 0;
		return 0;
	case W_TIME_US:
		if (tcopt_get_time(s, &v) || v / 1000 > UINT32_MAX)
			return -1;
		*x = (uint32_t)(v / 1000);
		return 0;
	case W_TIME_NS:
		if (tcopt_get_time(s, &v) || v > UINT32_MAX)
			return -1;
		*x = (uint32_t)v;
		return 0;
	case W_SIZE:
		if (tcopt_get_size(s, &v) || v > UINT32_MAX)
			return -1;
		*x = (uint32_t)v;
		return 0;
	case W_RATE32:
		if (tcopt_get_rate(s, &v) || v > UINT32_MAX)
			return -1;
		*x = (uint32_t)v;
		return 0;
	default:
		return -1;
	}
}

int words_parse(const struct word *words, const struct emit *order, size_t norder,
		int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	uint32_t val[WORDS_MAX_ATTR] = { 0 };
	bool set[WORDS_MAX_ATTR] = { false };
	size_t i;

	for (; argc > 0; argc--, argv++) {
		const struct word *w;

		for (w = words; w->name; w++)
			if (strcmp(w->name, *argv) == 0)
				break;
		if (!w->name)
			return tcopt_fail(e, "What is \"%s\"?", *argv);
		if (w->type == W_SET) {
			val[w->attr] = w->value;
		} else {
			if (argc < 2)
				return tcopt_fail(e, "\"%s\" needs a value", w->name);
			argc--, argv++;
			if (read_value(w, *argv, &val[w->attr]))
				return tcopt_fail(e, "Illegal \"%s\"", w->name);
		}
		set[w->attr] = true;	/* a later word wins, as in tc */
	}
	for (i = 0; i < norder; i++) {
		const struct emit *o = &order[i];
		uint32_t v = val[o->attr];

		if (!set[o->attr] || (o->rule == E_IF_NONZERO && v == 0) ||
		    (o->rule == E_UNLESS && v == o->skip))
			continue;
		if (o->size == 1)
			tcopt_put_u8(b, o->attr, (uint8_t)v);
		else
			tcopt_put_u32(b, o->attr, v);
	}
	return 0;
}

void words_print(const struct word *words, const struct tcopt_attr *tb, struct tcopt_out *o)
{
	const struct word *w;

	for (w = words; w->name; w++) {
		const struct tcopt_attr *a = &tb[w->attr];
		uint32_t v;

		if (!a->data || a->len < sizeof(uint32_t))
			continue;
		v = tcopt_attr_u32(a);
		if (w->type == W_SET) {
			if (v == w->value && v)
				o->flag(o, w->name);
		} else if (w->type == W_TIME_US) {
			if (v != ~0u)
				o->uint(o, w->name, (uint64_t)v * 1000, TCOPT_TIME_NS);
		} else if (w->type == W_TIME_NS) {
			o->uint(o, w->name, v, TCOPT_TIME_NS);
		} else if (w->type == W_RATE32) {
			o->uint(o, w->name, v, TCOPT_RATE);
		} else {
			o->uint(o, w->name, v, w->type == W_SIZE ? TCOPT_BYTES : TCOPT_PLAIN);
		}
	}
}
