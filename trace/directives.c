// SPDX-License-Identifier: GPL-2.0
/*
 * directives.c - the trace's rare lines (reader.h): header directives
 * (qdisc, tca, dev, handle, seed, random, hz, tree, param, ...), and the
 * flow and sock lines that may come anywhere. Simple and careful: the
 * lines are split into words, every word checked.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "reader.h"

/* ---- header and flow lines (rare: simple and careful) ------------------ */

#define MAX_WORDS 64

/* Copy the line at p into a NUL-terminated string and split it into words. */
static int split(char *line, char **w)
{
	int n = 0;
	char *save = NULL, *s;

	for (s = strtok_r(line, " ", &save); s && n < MAX_WORDS; s = strtok_r(NULL, " ", &save))
		w[n++] = s;
	return n;
}

static uint64_t word_num(const struct trace *t, const char *s, uint64_t max, const char *what)
{
	char pad[48] = { 0 };	/* num() may read 16 bytes past the number */
	uint64_t v;
	const char *e = NULL;
	size_t n = strlen(s);

	if (n < sizeof(pad) - TRACE_PAD) {
		memcpy(pad, s, n);
		e = num(pad, &v);
	}
	if (!e || *e || v > max)
		trace_fail(t, t->line, "bad %s \"%s\"", what, s);
	return v;
}

int trace_hex(const char *s, size_t n, uint8_t **out, size_t *len)
{
	uint8_t *b;
	size_t i;

	if (n % 2)
		return -1;
	b = xmalloc(n / 2 + 1);
	for (i = 0; i < n / 2; i++) {
		int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);

		if (hi < 0 || lo < 0) {
			free(b);
			return -1;
		}
		b[i] = (uint8_t)(hi << 4 | lo);
	}
	*out = b;
	*len = n / 2;
	return 0;
}

/* "MAJ:MIN" in hex as tc writes handles; "root" for the parent. */
uint32_t trace_handle_word(const struct trace *t, const char *s, bool allow_root)
{
	char *end;
	unsigned long maj, min = 0;

	if (allow_root && strcmp(s, "root") == 0)
		return 0xffffffffu;
	/* hex digits only: strtoul() alone would take a sign or leading blanks */
	maj = strtoul(s, &end, 16);
	if (hexval(*s) < 0 || end == s || *end != ':' || maj > 0xffff)
		trace_fail(t, t->line, "bad handle \"%s\" (want MAJ:MIN in hex)", s);
	if (end[1]) {
		const char *m = end + 1;

		min = strtoul(m, &end, 16);
		if (hexval(*m) < 0 || end == m || *end || min > 0xffff)
			trace_fail(t, t->line, "bad handle \"%s\" (want MAJ:MIN in hex)", s);
	}
	return (uint32_t)(maj << 16 | min);
}

uint8_t trace_tcp_flags(const struct trace *t, const char *s, size_t n)
{
	static const char letters[] = "FSRPAUEC";
	uint8_t f = 0;
	size_t i;

	if (n == 1 && s[0] == '-')
		return 0;
	for (i = 0; i < n; i++) {
		const char *c = memchr(letters, s[i], 8);

		if (!c || !s[i])
			trace_fail(t, t->line, "bad TCP flags \"%.*s\" (letters FSRPAUEC or -)",
				   (int)n, s);
		f |= (uint8_t)(1u << (c - letters));
	}
	return f;
}


/* A new flow fid (not declared yet). */
static struct trace_flow *flow_add(struct trace *t, uint32_t fid)
{
	struct trace_flow *f;

	if (t->nflows == t->capflows) {
		t->capflows = t->capflows ? 2 * t->capflows : 64;
		t->flows = xrealloc(t->flows, t->capflows * sizeof(*t->flows));
	}
	f = pool_alloc(&t->flow_pool, sizeof(*f));
	f->fid = fid;
	f->index = t->nflows;
	idx_put(&t->fidx, fid, t->nflows);
	if (fid < TRACE_FLOW_DIRECT)
		t->fdirect[fid] = f;
	t->flows[t->nflows++] = f;
	return f;
}

/* ADDR[:PORT] for the flow's family; returns the family. */
static int endpoint(const struct trace *t, char *s, bool want_port, uint8_t *addr,
		    uint16_t *port)
{
	char *colon;
	int fam;

	if (s[0] == '[') {
		char *close = strchr(s, ']');

		if (!close)
			trace_fail(t, t->line, "bad address \"%s\"", s);
		*close = '\0';
		if (inet_pton(AF_INET6, s + 1, addr) != 1)
			trace_fail(t, t->line, "bad IPv6 address \"%s\"", s + 1);
		fam = TRACE_AF_INET6;
		colon = close[1] == ':' ? close + 1 : NULL;
		if (close[1] && !colon)
			trace_fail(t, t->line, "bad address \"%s]%s\"", s, close + 1);
	} else {
		colon = strchr(s, ':');
		if (colon)
			*colon = '\0';
		if (inet_pton(AF_INET, s, addr) != 1)
			trace_fail(t, t->line, "bad IPv4 address \"%s\"", s);
		fam = TRACE_AF_INET;
	}
	if (want_port != (colon != NULL))
		trace_fail(t, t->line, want_port ? "address needs a :PORT for tcp and udp"
						 : "a port is only allowed for tcp and udp");
	if (colon)
		*port = (uint16_t)word_num(t, colon + 1, 65535, "port");
	return fam;
}

static void flow_line(struct trace *t, const char *p, size_t n)
{
	/* split() writes into its copy: a long line, rare, goes to the heap */
	char buf[256], *line = n < sizeof(buf) ? buf : xmalloc(n + 1), *w[MAX_WORDS];
	int nw, i, fam;
	uint64_t fid;
	struct trace_flow *f;
	struct trace_pkt *k;
	const char *proto;
	bool ports;

	memcpy(line, p, n);
	line[n] = '\0';
	nw = split(line, w);
	if (nw < 5)
		trace_fail(t, t->line, "flow needs FID PROTO SRC DST");
	fid = word_num(t, w[1], TRACE_MAX_FID - 1, "flow id");
	if (fid == 0)
		trace_fail(t, t->line, "flow id 0 is not allowed");
	if (flow_find(t, (uint32_t)fid))
		trace_fail(t, t->line, "flow %llu declared twice", (unsigned long long)fid);
	f = flow_add(t, (uint32_t)fid);
	k = &f->pkt;
	trace_pkt_defaults(k);
	proto = w[2];
	ports = false;
	if (strcmp(proto, "tcp") == 0) {
		k->l4proto = 6;
		ports = true;
	} else if (strcmp(proto, "udp") == 0) {
		k->l4proto = 17;
		ports = true;
	} else if (strcmp(proto, "icmp") == 0) {
		k->l4proto = 1;
	} else if (strcmp(proto, "icmp6") == 0) {
		k->l4proto = 58;
	} else if (strncmp(proto, "ip:", 3) == 0) {
		k->l4proto = (uint8_t)word_num(t, proto + 3, 255, "IP protocol");
	} else if (strncmp(proto, "eth:", 4) == 0) {
		k->ethertype = (uint16_t)word_num(t, proto + 4, 0xffff, "ethertype");
		k->family = TRACE_AF_NONE;
		if (strcmp(w[3], "-") || strcmp(w[4], "-"))
			trace_fail(t, t->line, "a non-IP flow has - as SRC and DST");
	} else {
		trace_fail(t, t->line, "unknown protocol \"%s\"", proto);
	}
	if (strncmp(proto, "eth:", 4) != 0) {
		fam = endpoint(t, w[3], ports, k->saddr, &k->sport);
		if (endpoint(t, w[4], ports, k->daddr, &k->dport) != fam)
			trace_fail(t, t->line, "SRC and DST are of different address families");
		k->family = (uint8_t)fam;
		k->ethertype = fam == TRACE_AF_INET ? 0x0800 : 0x86dd;
		if (k->l4proto == 1 && fam != TRACE_AF_INET)
			trace_fail(t, t->line, "icmp needs IPv4 addresses (icmp6 for IPv6)");
		if (k->l4proto == 58 && fam != TRACE_AF_INET6)
			trace_fail(t, t->line, "icmp6 needs IPv6 addresses");
	}
	for (i = 5; i < nw; i++) {
		char *eq = strchr(w[i], '=');
		const char *v;

		if (!eq)
			trace_fail(t, t->line, "bad flow key \"%s\" (want KEY=VAL)", w[i]);
		*eq = '\0';
		v = eq + 1;
		if (strcmp(w[i], "tos") == 0)
			k->tos = (uint8_t)word_num(t, v, 255, "tos");
		else if (strcmp(w[i], "prio") == 0)
			k->priority = (uint32_t)word_num(t, v, UINT32_MAX, "prio");
		else if (strcmp(w[i], "mark") == 0)
			k->mark = (uint32_t)word_num(t, v, UINT32_MAX, "mark");
		else if (strcmp(w[i], "hash") == 0)
			k->hash = (uint32_t)word_num(t, v, UINT32_MAX, "hash");
		else if (strcmp(w[i], "tcp") == 0)
			k->tcp_flags = trace_tcp_flags(t, v, strlen(v));
		else if (strcmp(w[i], "ttl") == 0)
			k->ttl = (uint8_t)word_num(t, v, 255, "ttl");
		else if (strcmp(w[i], "q") == 0)
			k->queue_mapping = (uint16_t)word_num(t, v, 0xffff, "q");
		else if (strcmp(w[i], "tcidx") == 0)
			k->tc_index = (uint16_t)word_num(t, v, 0xffff, "tcidx");
		else if (strcmp(w[i], "truesize") == 0)
			k->truesize = (uint32_t)word_num(t, v, UINT32_MAX, "truesize");
		else
			trace_fail(t, t->line, "unknown flow key \"%s\"", w[i]);
	}
	f->declared = true;
	/* Keep the declaration as written (after "flow FID ") for drive's output. */
	{
		const char *rest = p + 5, *end = p + n;

		rest += strcspn(rest, " ");
		rest += rest < end;
		f->decl = pool_strndup(&t->flow_pool, rest, (size_t)(end - rest));
	}
	if (line != buf)
		free(line);
}

/* a sock value by its name (name(v), write.c's words: all below 32) or as a number up to max */
static uint64_t sk_word(const struct trace *t, const char *v,
			const char *(*name)(unsigned int), uint64_t max, const char *what)
{
	unsigned int i;

	if (name) {
		for (i = 0; i <= max && i < 32; i++) {
			const char *nm = name(i);

			if (nm && strcmp(nm, v) == 0)
				return i;
		}
	}
	return word_num(t, v, max, what);
}

static uint64_t sk_rate(const struct trace *t, const char *v, const char *what)
{
	if (strcmp(v, "max") == 0)
		return UINT64_MAX;
	return word_num(t, v, UINT64_MAX, what);
}

/*
 * "sock SID PROTO [KEY=VAL...]" declares socket SID, "sock SID KEY=VAL..."
 * changes the keys it names (FORMAT.md, "Sockets").
 */
static void sock_line(struct trace *t, const char *p, size_t n)
{
	static uint32_t gen;	/* across traces: a replayed socket never keeps a stale gen */
	char buf[512], *line = n < sizeof(buf) ? buf : xmalloc(n + 1), *w[MAX_WORDS];
	struct trace_sk *ts;
	struct trace_sk *k;
	uint64_t sid;
	int nw, i = 2;

	memcpy(line, p, n);
	line[n] = '\0';
	nw = split(line, w);
	if (nw < 2)
		trace_fail(t, t->line, "sock needs SID [PROTO] [KEY=VAL...]");
	sid = word_num(t, w[1], TRACE_MAX_SID - 1, "socket id");
	if (sid == 0)
		trace_fail(t, t->line, "socket id 0 is not allowed");
	if (sid >= t->capsocks) {
		uint32_t cap = t->capsocks ? t->capsocks : 16;

		while (cap <= sid)
			cap *= 2;
		t->socks = xrealloc(t->socks, cap * sizeof(*t->socks));
		memset(t->socks + t->capsocks, 0, (cap - t->capsocks) * sizeof(*t->socks));
		t->capsocks = cap;
	}
	ts = t->socks[sid];
	if (nw > 2 && !strchr(w[2], '=')) {
		uint8_t proto;

		if (ts)
			trace_fail(t, t->line, "socket %llu declared twice", (unsigned long long)sid);
		if (strcmp(w[2], "tcp") == 0)
			proto = 6;
		else if (strcmp(w[2], "udp") == 0)
			proto = 17;
		else if (strncmp(w[2], "ip:", 3) == 0)
			proto = (uint8_t)word_num(t, w[2] + 3, 255, "IP protocol");
		else
			trace_fail(t, t->line, "unknown socket protocol \"%s\"", w[2]);
		ts = xmalloc(sizeof(*ts));
		trace_sk_defaults(ts, (uint32_t)sid, proto);
		t->socks[sid] = ts;
		i = 3;
	} else if (!ts) {
		trace_fail(t, t->line, "socket %llu is not declared (sock SID PROTO first)",
			   (unsigned long long)sid);
	}
	k = ts;
	for (; i < nw; i++) {
		char *eq = strchr(w[i], '=');
		const char *v;

		if (!eq)
			trace_fail(t, t->line, "bad sock key \"%s\" (want KEY=VAL)", w[i]);
		*eq = '\0';
		v = eq + 1;
		if (strcmp(w[i], "family") == 0) {
			k->family = (uint8_t)word_num(t, v, 6, "family");
			if (k->family != TRACE_AF_INET && k->family != TRACE_AF_INET6)
				trace_fail(t, t->line, "family is 4 or 6");
		} else if (strcmp(w[i], "type") == 0) {
			k->type = (uint16_t)sk_word(t, v, trace_sk_type_name, 0xffff, "type");
		} else if (strcmp(w[i], "state") == 0) {
			k->state = (uint8_t)sk_word(t, v, trace_sk_state_name, 255, "state");
		} else if (strcmp(w[i], "hash") == 0) {
			k->hash = (uint32_t)word_num(t, v, UINT32_MAX, "hash");
		} else if (strcmp(w[i], "pacing") == 0) {
			k->pacing_rate = sk_rate(t, v, "pacing");
		} else if (strcmp(w[i], "maxpacing") == 0) {
			k->max_pacing_rate = sk_rate(t, v, "maxpacing");
		} else if (strcmp(w[i], "pstatus") == 0) {
			k->pacing_status = (uint8_t)sk_word(t, v, trace_sk_pstatus_name, 255, "pstatus");
		} else if (strcmp(w[i], "ca") == 0) {
			k->ca_state = (uint8_t)sk_word(t, v, trace_sk_ca_name, 31, "ca");
		} else if (strcmp(w[i], "cwnd") == 0) {
			k->cwnd = (uint32_t)word_num(t, v, UINT32_MAX, "cwnd");
		} else if (strcmp(w[i], "srtt") == 0) {
			k->srtt_us = (uint32_t)word_num(t, v, UINT32_MAX, "srtt");
		} else if (strcmp(w[i], "mss") == 0) {
			k->mss = (uint32_t)word_num(t, v, UINT32_MAX, "mss");
		} else {
			trace_fail(t, t->line, "unknown sock key \"%s\"", w[i]);
		}
	}
	k->gen = ++gen;
	if (line != buf)
		free(line);
}

/*
 * The words of a random directive or R line after "random "/"R " (at p, n
 * bytes): "u8|u16|u32|u64 V...", "bytes HEX..." (one get_random_bytes()
 * buffer per word) or "lost N". Values are appended to *arr (*nr of *cap),
 * one per value or HEX word; for "lost", *lost gets N and the return value
 * is true. what names the line in errors. Parsed here rather than by
 * split(), which stops at MAX_WORDS.
 */
bool trace_rand_parse(struct trace *t, const char *p, size_t n, const char *what,
		      struct trace_rand **arr, size_t *nr, size_t *cap, uint64_t *lost)
{
	char *line = xstrndup(p, n), *save = NULL, *kind, *s;
	unsigned int width = 0;
	int nv = 0;

	kind = strtok_r(line, " ", &save);
	if (!kind)
		trace_fail(t, t->line, "%s needs u8, u16, u32, u64, bytes or lost", what);
	if (strcmp(kind, "lost") == 0) {
		s = strtok_r(NULL, " ", &save);
		if (!s || strtok_r(NULL, " ", &save))
			trace_fail(t, t->line, "%s lost needs one count", what);
		*lost = word_num(t, s, UINT32_MAX, "lost count");
		free(line);
		return true;
	}
	if (strcmp(kind, "u8") == 0)
		width = 1;
	else if (strcmp(kind, "u16") == 0)
		width = 2;
	else if (strcmp(kind, "u32") == 0)
		width = 4;
	else if (strcmp(kind, "u64") == 0)
		width = 8;
	else if (strcmp(kind, "bytes") != 0)
		trace_fail(t, t->line, "unknown %s kind \"%s\" (u8, u16, u32, u64, bytes, lost)",
			   what, kind);
	while ((s = strtok_r(NULL, " ", &save)) != NULL) {
		struct trace_rand *r;

		if (*nr == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*arr = xrealloc(*arr, *cap * sizeof(**arr));
		}
		r = &(*arr)[(*nr)++];
		memset(r, 0, sizeof(*r));
		r->width = (uint8_t)width;
		r->line = t->line;
		if (width) {
			r->val = word_num(t, s, width == 8 ? UINT64_MAX :
					  (1ULL << (8 * width)) - 1, "random value");
		} else if (trace_hex(s, strlen(s), &r->bytes, &r->len) || !r->len) {
			trace_fail(t, t->line, "bad %s bytes hex \"%s\"", what, s);
		}
		nv++;
	}
	if (!nv)
		trace_fail(t, t->line, "%s %s needs at least one value", what, kind);
	free(line);
	return false;
}

/* random ...: the kernel's draws during init, appended in order. */
static void random_line(struct trace *t, const char *p, size_t n)
{
	struct trace_hdr *h = &t->hdr;
	uint64_t lost;

	if (!trace_rand_parse(t, p + 7, n - 7, "random", &h->rand, &h->nrand, &h->rand_cap, &lost))
		return;
	h->rand_lost += lost;
	if (!h->rand_lost_line)
		h->rand_lost_line = t->line;
}

void trace_rands_free(struct trace_rand *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(r[i].bytes);
}

/* A tree node's KIND and its TCA_OPTIONS HEX|- (header included). */
static void node_kind_tca(struct trace *t, struct trace_node *nd, const char *kind,
			  const char *hex)
{
	if (strlen(kind) >= sizeof(nd->kind))
		trace_fail(t, t->line, "bad kind \"%s\"", kind);
	snprintf(nd->kind, sizeof(nd->kind), "%s", kind);
	if (strcmp(hex, "-") && trace_hex(hex, strlen(hex), &nd->tca, &nd->tca_len))
		trace_fail(t, t->line, "bad options hex \"%s\"", hex);
	if (nd->tca && nd->tca_len < 4)
		trace_fail(t, t->line, "options are shorter than an attribute header");
}

/*
 * "classifier PARENT KIND HEX|- [OPTIONS...]" (version 3): the kit
 * classifier KIND in the block of PARENT, created with TCA_OPTIONS HEX;
 * like "filter PARENT", its block's classifications are C lines.
 */
static void classifier_line(struct trace *t, struct trace_node *nd, char **w, int nw)
{
	if (nw < 4)
		trace_fail(t, t->line, "classifier needs PARENT KIND HEX|- [OPTIONS...]");
	nd->parent = trace_handle_word(t, w[1], false);
	node_kind_tca(t, nd, w[2], w[3]);
	t->hdr.has_filter = true;
}

/*
 * "class PARENT CLASSID KIND HEX|- [OPTIONS...]", "child PARENT HANDLE KIND
 * HEX|- [OPTIONS...]", "filter PARENT" (version 3).
 */
static void tree_line(struct trace *t, const char *p, size_t n, char **w, int nw)
{
	struct trace_hdr *h = &t->hdr;
	struct trace_node *nd;

	if (t->version < 3)
		trace_fail(t, t->line, "\"%s\" (a classful tree) needs \"qdk-trace 3\"", w[0]);
	if (h->ntree == h->tree_cap) {
		h->tree_cap = h->tree_cap ? 2 * h->tree_cap : 8;
		h->tree = xrealloc(h->tree, h->tree_cap * sizeof(*h->tree));
	}
	nd = &h->tree[h->ntree];
	memset(nd, 0, sizeof(*nd));
	nd->what = w[0][0] == 'f' ? 'f' : strcmp(w[0], "classifier") == 0 ? 'k' :
		   w[0][1] == 'l' ? 'c' : 'q';
	nd->line = t->line;
	if (nd->what == 'k') {
		classifier_line(t, nd, w, nw);
	} else if (nd->what == 'f') {
		if (nw != 2)
			trace_fail(t, t->line, "filter needs PARENT (MAJ: or MAJ:MIN)");
		nd->parent = trace_handle_word(t, w[1], false);
		h->has_filter = true;
	} else {
		if (nw < 5)
			trace_fail(t, t->line, "%s needs PARENT %s KIND HEX|- [OPTIONS...]", w[0],
				   nd->what == 'c' ? "CLASSID" : "HANDLE");
		nd->parent = trace_handle_word(t, w[1], true);
		nd->handle = trace_handle_word(t, w[2], false);
		node_kind_tca(t, nd, w[3], w[4]);
	}
	nd->text = xstrndup(p, n);
	h->ntree++;
}

void trace_directive(struct trace *t, const char *p, size_t n)
{
	char *line, *w[MAX_WORDS];
	int nw, i;
	struct trace_hdr *h = &t->hdr;

	if (n >= 5 && memcmp(p, "flow ", 5) == 0) {
		flow_line(t, p, n);
		return;
	}
	if (n >= 5 && memcmp(p, "sock ", 5) == 0) {
		sock_line(t, p, n);
		return;
	}
	if (n >= 7 && memcmp(p, "random ", 7) == 0 && !t->in_events) {
		random_line(t, p, n);
		return;
	}
	line = xstrndup(p, n);
	nw = split(line, w);
	if (nw == 0)
		trace_fail(t, t->line, "a line may not start with a space");
	if (w[0][0] == '-' && is_digit(w[0][1]))
		trace_fail(t, t->line, "negative time \"%s\" (TS counts nanoseconds from 0)", w[0]);
	if (t->in_events)
		trace_fail(t, t->line, "\"%s\" is not an event (header directives come before the first event)",
			   w[0]);
	if (strcmp(w[0], "qdisc") == 0) {
		if (nw < 2)
			trace_fail(t, t->line, "qdisc needs a KIND");
		free(h->qdisc);
		h->qdisc = xstrndup(p + 6, n - 6);
		h->qdisc_line = t->line;
	} else if (strcmp(w[0], "tca") == 0) {
		if (nw != 2)
			trace_fail(t, t->line, "tca needs one HEX word or -");
		free(h->tca);
		h->tca = NULL;
		h->tca_len = 0;
		if (strcmp(w[1], "-") && trace_hex(w[1], strlen(w[1]), &h->tca, &h->tca_len))
			trace_fail(t, t->line, "bad tca hex \"%s\"", w[1]);
		if (h->tca && h->tca_len < 4)
			trace_fail(t, t->line, "tca is shorter than an attribute header");
		h->has_tca = true;
		h->tca_line = t->line;
	} else if (strcmp(w[0], "dev") == 0) {
		for (i = 1; i < nw; i++) {
			char *eq = strchr(w[i], '=');

			if (!eq)
				trace_fail(t, t->line, "bad dev key \"%s\" (want KEY=VAL)", w[i]);
			*eq++ = '\0';
			if (strcmp(w[i], "name") == 0) {
				if (!*eq || strlen(eq) >= 16)
					trace_fail(t, t->line, "bad device name \"%s\"", eq);
				snprintf(h->devname, sizeof(h->devname), "%s", eq);
			} else if (strcmp(w[i], "mtu") == 0) {
				h->dev.mtu = (uint32_t)word_num(t, eq, 65535, "mtu");
			} else if (strcmp(w[i], "txqlen") == 0) {
				h->dev.tx_queue_len = (uint32_t)word_num(t, eq, UINT32_MAX, "txqlen");
			} else if (strcmp(w[i], "speed") == 0) {
				if (strcmp(eq, "unknown") == 0)
					h->dev.speed = UINT32_MAX;
				else
					h->dev.speed = (uint32_t)word_num(t, eq, UINT32_MAX - 1, "speed");
			} else if (strcmp(w[i], "txqs") == 0) {
				h->dev.num_tx_queues = (uint32_t)word_num(t, eq, 4096, "txqs");
				if (!h->dev.num_tx_queues)
					trace_fail(t, t->line, "txqs must be at least 1");
			} else {
				trace_fail(t, t->line, "unknown dev key \"%s\"", w[i]);
			}
		}
	} else if (strcmp(w[0], "handle") == 0 && nw == 2) {
		h->handle = trace_handle_word(t, w[1], false);
	} else if (strcmp(w[0], "parent") == 0 && nw == 2) {
		h->parent = trace_handle_word(t, w[1], true);
	} else if (strcmp(w[0], "seed") == 0 && nw == 2) {
		h->seed = word_num(t, w[1], UINT64_MAX, "seed");
		h->has_seed = true;
	} else if (strcmp(w[0], "clock") == 0 && nw == 2 && strncmp(w[1], "tai=", 4) == 0) {
		h->tai = (int64_t)word_num(t, w[1] + 4, INT64_MAX, "clock tai");
		h->has_tai = true;
	} else if (strcmp(w[0], "created") == 0 && nw == 2) {
		h->created = word_num(t, w[1], UINT64_MAX, "created");
		h->has_created = true;
	} else if (strcmp(w[0], "hz") == 0 && nw == 2) {
		h->hz = (unsigned int)word_num(t, w[1], 100000, "hz");
		if (!h->hz)
			trace_fail(t, t->line, "hz must be positive");
	} else if (strcmp(w[0], "timers") == 0 && nw == 2 && strcmp(w[1], "recorded") == 0) {
		h->timers_recorded = true;
	} else if (strcmp(w[0], "class") == 0 || strcmp(w[0], "child") == 0 ||
		   strcmp(w[0], "filter") == 0 || strcmp(w[0], "classifier") == 0) {
		tree_line(t, p, n, w, nw);
	} else if (strcmp(w[0], "jiffies") == 0 && nw == 2) {
		h->jiffies = word_num(t, w[1], UINT64_MAX, "jiffies");
		h->jiffies_recorded = true;
	} else if (strcmp(w[0], "param") == 0 && nw == 3) {
		/* a module parameter of the recorded module at load */
		if (t->version < 3)
			trace_fail(t, t->line, "param (a module parameter) needs \"qdk-trace 3\"");
		h->params = xrealloc(h->params, (h->nparams + 1) * sizeof(*h->params));
		h->params[h->nparams].name = xstrndup(w[1], strlen(w[1]));
		h->params[h->nparams].value = xstrndup(w[2], strlen(w[2]));
		h->params[h->nparams++].line = t->line;
	} else if (strcmp(w[0], "source") == 0) {
		free(h->source);
		h->source = xstrndup(n > 7 ? p + 7 : p + n, n > 7 ? n - 7 : 0);
	} else {
		trace_fail(t, t->line, "unknown directive \"%s\"", w[0]);
	}
	free(line);
}
