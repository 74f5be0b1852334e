// SPDX-License-Identifier: GPL-2.0
/*
 * cls_template_tc.c - tc syntax of the "template" classifier
 * (cls_template.c), registered with tcopt as "cls_template" so that it
 * never meets a qdisc's parser of the same kind name:
 *
 *   tc filter add ... template [ classid CLASSID ] [ maxlen BYTES ]
 *
 * The one parser and printer of this classifier's options, shared by
 * qdk-replay (a trace's `classifier` line) and the tc plugin
 * f_template.so. Only what is given is sent (a change keeps the rest);
 * range checks are the kernel's (its netlink policy and extack).
 */
#include <string.h>

#include "tcopt.h"
#include "cls_template.h"

static const char cls_template_usage[] =
	"Usage: ... template [ classid CLASSID ] [ maxlen BYTES ]\n"
	"  classid  class of a matching packet (res.classid, MAJ:MIN); none: no match\n"
	"  maxlen   largest matching packet (default 256 bytes)\n";

static int cls_template_parse(int argc, char **argv, struct tcopt_buf *b,
			      struct tcopt_err *e)
{
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];

		if (strcmp(w, "classid") == 0) {
			uint32_t id;

			if (++i >= argc)
				return tcopt_fail(e, "\"%s\" needs a class id", w);
			if (tcopt_get_classid(argv[i], &id))
				return tcopt_fail(e, "Illegal \"%s\"", w);
			tcopt_put_u32(b, TCA_CLS_TEMPLATE_CLASSID, id);
		} else if (strcmp(w, "maxlen") == 0) {
			uint64_t bytes;

			if (++i >= argc)
				return tcopt_fail(e, "\"maxlen\" needs a size");
			if (tcopt_get_size(argv[i], &bytes) || bytes > UINT32_MAX)
				return tcopt_fail(e, "Illegal \"maxlen\"");
			tcopt_put_u32(b, TCA_CLS_TEMPLATE_MAXLEN, (uint32_t)bytes);
		} else {
			return tcopt_fail(e, "What is \"%s\"?", w);
		}
	}
	return 0;
}

static void cls_template_print(const void *opt, size_t len, struct tcopt_out *o)
{
	struct tcopt_attr tb[TCA_CLS_TEMPLATE_MAX + 1];
	char buf[16];

	if (tcopt_parse_attrs(tb, TCA_CLS_TEMPLATE_MAX, opt, len) < 0)
		return;
	if (tcopt_attr_has_u32(&tb[TCA_CLS_TEMPLATE_CLASSID])) {
		tcopt_fmt_classid(buf, sizeof(buf),
				  tcopt_attr_u32(&tb[TCA_CLS_TEMPLATE_CLASSID]));
		o->str(o, "classid", buf);
	}
	if (tcopt_attr_has_u32(&tb[TCA_CLS_TEMPLATE_MAXLEN]))
		o->uint(o, "maxlen", tcopt_attr_u32(&tb[TCA_CLS_TEMPLATE_MAXLEN]),
			TCOPT_BYTES);
}

static const struct tcopt_kind cls_template_tcopt = {
	.kind = "cls_template",
	.usage = cls_template_usage,
	.parse = cls_template_parse,
	.print = cls_template_print,
	.nested = true,
};

TCOPT_REGISTER(cls_template_tcopt)
