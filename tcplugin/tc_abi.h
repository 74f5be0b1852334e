/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tc_abi.h - what a qdisc plugin for Debian's stock tc (iproute2 6.1) relies
 * on, declared here because iproute2 installs no headers for plugins.
 *
 * tc dlopen()s $TC_LIB_DIR/q_<kind>.so (default /usr/lib/x86_64-linux-gnu/tc)
 * for a kind it does not know and looks up the symbol <kind>_qdisc_util, a
 * struct qdisc_util. tc links the list through ->next, so the object must be
 * writable. There is no version field: this layout is iproute2 6.1's; the
 * newer series' tc (6.15, 7.2) read the same leading fields and export the
 * same helpers; iproute2's later tc/tc_util.h has no has_block, a trailing
 * field such a tc never reads.
 *
 * The functions below are exported by the tc binary itself (it is linked with
 * -export-dynamic; see `nm -D /usr/sbin/tc`). We call only the JSON-aware
 * print helpers, so `tc -j` output stays valid JSON.
 */
#ifndef QDK_TC_ABI_H
#define QDK_TC_ABI_H

#include <stdbool.h>
#include <stdio.h>
#include <linux/types.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

struct qdisc_util {
	struct qdisc_util *next;
	const char *id;
	int (*parse_qopt)(struct qdisc_util *qu, int argc, char **argv,
			  struct nlmsghdr *n, const char *dev);
	int (*print_qopt)(struct qdisc_util *qu, FILE *f, struct rtattr *opt);
	int (*print_xstats)(struct qdisc_util *qu, FILE *f, struct rtattr *xstats);
	int (*parse_copt)(struct qdisc_util *qu, int argc, char **argv,
			  struct nlmsghdr *n, const char *dev);
	int (*print_copt)(struct qdisc_util *qu, FILE *f, struct rtattr *opt);
	int (*has_block)(struct qdisc_util *qu, struct rtattr *opt, __u32 block_idx,
			 bool *p_has);
};

/*
 * A filter plugin: tc dlopen()s $TC_LIB_DIR/f_<kind>.so for `tc filter ...
 * <kind>` and looks up <kind>_filter_util. The id is an array here, not a
 * pointer as in struct qdisc_util. parse_fopt gets the request, whose
 * buffer holds TC_MAX_MSG bytes, and the handle word (or NULL).
 */
#define TC_FILTER_NAMESZ 16
#define TC_MAX_MSG 16384

struct filter_util {
	struct filter_util *next;
	char id[TC_FILTER_NAMESZ];
	int (*parse_fopt)(struct filter_util *fu, char *fhandle, int argc,
			  char **argv, struct nlmsghdr *n);
	int (*print_fopt)(struct filter_util *fu, FILE *f, struct rtattr *opt,
			  __u32 fhandle);
};

/* iproute2's json_print.h / color.h values */
enum output_type { PRINT_FP = 1, PRINT_JSON = 2, PRINT_ANY = 4 };
enum { TC_COLOR_NONE = 6 };

int addattr_l(struct nlmsghdr *n, int maxlen, int type, const void *data, int alen);
bool is_json_context(void);
void print_nl(void);
void open_json_object(const char *str);
void close_json_object(void);
/* The color argument is iproute2's enum color_attr; we always pass TC_COLOR_NONE. */
int print_color_u64(enum output_type t, int color, const char *key, const char *fmt,
		    unsigned long long value);
int print_color_s64(enum output_type t, int color, const char *key, const char *fmt,
		    long long value);
int print_color_string(enum output_type t, int color, const char *key, const char *fmt,
		       const char *value);
int print_color_bool(enum output_type t, int color, const char *key, const char *fmt,
		     bool value);

#endif /* QDK_TC_ABI_H */
