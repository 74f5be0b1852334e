// SPDX-License-Identifier: GPL-2.0
/*
 * records.c - `qdk-replay records TRACE`: what the trace reader (trace/)
 * makes of a trace, as JSON lines on standard output: one object per event
 * with the fields its line has (traces/FORMAT.md), in file order, then one
 * for the header and the flows. A bad trace stops it with the reader's own
 * "file:line: reason" and exit 2, after the events before that line.
 *
 * It shows what the C reader reads, field by field, for a person and for
 * tools/test_qdktrace.py, which requires the Python reader
 * (tools/qdktrace.py) to read the same records and refuse with the same
 * words, on every committed trace and the fuzz corpus.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "trace.h"
#include "util.h"

/* s[0..n) as a JSON string: bytes >= 0x80 as \u00XX (one per byte) */
static void json_str(const char *s, size_t n)
{
	size_t i;

	putchar('"');
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void json_hex(const uint8_t *p, size_t n)
{
	size_t i;

	putchar('"');
	for (i = 0; i < n; i++)
		printf("%02x", p[i]);
	putchar('"');
}

static void key_u64(const char *k, uint64_t v)
{
	printf(",\"%s\":%llu", k, (unsigned long long)v);
}

/* An enqueue's per-packet keys: those the line states, as FORMAT.md names them. */
static void pkt_keys(const struct trace_event *ev)
{
	static const struct {
		uint32_t ov;
		const char *name;
	} names[] = {
		{ OV_LEN, "len" }, { OV_GSO, "gso_segs" }, { OV_GSO, "gso_size" },
		{ OV_TOS, "tos" }, { OV_PRIO, "prio" }, { OV_MARK, "mark" }, { OV_HASH, "hash" },
		{ OV_TCP, "tcp" }, { OV_TTL, "ttl" }, { OV_Q, "q" }, { OV_TCIDX, "tcidx" },
		{ OV_THLEN, "thlen" }, { OV_TRUESIZE, "truesize" }, { OV_TSTAMP, "tstamp" },
		{ OV_SK, "sk" },
	};
	const uint64_t vals[] = {
		ev->len, ev->gso_segs, ev->gso_size, ev->tos, ev->prio, ev->mark, ev->hash,
		ev->tcp, ev->ttl, ev->q, ev->tcidx, ev->thlen, ev->truesize, ev->tstamp, ev->sk,
	};
	const char *sep = "";
	size_t i;

	printf(",\"keys\":{");
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!(ev->ov & names[i].ov))
			continue;
		printf("%s\"%s\":%llu", sep, names[i].name, (unsigned long long)vals[i]);
		sep = ",";
	}
	putchar('}');
}

static void event_record(const struct trace *t, const struct trace_event *ev)
{
	size_t i;

	if (ev->op == 'e' || ev->op == 'i' || ev->op == 'o')
		trace_flow(t, ev);	/* the flow is declared, or the reader refuses here */
	printf("{\"line\":%u,\"ts\":%llu,\"op\":", ev->line, (unsigned long long)ev->ts);
	if (ev->op == 'l')
		printf("\"lost\"");
	else
		printf("\"%c\"", ev->op);
	switch (ev->op) {
	case 'e':
		key_u64("id", ev->id);
		key_u64("fid", ev->fid);
		key_u64("pkt_len", ev->pkt_len);
		printf(",\"verdict\":%d", ev->verdict);
		pkt_keys(ev);
		break;
	case 'i':
	case 'o':
		key_u64("id", ev->id);
		key_u64("fid", ev->fid);
		key_u64("pkt_len", ev->pkt_len);
		pkt_keys(ev);
		break;
	case 'd':
	case 'p':
	case 'x':
	case 'm':
		key_u64("id", ev->id);
		break;
	case 'n':
		key_u64("id", ev->id);
		key_u64("from", ev->from);
		printf(",\"keys\":{");
		if (ev->truesize)
			printf("\"truesize\":%u", ev->truesize);
		putchar('}');
		break;
	case 'l':
		key_u64("count", ev->lost);
		break;
	case 'j':
		key_u64("count", ev->jiffies);
		break;
	case 't':
		key_u64("timer_of", ev->timer_of);
		key_u64("timer_off", ev->timer_off);
		break;
	case 's':
		printf(",\"stats\":{");
		for (i = 0; i < ST_NKEYS; i++)
			if (ev->stat_mask & (1u << i))
				printf("%s\"%s\":%llu", ev->stat_mask & ((1u << i) - 1) ? "," : "",
				       trace_stat_names[i], (unsigned long long)ev->stat[i]);
		printf("},\"stats_of\":\"%s\"", ev->stat_of == 'c' ? "cl" : ev->stat_of == 'q' ? "q" : "");
		key_u64("stats_id", ev->stat_of ? ev->stat_id : 0);
		break;
	case 'c':
		printf(",\"ret\":%d,\"tca\":", ev->ret);
		if (ev->hex) {
			uint8_t *b;
			size_t n;

			if (trace_hex(ev->hex, ev->hex_len, &b, &n))
				abort();	/* the reader checked it */
			json_hex(b, n);
			free(b);
		} else {
			printf("null");
		}
		printf(",\"options\":");
		json_str(ev->opts ? ev->opts : "", ev->opts ? ev->opts_len : 0);
		break;
	case 'R':
		printf(",\"draws\":[");
		for (i = 0; i < ev->nrv; i++) {
			const struct trace_rand *r = &ev->rv[i];

			printf("%s[%u,", i ? "," : "", r->width);
			if (r->width)
				printf("%llu]", (unsigned long long)r->val);
			else {
				json_hex(r->bytes, r->len);
				putchar(']');
			}
		}
		putchar(']');
		key_u64("count", ev->rlost);
		break;
	case 'C':
		printf(",\"action\":%d", ev->cls_action);
		key_u64("classid", ev->cls_classid);
		break;
	case 'u':
		printf(",\"dev\":");
		json_str(ev->dev, ev->dev_len);
		printf(",\"write\":%s", ev->dev_write ? "true" : "false");
		key_u64("pos", ev->pos);
		printf(",\"data\":");
		json_hex(ev->bytes, ev->nbytes);
		key_u64("lost", ev->blost);
		break;
	}
	printf("}\n");
}

static void header_record(const struct trace *t)
{
	const struct trace_hdr *h = &t->hdr;

	printf("{\"header\":{\"version\":%u,\"qdisc\":", t->version);
	if (h->qdisc)
		json_str(h->qdisc, strlen(h->qdisc));
	else
		printf("null");
	key_u64("handle", h->handle);
	key_u64("parent", h->parent);
	key_u64("seed", h->seed);
	key_u64("hz", h->hz);
	key_u64("random", h->nrand);
	key_u64("tree", h->ntree);
	key_u64("flows", t->nflows);
	printf("}}\n");
}

int cmd_records(int argc, char **argv)
{
	struct trace_event ev;
	struct trace t;

	if (argc != 2 || argv[1][0] == '-') {
		fputs("usage: qdk-replay records TRACE\n"
		      "  the trace's events as the reader reads them, as JSON lines, then its header\n",
		      argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ?
		      stdout : stderr);
		return argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ? 0 : 2;
	}
	trace_open(&t, argv[1]);
	while (trace_next(&t, &ev))
		event_record(&t, &ev);
	header_record(&t);
	trace_close(&t);
	return 0;
}
