// SPDX-License-Identifier: GPL-2.0
/*
 * hhf.c - tc options of the upstream hhf qdisc (net/sched/sch_hhf.c):
 * nested attributes, each sent when not 0, in attribute order (q_hhf.c).
 */
#include <linux/pkt_sched.h>

#include "words.h"

static const struct word hhf_words[] = {
	{ "limit", W_U32, TCA_HHF_BACKLOG_LIMIT, 0, 0 },
	{ "quantum", W_U32, TCA_HHF_QUANTUM, 0, 0 },
	{ "hh_limit", W_U32, TCA_HHF_HH_FLOWS_LIMIT, 0, 0 },
	{ "reset_timeout", W_TIME_US, TCA_HHF_RESET_TIMEOUT, 0, 0 },
	{ "admit_bytes", W_U32, TCA_HHF_ADMIT_BYTES, 0, 0 },
	{ "evict_timeout", W_TIME_US, TCA_HHF_EVICT_TIMEOUT, 0, 0 },
	{ "non_hh_weight", W_U32, TCA_HHF_NON_HH_WEIGHT, 0, 0 },
	{ NULL, 0, 0, 0, 0 }
};

static const struct emit hhf_order[] = {
	{ TCA_HHF_BACKLOG_LIMIT, 4, E_IF_NONZERO, 0 },
	{ TCA_HHF_QUANTUM, 4, E_IF_NONZERO, 0 },
	{ TCA_HHF_HH_FLOWS_LIMIT, 4, E_IF_NONZERO, 0 },
	{ TCA_HHF_RESET_TIMEOUT, 4, E_IF_NONZERO, 0 },
	{ TCA_HHF_ADMIT_BYTES, 4, E_IF_NONZERO, 0 },
	{ TCA_HHF_EVICT_TIMEOUT, 4, E_IF_NONZERO, 0 },
	{ TCA_HHF_NON_HH_WEIGHT, 4, E_IF_NONZERO, 0 },
};

static int hhf_parse(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e)
{
	return words_parse(hhf_words, hhf_order, sizeof(hhf_order) / sizeof(hhf_order[0]),
			   argc, argv, b, e);
}

static void hhf_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_HHF_MAX + 1];

	if (tcopt_parse_attrs(tb, TCA_HHF_MAX, opt, len) == 0)
		words_print(hhf_words, tb, o);
}

static const struct tcopt_kind hhf_kind = {
	.kind = "hhf",
	.usage = "Usage: ... hhf [ limit PACKETS ] [ quantum BYTES]\n"
		 "               [ hh_limit NUMBER ]\n"
		 "               [ reset_timeout TIME ]\n"
		 "               [ admit_bytes BYTES ]\n"
		 "               [ evict_timeout TIME ]\n"
		 "               [ non_hh_weight NUMBER ]\n",
	.parse = hhf_parse,
	.print = hhf_print,
	.nested = true,
};
TCOPT_REGISTER(hhf_kind)
