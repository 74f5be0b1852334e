// SPDX-License-Identifier: GPL-2.0
/*
 * fifo.c - tc options of the upstream pfifo, bfifo and pfifo_head_drop
 * qdiscs (net/sched/sch_fifo.c): TCA_OPTIONS is a struct tc_fifo_qopt.
 *
 * Like tc, every variant reads "limit" with get_size(), so "limit 10k" is
 * 10240 packets for pfifo; only bfifo prints it back as a size.
 */
#include <string.h>
#include <linux/pkt_sched.h>

#include "tcopt.h"

static int fifo_parse(const char *kind, int argc, char **argv,
		      struct tcopt_buf *b, struct tcopt_err *e)
{
	struct tc_fifo_qopt opt = { 0 };
	int ok = 0;

	for (; argc > 0; argc--, argv++) {
		uint64_t v;

		if (strcmp(*argv, "limit") == 0) {
			if (argc < 2)
				return tcopt_fail(e, "%s: \"limit\" needs a value", kind);
			argc--, argv++;
			if (tcopt_get_size(*argv, &v) || v > UINT32_MAX)
				return tcopt_fail(e, "%s: Illegal value for \"limit\": \"%s\"",
						  kind, *argv);
			opt.limit = (uint32_t)v;
			ok++;
		} else {
			return tcopt_fail(e, "%s: unknown parameter \"%s\"", kind, *argv);
		}
	}
	if (ok)
		tcopt_put_raw(b, &opt, sizeof(opt));
	return 0;
}

static void fifo_print(const char *kind, const void *data, size_t len,
		       struct tcopt_out *o)
{
	struct tc_fifo_qopt opt;

	if (len < sizeof(opt))
		return;
	memcpy(&opt, data, sizeof(opt));
	o->uint(o, "limit", opt.limit,
		strcmp(kind, "bfifo") == 0 ? TCOPT_BYTES : TCOPT_PLAIN);
}

#define FIFO_KIND(name, ident)						\
	static int ident##_parse(int argc, char **argv, struct tcopt_buf *b, \
				 struct tcopt_err *e)			\
	{ return fifo_parse(name, argc, argv, b, e); }			\
	static void ident##_print(const void *d, size_t l, struct tcopt_out *o) \
	{ fifo_print(name, d, l, o); }					\
	static const struct tcopt_kind ident##_kind = {			\
		.kind = name,						\
		.usage = "Usage: ... <[p|b]fifo | pfifo_head_drop> [ limit NUMBER ]\n", \
		.parse = ident##_parse,					\
		.print = ident##_print,					\
		.nested = false,					\
	};								\
	TCOPT_REGISTER(ident##_kind)

FIFO_KIND("pfifo", pfifo);
FIFO_KIND("bfifo", bfifo);
FIFO_KIND("pfifo_head_drop", pfifo_head_drop);
