// SPDX-License-Identifier: GPL-2.0
/*
 * cls_mered_tc.c - tc syntax of the "mered" filter (cls_mered.c: mice and
 * elephants as a classifier), registered with tcopt as "cls_mered" so that
 * it never meets the qdisc's parser (mered_tc.c) of the same kind name:
 *
 *   tc filter add ... mered [ mice BYTES ] [ timeout TIME ] [ flows N ]
 *                           [ seed N ] [ mice_classid CLASSID ]
 *                           [ elephant_classid CLASSID ]
 *                           [ rate RATE [ burst BYTES ] ]
 *
 * Only what is given is sent (a change keeps the rest). Range checks are
 * the kernel's (extack). The dump carries the filter's counters, printed
 * after the options.
 */

#include <string.h>

#include "tcopt.h"
#include "red_words.h"
#include "cls_mered.h"

static const char cls_mered_usage[] =
	"Usage: ... mered [ mice BYTES ] [ timeout TIME ] [ flows N ] [ seed N ]\n"
	"                 [ mice_classid CLASSID ] [ elephant_classid CLASSID ]\n"
	"                 [ rate RATE [ burst BYTES ] ]\n"
	"  mice              bytes a flow sends as a mouse (default 15000)\n"
	"  timeout           idle time after which a flow starts over as a mouse (default 1s)\n"
	"  flows             size of the flow table (default 1024)\n"
	"  seed              key of the flow hash (default: random)\n"
	"  mice_classid      class of mice (res.classid, MAJ:MIN); none: no match\n"
	"  elephant_classid  class of elephants; none: no match\n"
	"  rate burst        police elephants: over RATE (bucket BYTES, default 15000)\n"
	"                    they are dropped (TC_ACT_SHOT)\n";

static const struct tcopt_red_word cls_mered_words[] = {
	{ "mice", TCA_CLS_MERED_MICE, TCOPT_RED_SIZE },
	{ "timeout", TCA_CLS_MERED_TIMEOUT, TCOPT_RED_TIME_US },
	{ "flows", TCA_CLS_MERED_FLOWS, TCOPT_RED_U32 },
	{ "rate", TCA_CLS_MERED_RATE, TCOPT_RED_RATE },
	{ "burst", TCA_CLS_MERED_BURST, TCOPT_RED_SIZE },
	{ "seed", TCA_CLS_MERED_SEED, TCOPT_RED_U32 },
};

#define NWORDS TCOPT_RED_COUNT(cls_mered_words)

/* The words that take a class id, MAJ:MIN in hex as tc writes them. */
static const struct {
	const char *word;
	uint16_t type;
} cls_mered_classids[] = {
	{ "mice_classid", TCA_CLS_MERED_MICE_CLASSID },
	{ "elephant_classid", TCA_CLS_MERED_ELEPHANT_CLASSID },
};

#define NCLASSIDS TCOPT_RED_COUNT(cls_mered_classids)

static int cls_mered_parse(int argc, char **argv, struct tcopt_buf *b,
			   struct tcopt_err *e)
{
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		size_t k;
		int err;

		for (k = 0; k < NCLASSIDS; k++)
			if (!strcmp(w, cls_mered_classids[k].word))
				break;
		if (k < NCLASSIDS) {
			uint32_t id;

			if (++i >= argc)
				return tcopt_fail(e, "\"%s\" needs a class id", w);
			if (tcopt_get_classid(argv[i], &id))
				return tcopt_fail(e, "Illegal \"%s\"", w);
			tcopt_put_u32(b, cls_mered_classids[k].type, id);
			continue;
		}
		err = tcopt_red_parse_word(cls_mered_words, NWORDS, argc, argv,
					   &i, b, e);
		if (err > 0)
			return tcopt_fail(e, "What is \"%s\"?", w);
		if (err)
			return err;
	}
	return 0;
}

static void cls_mered_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_CLS_MERED_MAX + 1];
	const struct tc_cls_mered_stats *st;
	char buf[16];

	if (tcopt_parse_attrs(tb, TCA_CLS_MERED_MAX, opt, len) < 0)
		return;
	tcopt_red_print(cls_mered_words, NWORDS, tb, o);
	for (size_t k = 0; k < NCLASSIDS; k++) {
		const struct tcopt_attr *a = &tb[cls_mered_classids[k].type];
		uint32_t id;

		if (!tcopt_attr_has_u32(a))
			continue;
		id = tcopt_attr_u32(a);
		tcopt_fmt_classid(buf, sizeof(buf), id);
		o->str(o, cls_mered_classids[k].word, buf);
	}
	if (tb[TCA_CLS_MERED_STATS].len < sizeof(*st))
		return;
	st = tb[TCA_CLS_MERED_STATS].data;
	o->newline(o);
	o->uint(o, "mice_pkts", st->mice_pkts, TCOPT_PLAIN);
	o->uint(o, "elephant_pkts", st->elephant_pkts, TCOPT_PLAIN);
	o->uint(o, "policed", st->policed, TCOPT_PLAIN);
	o->uint(o, "flows_started", st->flows, TCOPT_PLAIN);
	o->uint(o, "evictions", st->evictions, TCOPT_PLAIN);
}

static const struct tcopt_kind cls_mered_tcopt = {
	.kind = "cls_mered",
	.usage = cls_mered_usage,
	.parse = cls_mered_parse,
	.print = cls_mered_print,
	.nested = true,
};

TCOPT_REGISTER(cls_mered_tcopt)
