// SPDX-License-Identifier: GPL-2.0
/*
 * sfq.c - tc options of the upstream sfq qdisc (net/sched/sch_sfq.c): a
 * struct tc_sfq_qopt_v1, sent whole once any option is given. The RED mode
 * (redflowlimit, min, max, probability...) needs tc's RED arithmetic and is
 * not supported here: give a trace's tca bytes for it.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

static int sfq_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tc_sfq_qopt_v1 opt;
	int ok = 0;

	memset(&opt, 0, sizeof(opt));
	for (; argc > 0; argc--, argv++, ok++) {
		const char *w = *argv;
		uint64_t v;
		uint32_t u;

		if (strcmp(w, "headdrop") == 0) {
			opt.headdrop = 1;
			continue;
		}
		if (strcmp(w, "quantum") && strcmp(w, "perturb") && strcmp(w, "limit") &&
		    strcmp(w, "depth") && strcmp(w, "flows") && strcmp(w, "divisor")) {
			if (!strcmp(w, "redflowlimit") || !strcmp(w, "min") || !strcmp(w, "max") ||
			    !strcmp(w, "burst") || !strcmp(w, "avpkt") || !strcmp(w, "probability") ||
			    !strcmp(w, "ecn") || !strcmp(w, "harddrop"))
				return tcopt_fail(e, "sfq: the RED mode (\"%s\") is not supported by "
						  "qdk's parser (give the tca bytes)", w);
			return tcopt_fail(e, "What is \"%s\"?", w);
		}
		if (argc < 2)
			return tcopt_fail(e, "\"%s\" needs a value", w);
		argc--, argv++;
		if (strcmp(w, "quantum") == 0) {
			if (tcopt_get_size(*argv, &v) || v > UINT32_MAX)
				return tcopt_fail(e, "Illegal \"quantum\"");
			opt.v0.quantum = (uint32_t)v;
		} else if (strcmp(w, "perturb") == 0) {
			char *end;
			long x = strtol(*argv, &end, 0);

			if (!**argv || *end || x < INT32_MIN || x > INT32_MAX)
				return tcopt_fail(e, "Illegal \"perturb\"");
			opt.v0.perturb_period = (int)x;
		} else {
			if (tcopt_get_u32(*argv, &u))
				return tcopt_fail(e, "Illegal \"%s\"", w);
			if (strcmp(w, "limit") == 0) {
				if (u <= 1)
					return tcopt_fail(e, "Illegal \"limit\", must be > 1");
				opt.v0.limit = u;
			} else if (strcmp(w, "depth") == 0) {
				opt.depth = u;
			} else if (strcmp(w, "flows") == 0) {
				opt.v0.flows = u;
			} else {
				opt.v0.divisor = u;
			}
		}
	}
	if (ok)
		tcopt_put_raw(b, &opt, sizeof(opt));
	return 0;
}

static void sfq_print(const void *data, size_t len, struct tcopt_out *o)
{
	struct tc_sfq_qopt_v1 opt;

	memset(&opt, 0, sizeof(opt));
	if (len < sizeof(opt.v0))
		return;
	memcpy(&opt, data, len < sizeof(opt) ? len : sizeof(opt));
	o->uint(o, "limit", opt.v0.limit, TCOPT_PLAIN);
	o->uint(o, "quantum", opt.v0.quantum, TCOPT_BYTES);
	if (len >= sizeof(opt) && opt.depth)
		o->uint(o, "depth", opt.depth, TCOPT_PLAIN);
	if (len >= sizeof(opt) && opt.headdrop)
		o->flag(o, "headdrop");
	o->uint(o, "flows", opt.v0.flows, TCOPT_PLAIN);
	o->uint(o, "divisor", opt.v0.divisor, TCOPT_PLAIN);
	if (opt.v0.perturb_period)
		o->sint(o, "perturb_sec", opt.v0.perturb_period);
}

static const struct tcopt_kind sfq_kind = {
	.kind = "sfq",
	.usage = "Usage: ... sfq   [ limit NUMBER ] [ perturb SECS ] [ quantum BYTES ]\n"
		 "                 [ divisor NUMBER ] [ flows NUMBER] [ depth NUMBER ]\n"
		 "                 [ headdrop ]\n"
		 "  (the RED mode: give tca bytes)\n",
	.parse = sfq_parse,
	.print = sfq_print,
	.nested = false,
};
TCOPT_REGISTER(sfq_kind)
