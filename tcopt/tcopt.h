/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tcopt.h - tc-syntax option parsing and printing, one parser per qdisc kind.
 *
 * Each qdisc kind has exactly one struct tcopt_kind: it turns the words that
 * follow the kind on a tc command line ("limit 50") into the payload of the
 * TCA_OPTIONS attribute, and prints a dumped TCA_OPTIONS payload and xstats
 * back. Two programs use the same parser: qdk-replay (--qdisc "KIND OPTS") and
 * the tc plugin q_KIND.so loaded by the stock tc. Plain C11 and uapi headers
 * only, so it builds anywhere user space does.
 */
#ifndef QDK_TCOPT_H
#define QDK_TCOPT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- building netlink attributes --------------------------------------- */

/* A growing buffer of netlink attributes (host byte order, 4-byte aligned). */
struct tcopt_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
	bool oom;		/* an allocation failed: the buffer is unusable */
};

void tcopt_buf_init(struct tcopt_buf *b);
void tcopt_buf_free(struct tcopt_buf *b);
/* Append raw bytes (for kinds whose TCA_OPTIONS payload is a struct). */
void tcopt_put_raw(struct tcopt_buf *b, const void *data, size_t len);
/* Append an attribute: struct nlattr header, payload, padding. */
void tcopt_put(struct tcopt_buf *b, uint16_t type, const void *data, size_t len);
void tcopt_put_u8(struct tcopt_buf *b, uint16_t type, uint8_t v);
void tcopt_put_u16(struct tcopt_buf *b, uint16_t type, uint16_t v);
void tcopt_put_u32(struct tcopt_buf *b, uint16_t type, uint32_t v);
void tcopt_put_u64(struct tcopt_buf *b, uint16_t type, uint64_t v);
void tcopt_put_flag(struct tcopt_buf *b, uint16_t type);
/* Nests: start returns the offset to hand to end, which fixes the length. */
size_t tcopt_nest_start(struct tcopt_buf *b, uint16_t type);
void tcopt_nest_end(struct tcopt_buf *b, size_t start);

/* ---- reading netlink attributes (for printers) -------------------------- */

/*
 * Index the attributes in data[0..len) by type into tb[0..max]; later
 * duplicates win, unknown types above max are skipped. Returns -1 when the
 * stream is malformed.
 */
struct tcopt_attr {
	const void *data;
	uint16_t len;
};
int tcopt_parse_attrs(struct tcopt_attr *tb, int max, const void *data, size_t len);
uint32_t tcopt_attr_u32(const struct tcopt_attr *a);
uint64_t tcopt_attr_u64(const struct tcopt_attr *a);
/* Is a present and long enough to hold a u32? */
bool tcopt_attr_has_u32(const struct tcopt_attr *a);

/* ---- errors ------------------------------------------------------------- */

struct tcopt_err {
	char msg[256];
};
/* Set the message (printf style); returns -1 so parsers can "return tcopt_fail(...)". */
int tcopt_fail(struct tcopt_err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- words with units, with tc's meaning -------------------------------- */

/* All return 0 on success, -1 on a malformed or out-of-range word. */
int tcopt_get_u32(const char *s, uint32_t *v);
int tcopt_get_u64(const char *s, uint64_t *v);
/* Sizes in bytes: "1500", "64kb", "1mb", "10kbit" (b, k/kb, m/mb, g/gb, kbit ...) */
int tcopt_get_size(const char *s, uint64_t *bytes);
/* Rates in bytes per second: "10mbit", "1gbit", "100kbps", "12500Bps" */
int tcopt_get_rate(const char *s, uint64_t *bytes_per_sec);
/* Times in nanoseconds: "5ms", "100us", "1s", "250ns"; a bare number is usecs */
int tcopt_get_time(const char *s, uint64_t *ns);
/* Probabilities 0..1 ("0.02") as parts of 2^32, rounded; 1 is 0xffffffff */
int tcopt_get_prob(const char *s, uint32_t *v);
/* Class ids as tc writes them, "MAJ:MIN" (each hex, 16 bits; "MAJ:" is MIN 0) */
int tcopt_get_classid(const char *s, uint32_t *id);

/* ---- printing ----------------------------------------------------------- */

/*
 * Where printers write. The harness prints text or JSON itself; the tc plugin
 * forwards to tc's print_* helpers so `tc -j` works. A key is the JSON name;
 * in text it is printed as "key value " (tc's style), unless text_key says
 * otherwise.
 */
enum tcopt_unit {
	TCOPT_PLAIN,		/* a number */
	TCOPT_BYTES,		/* printed as a size: 1514b, 64Kb, 1Mb */
	TCOPT_RATE,		/* bytes/s, printed in bits: 10Mbit */
	TCOPT_TIME_NS,		/* printed as 5ms, 100us */
};

struct tcopt_out {
	void (*uint)(struct tcopt_out *o, const char *key, uint64_t v, enum tcopt_unit unit);
	void (*sint)(struct tcopt_out *o, const char *key, int64_t v);
	void (*str)(struct tcopt_out *o, const char *key, const char *v);
	void (*flag)(struct tcopt_out *o, const char *key);	/* a word with no value */
	void (*newline)(struct tcopt_out *o);
	void *priv;
};

/* Format helpers shared by every output (tc's text conventions). */
void tcopt_fmt_size(char *buf, size_t len, uint64_t bytes);
void tcopt_fmt_rate(char *buf, size_t len, uint64_t bytes_per_sec);
void tcopt_fmt_time(char *buf, size_t len, uint64_t ns);
/* "maj:min" in hex, as tc prints a class id */
void tcopt_fmt_classid(char *buf, size_t len, uint32_t id);

/* ---- one parser per kind ------------------------------------------------ */

struct tcopt_kind {
	const char *kind;
	/* "Usage: ... " text printed by `help` and after a parse error. */
	const char *usage;
	/*
	 * argv holds the words after the kind. Append the TCA_OPTIONS payload
	 * to b. Return 0, or -1 with e->msg set (tc style: 'Illegal "limit"').
	 * "help" is handled by the caller and never reaches parse.
	 */
	int (*parse)(int argc, char **argv, struct tcopt_buf *b, struct tcopt_err *e);
	/* Print a dumped TCA_OPTIONS payload. NULL: nothing to print. */
	void (*print)(const void *opt, size_t len, struct tcopt_out *o);
	/* Print the xstats blob from dump_stats. NULL: none. */
	void (*print_xstats)(const void *xstats, size_t len, struct tcopt_out *o);
	/* Does the payload consist of nested attributes (true) or a struct? */
	bool nested;
};

/* Registry (the harness links every parser in; a tc plugin links one). */
void tcopt_register(const struct tcopt_kind *k);
const struct tcopt_kind *tcopt_find(const char *kind);
#define TCOPT_REGISTER(k)						\
	static void __attribute__((constructor)) tcopt_register_##k(void) \
	{ tcopt_register(&(k)); }

/*
 * Parse a whole "KIND OPTS..." string (tc syntax, words split on spaces)
 * into the complete TCA_OPTIONS attribute, header included, ready for
 * qdk_qdisc_create(). For kinds whose payload is nested attributes the
 * attribute type is TCA_OPTIONS | NLA_F_NESTED, as tc sends it (the kernel's
 * strict nla_parse_nested() rejects a nest without the flag). *kind_out receives the kind. Returns 0, or -1 with
 * the reason in e (unknown kind, parse error).
 */
int tcopt_build(const char *spec, char *kind_out, size_t kind_len,
		struct tcopt_buf *tca, struct tcopt_err *e);

#endif /* QDK_TCOPT_H */
