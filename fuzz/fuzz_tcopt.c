// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_tcopt.c - libFuzzer target: the kit's own tc-option parsers and printers
 * (tcopt/, each kit qdisc's NAME_tc.c), what the tc plugin runs inside
 * the stock tc and tcopt_build() runs for the tests: tc words to
 * TCA_OPTIONS, and dumped TCA_OPTIONS and xstats back to words.
 *
 * Input: "KIND WORDS..." and a NUL, then bytes. The text goes through
 * tcopt_build(); what it builds is printed back by the kind's print(),
 * and the bytes after the NUL go to print() and print_xstats() as a dump
 * from the kernel would (a kind the build lacks: only tcopt_build()'s
 * refusal). The printed words go to a sink that only reads them. A
 * sanitizer report or a leak (LeakSanitizer) is a crash.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "tcopt.h"


/* the sink reads every word as a printer would, and formats units */
static size_t seen;

static void s_uint(struct tcopt_out *o, const char *key, uint64_t v, enum tcopt_unit unit)
{
	char buf[64];

	(void)o;
	if (unit == TCOPT_BYTES)
		tcopt_fmt_size(buf, sizeof(buf), v);
	else if (unit == TCOPT_RATE)
		tcopt_fmt_rate(buf, sizeof(buf), v);
	else if (unit == TCOPT_TIME_NS)
		tcopt_fmt_time(buf, sizeof(buf), v);
	else
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
	seen += strlen(key) + strlen(buf);
}

static void s_sint(struct tcopt_out *o, const char *key, int64_t v)
{
	(void)o;
	seen += strlen(key) + (size_t)(v & 1);
}

static void s_str(struct tcopt_out *o, const char *key, const char *v)
{
	(void)o;
	seen += strlen(key) + strlen(v);
}

static void s_flag(struct tcopt_out *o, const char *key)
{
	(void)o;
	seen += strlen(key);
}

static void s_newline(struct tcopt_out *o)
{
	(void)o;
	seen++;
}


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tcopt_out out = { .uint = s_uint, .sint = s_sint, .str = s_str, .flag = s_flag,
				 .newline = s_newline };
	const uint8_t *nul = memchr(data, 0, size);
	size_t tlen = nul ? (size_t)(nul - data) : size;
	const uint8_t *dump = nul ? nul + 1 : data + size;
	size_t dlen = size - (size_t)(dump - data);
	const struct tcopt_kind *k;
	struct tcopt_err e;
	struct tcopt_buf b;
	char kind[64], *text;
	uint8_t *copy;

	text = malloc(tlen + 1);
	if (!text)
		abort();
	memcpy(text, data, tlen);
	text[tlen] = '\0';
	tcopt_buf_init(&b);
	memset(&e, 0, sizeof(e));
	kind[0] = '\0';
	if (tcopt_build(text, kind, sizeof(kind), &b, &e) == 0) {
		k = tcopt_find(kind);
		/* what was built reads back: the attribute's payload after its header */
		if (k && k->print && b.len >= 4)
			k->print(b.data + 4, b.len - 4, &out);
	}
	tcopt_buf_free(&b);
	/* the kind named, whatever its words: its printers on the bytes */
	snprintf(kind, sizeof(kind), "%.*s", (int)strcspn(text, " "), text);
	k = tcopt_find(kind);
	if (k) {
		/* a copy of exactly dlen bytes, so a read past them is seen */
		copy = malloc(dlen ? dlen : 1);
		if (!copy)
			abort();
		memcpy(copy, dump, dlen);
		if (k->print)
			k->print(copy, dlen, &out);
		if (k->print_xstats)
			k->print_xstats(copy, dlen, &out);
		free(copy);
	}
	free(text);
	return 0;
}
