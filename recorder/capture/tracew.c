// SPDX-License-Identifier: GPL-2.0
/*
 * tracew.c - records to trace text. The kernel sends, per call, one call
 * record (ENQ/DEQ/PEEK/RESET) followed by its drops: the packets freed
 * with kfree_skb inside the call (DROP records flagged EARLY), then those
 * it put on its to_free list. Packets are named by a
 * cookie that is unique while the packet is inside the qdisc. Here cookies
 * become trace ids (a map of the packets inside the child), 5-tuples become
 * flows (declared once), and each call's consequences (x, m) and
 * statistics (s) are written after it.
 *
 * The random draws the child made during a call (DRAW records among the
 * call's drops; the call record counts them) become "R" lines before the
 * call line: a call that drew is written to memory until its records are
 * all in, then after its R lines. A draw record that never came (the ring
 * was full) is an "R lost" line.
 *
 * The classifications of a call (CLS records, counted with its draws) are
 * "C" lines before it, after its R lines. The child's tree (the last TREE
 * and its NODE records before the first call) is the header's class, child
 * and filter lines (trace version 3).
 *
 * A fire of one of the child's own timer_lists (TIMER) is a "t" line,
 * written as a call (its draws before it, its drops after it).
 *
 * A change of the child is written when it returned (CHANGED), with the
 * packets it took out as its drops. Some of those are freed only when tc's
 * task releases rtnl, after later calls may have been recorded: until all
 * have arrived (or CHGEND says no more will), what follows the change is
 * written to memory and copied after it.
 */
#include "tracew.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../trace/write.h"

/* TCA_OPTIONS is one netlink attribute, whose length (nla_len) is 16 bits */
#define QDK_TCA_MAX 65535U

long tw_rec_len(const unsigned char *p, size_t have)
{
	size_t len;

	if (have < QDK_REC_HDR_SIZE)
		return 0;
	len = (size_t)p[offsetof(struct qdk_rec, words)] * 8;
	if (len < QDK_REC_HDR_SIZE || len > QDK_REC_SIZE)
		return -1;
	return have < len ? 0 : (long)len;
}

/* ---- packets inside the child: cookie -> id, last TOS ---------------- */

struct pkt_slot {
	uint64_t cookie;	/* 0: empty */
	uint64_t id;
	uint8_t tos;
};

struct pkt_map {
	struct pkt_slot *s;
	size_t cap, n;		/* cap a power of two */
};

static size_t mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (size_t)x;
}

static int pm_grow(struct pkt_map *m)
{
	struct pkt_map n = { .cap = m->cap ? m->cap * 2 : 1024 };
	size_t i, j;

	n.s = calloc(n.cap, sizeof(*n.s));
	if (!n.s)
		return -1;
	for (i = 0; i < m->cap; i++) {
		if (!m->s[i].cookie)
			continue;
		for (j = mix64(m->s[i].cookie) & (n.cap - 1); n.s[j].cookie;
		     j = (j + 1) & (n.cap - 1))
			;
		n.s[j] = m->s[i];
		n.n++;
	}
	free(m->s);
	*m = n;
	return 0;
}

static struct pkt_slot *pm_find(struct pkt_map *m, uint64_t cookie)
{
	size_t j;

	if (!m->cap)
		return NULL;
	for (j = mix64(cookie) & (m->cap - 1); m->s[j].cookie;
	     j = (j + 1) & (m->cap - 1))
		if (m->s[j].cookie == cookie)
			return &m->s[j];
	return NULL;
}

/* Insert or overwrite (a stale entry for a reused address). */
static int pm_put(struct pkt_map *m, uint64_t cookie, uint64_t id,
		  uint8_t tos)
{
	struct pkt_slot *s = pm_find(m, cookie);
	size_t j;

	if (!s) {
		if ((m->n + 1) * 2 > m->cap && pm_grow(m))
			return -1;
		for (j = mix64(cookie) & (m->cap - 1); m->s[j].cookie;
		     j = (j + 1) & (m->cap - 1))
			;
		s = &m->s[j];
		m->n++;
	}
	s->cookie = cookie;
	s->id = id;
	s->tos = tos;
	return 0;
}

/* Linear probing deletion: shift later members of the run back. */
static void pm_del(struct pkt_map *m, struct pkt_slot *s)
{
	size_t i = (size_t)(s - m->s), j = i, k;

	for (;;) {
		j = (j + 1) & (m->cap - 1);
		if (!m->s[j].cookie)
			break;
		k = mix64(m->s[j].cookie) & (m->cap - 1);
		/* may j's entry move to i? only if k is not in (i, j] */
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		m->s[i] = m->s[j];
		i = j;
	}
	m->s[i].cookie = 0;
	m->n--;
}

static void pm_clear(struct pkt_map *m)
{
	if (m->cap)
		memset(m->s, 0, m->cap * sizeof(*m->s));
	m->n = 0;
}

/* ---- flows: 5-tuple -> fid and the flow's default keys ---------------- */

struct flow_key {
	uint16_t ethertype;
	uint8_t family, proto;
	uint16_t sport, dport;
	uint8_t saddr[16], daddr[16];
};

struct flow {
	struct flow_key k;
	uint32_t fid;		/* 0: empty slot */
	struct trace_pkt pkt;	/* its declaration: the fields of its first packet */
};

struct flow_tab {
	struct flow *f;
	size_t cap, n;
};

static size_t key_hash(const struct flow_key *k)
{
	const unsigned char *p = (const unsigned char *)k;
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < sizeof(*k); i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return mix64(h);
}

static int ft_grow(struct flow_tab *t)
{
	struct flow_tab n = { .cap = t->cap ? t->cap * 2 : 256 };
	size_t i, j;

	n.f = calloc(n.cap, sizeof(*n.f));
	if (!n.f)
		return -1;
	for (i = 0; i < t->cap; i++) {
		if (!t->f[i].fid)
			continue;
		for (j = key_hash(&t->f[i].k) & (n.cap - 1); n.f[j].fid;
		     j = (j + 1) & (n.cap - 1))
			;
		n.f[j] = t->f[i];
		n.n++;
	}
	free(t->f);
	*t = n;
	return 0;
}

/* The flow for k; *fresh set when it was just added (slot to fill). */
static struct flow *ft_get(struct flow_tab *t, const struct flow_key *k,
			   bool *fresh)
{
	size_t j;

	*fresh = false;
	if ((t->n + 1) * 2 > t->cap && ft_grow(t))
		return NULL;
	for (j = key_hash(k) & (t->cap - 1); t->f[j].fid;
	     j = (j + 1) & (t->cap - 1))
		if (!memcmp(&t->f[j].k, k, sizeof(*k)))
			return &t->f[j];
	t->f[j].k = *k;
	t->f[j].fid = (uint32_t)++t->n;
	*fresh = true;
	return &t->f[j];
}

/*
 * Random draws as text, one line per run of one getter: "PREFIX uN V..."
 * or "PREFIX bytes HEX..." (a buffer may come in several chunks).
 */
struct rlines {
	struct trace_w b;	/* in memory */
	int width;		/* of the line being written; -1: none */
	uint32_t bytes_left;	/* of a get_random_bytes buffer */
};

static void rl_clear(struct rlines *l)
{
	l->b.len = 0;
	l->width = -1;
	l->bytes_left = 0;
}

/*
 * One RAND/DRAW record's values, on an R line at *ts ("random" lines: ts
 * NULL); -1 when it is malformed.
 */
static int rl_add(struct rlines *l, const uint64_t *ts, const struct qdk_rec_rand *d)
{
	unsigned int i, w = d->width;

	if (d->len > QDK_REC_RAND_CHUNK)
		return -1;
	if (w) {
		if (w != 1 && w != 2 && w != 4 && w != 8)
			return -1;
		if (l->width == (int)w)
			l->b.len--;	/* the same getter again: one more value */
		else
			trace_w_rand(&l->b, ts, w);
		l->width = (int)w;
		for (i = 0; i + w <= d->len; i += w) {
			uint64_t v = 0;

			memcpy(&v, d->data + i, w);	/* host order, low bytes */
			trace_w_draw(&l->b, w, v, NULL, 0);
		}
		trace_w_char(&l->b, '\n');
		return l->b.err;
	}
	if (d->off == 0) {
		if (l->bytes_left)
			return -1;
		l->bytes_left = d->total;
		if (l->width == 0)
			l->b.len--;	/* another buffer: one more word */
		else
			trace_w_rand(&l->b, ts, 0);
		trace_w_char(&l->b, ' ');
		l->width = 0;
	}
	if (d->len > l->bytes_left)
		return -1;
	trace_w_hex(&l->b, d->data, d->len);
	l->bytes_left -= d->len;
	if (!l->bytes_left)
		trace_w_char(&l->b, '\n');
	return l->b.err;
}

/*
 * The sockets of the packets seen (ENQSK), by the recorder's id (a keyed
 * hash of the kernel's pointer): each has the trace's id and the fields
 * its last sock line said.
 */
struct sock_ent {
	uint64_t key;		/* the recorder's id; the slot is empty while sk.id is 0 */
	struct trace_sk sk;	/* as last written */
};

struct sock_tab {
	struct sock_ent *e;
	size_t cap, n;
	uint32_t next_sid;
};

static struct sock_ent *st_slot(struct sock_ent *e, size_t cap, uint64_t key)
{
	size_t i = (size_t)mix64(key) & (cap - 1);

	while (e[i].sk.id && e[i].key != key)
		i = (i + 1) & (cap - 1);
	return &e[i];
}

/* key's entry, empty (sk.id 0) when new; NULL when out of memory */
static struct sock_ent *st_get(struct sock_tab *st, uint64_t key)
{
	if (2 * (st->n + 1) > st->cap) {
		size_t cap = st->cap ? 2 * st->cap : 64, i;
		struct sock_ent *ne = calloc(cap, sizeof(*ne));

		if (!ne)
			return NULL;
		for (i = 0; i < st->cap; i++)
			if (st->e[i].sk.id)
				*st_slot(ne, cap, st->e[i].key) = st->e[i];
		free(st->e);
		st->e = ne;
		st->cap = cap;
	}
	return st_slot(st->e, st->cap, key);
}

/* ---- the writer ------------------------------------------------------- */

struct tw {
	FILE *out;		/* where w's text goes: the output, or memory while held */
	struct trace_w w;
	struct tw_opts o;
	struct tw_counts c;

	/* the followed child */
	bool following;
	uint32_t inst, gen;
	bool fresh;		/* grafted while capturing: counters from 0 */
	bool nostats_seen;
	/* events lost after the child was chosen, before its first call */
	uint64_t lost_early, lost_early_ts;
	struct qdk_rec conf;
	uint8_t *tca;
	uint32_t tca_have;
	bool header_done;
	/* the "random" lines of the child's init (RAND records), as text */
	struct rlines rnd;
	bool rnd_norand;
	/* R lines of the pending call, of the change being recorded */
	struct rlines r_call, r_chg;
	struct trace_w c_call;	/* C lines of the pending call, in memory */
	/* the child's tree: the last TREE's nodes, their TCA bytes */
	struct tnode {
		struct qdk_rec_node n;
		uint8_t *tca;
		uint32_t have;
	} *nodes;
	size_t nnodes, capnodes;
	long node_fill;		/* the node whose TCA records come next; -1: none */
	uint32_t draws_left;	/* DRAW records the pending call has to come */
	FILE *call_out;		/* the real output while a call that drew is held */
	char *call_buf;
	size_t call_bufsz;

	struct pkt_map pkts;
	struct flow_tab flows;
	struct sock_tab socks;
	uint64_t next_id;
	uint64_t last_ts;
	uint32_t hz;		/* the recording kernel's HZ (HELLO) */
	uint64_t jiffies;	/* the kernel's, as last written (jiffies, j lines) */

	/* the call whose consequences are still arriving */
	bool pending;
	uint64_t p_ts;
	uint64_t p_id;		/* arriving/returned packet, 0: none */
	bool p_mark;		/* it became CE during the call */
	bool p_dropped;		/* it was freed during the call */
	bool p_gone;		/* an arrival freed inside its enqueue */
	bool p_reset;		/* a reset: it frees every packet inside */
	bool p_timer;		/* the pending call is a timer: no counters */
	uint64_t p_cookie;	/* ... whose cookie this was */
	bool p_stats;
	uint32_t p_qlen, p_backlog, p_drops;

	/* a change of the child: options, then its result, then its drops */
	enum { CHG_NONE, CHG_OPTS, CHG_AWAIT } chg;
	uint64_t chg_ts;
	uint8_t *chg_tca;
	uint32_t chg_len, chg_have;
	struct qdk_rec chg_done;	/* the CHANGED record */
	uint64_t *chg_x;		/* ids of the packets it took out */
	size_t chg_nx, chg_capx;
	FILE *chg_out;			/* the real output while buffering */
	char *chg_buf;
	size_t chg_bufsz;

	/* the param lines of the child's module (PARAM records), in memory */
	struct trace_w params;
	/*
	 * A write or read of the child's module's device, from its DEVCALL
	 * to its DEVDONE: the records meanwhile are held back, to follow its
	 * b and u lines, which take the DEVCALL's time.
	 */
	bool dev_busy;
	struct qdk_rec dev_call;
	uint64_t dev_ts;
	uint8_t *dev_bytes;		/* QDK_REC_DEV_MAX */
	uint8_t *dev_have;		/* per QDK_REC_TCA_CHUNK chunk */
	FILE *dev_out;			/* the real output while holding */
	char *dev_buf;
	size_t dev_bufsz;
};

/* w's sink: the stream the text goes to now */
static int out_sink(void *ctx, const void *p, size_t n)
{
	struct tw *t = ctx;

	return fwrite(p, 1, n, t->out) == n ? 0 : -1;
}

/* From here on the text goes to f: what w holds goes where it belonged. */
static void out_to(struct tw *t, FILE *f)
{
	trace_w_flush(&t->w);
	t->out = f;
}

struct tw *tw_new(FILE *out, const struct tw_opts *o)
{
	struct tw *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->out = out;
	trace_w_init(&t->w, out_sink, t);
	trace_w_init(&t->rnd.b, NULL, NULL);
	trace_w_init(&t->r_call.b, NULL, NULL);
	trace_w_init(&t->r_chg.b, NULL, NULL);
	trace_w_init(&t->c_call, NULL, NULL);
	trace_w_init(&t->params, NULL, NULL);
	t->o = *o;
	rl_clear(&t->rnd);
	rl_clear(&t->r_call);
	rl_clear(&t->r_chg);
	t->node_fill = -1;
	return t;
}

static void nodes_clear(struct tw *t)
{
	size_t i;

	for (i = 0; i < t->nnodes; i++)
		free(t->nodes[i].tca);
	t->nnodes = 0;
	t->node_fill = -1;
}

void tw_free(struct tw *t)
{
	if (!t)
		return;
	free(t->pkts.s);
	free(t->flows.f);
	free(t->socks.e);
	free(t->tca);
	trace_w_free(&t->rnd.b);
	trace_w_free(&t->r_call.b);
	trace_w_free(&t->r_chg.b);
	trace_w_free(&t->c_call);
	nodes_clear(t);
	free(t->nodes);
	if (t->call_out) {
		fclose(t->out);
		t->out = t->call_out;
		free(t->call_buf);
	}
	trace_w_free(&t->w);
	free(t->chg_tca);
	free(t->chg_x);
	if (t->chg_out) {
		fclose(t->out);
		t->out = t->chg_out;
		free(t->chg_buf);
	}
	if (t->dev_out) {
		fclose(t->out);
		free(t->dev_buf);
	}
	trace_w_free(&t->params);
	free(t->dev_bytes);
	free(t->dev_have);
	free(t);
}

const struct tw_counts *tw_counts(const struct tw *t)
{
	return &t->c;
}

int tw_following(const struct tw *t)
{
	return t->following;
}

static void put_node(struct trace_w *w, const char *what, const struct tnode *nd)
{
	trace_w_printf(w, "%s ", what);
	if (nd->n.parent == 0xffffffffU)
		trace_w_str(w, "root");
	else
		trace_w_handle(w, nd->n.parent);
	trace_w_char(w, ' ');
	trace_w_handle(w, nd->n.handle);
	trace_w_printf(w, " %.16s ", nd->n.kind);
	if (!nd->n.tca_len)
		trace_w_char(w, '-');
	trace_w_hex(w, nd->tca, nd->n.tca_len);
	trace_w_char(w, '\n');
}

/* Is kind (empty: the filters are not known) a word of the list kinds? */
static bool kit_classifier(const char *kinds, const char *kind)
{
	size_t n = strlen(kind);

	while (n && kinds && *kinds) {
		size_t w;

		kinds += strspn(kinds, " ");
		w = strcspn(kinds, " ");
		if (w == n && !strncmp(kinds, kind, n))
			return true;
		kinds += w;
	}
	return false;
}

/*
 * The tree (version 3): classes with their parents first (a parent is the
 * root, the child's handle or a class already written), then the qdiscs
 * under classes, then the blocks with filters.
 */
static void write_tree(struct tw *t)
{
	uint32_t root = t->conf.conf.handle;
	size_t i, j, left = 0;
	bool *done = calloc(t->nnodes + 1, sizeof(*done)), more = true;

	if (!done)
		return;
	for (i = 0; i < t->nnodes; i++)
		left += t->nodes[i].n.what == QDK_NODE_CLASS;
	while (left && more) {
		more = false;
		for (i = 0; i < t->nnodes; i++) {
			const struct tnode *nd = &t->nodes[i];
			bool ok = nd->n.parent == 0xffffffffU || nd->n.parent == root;

			if (done[i] || nd->n.what != QDK_NODE_CLASS)
				continue;
			for (j = 0; !ok && j < t->nnodes; j++)
				ok = done[j] && t->nodes[j].n.handle == nd->n.parent;
			if (!ok)
				continue;
			put_node(&t->w, "class", nd);
			done[i] = more = true;
			left--;
		}
	}
	if (left)
		trace_w_printf(&t->w, "# %zu classes whose parent is not in the tree are left out\n", left);
	for (i = 0; i < t->nnodes; i++)
		if (t->nodes[i].n.what == QDK_NODE_QDISC)
			put_node(&t->w, "child", &t->nodes[i]);
	for (i = 0; i < t->nnodes; i++) {
		const struct tnode *nd = &t->nodes[i];
		char kind[sizeof(nd->n.kind) + 1];

		if (nd->n.what != QDK_NODE_FILTER)
			continue;
		snprintf(kind, sizeof(kind), "%.*s", (int)sizeof(nd->n.kind), nd->n.kind);
		if (kit_classifier(t->o.classifiers, kind))
			trace_w_classifier(&t->w, nd->n.handle, kind, nd->tca, nd->n.tca_len);
		else
			trace_w_filter(&t->w, nd->n.handle);
	}
	free(done);
}

static void write_header(struct tw *t)
{
	const struct qdk_rec_conf *c = &t->conf.conf;

	trace_w_magic(&t->w, 3);
	trace_w_printf(&t->w, "# captured by qdk-capture: recorder instance %u, child generation %u\n",
		t->inst, t->gen);
	if (!t->fresh)
		trace_w_printf(&t->w, "# the child existed before the capture (qlen %u): recording began when it was empty; a replay starts from a fresh qdisc and may diverge\n",
			c->qlen);
	trace_w_printf(&t->w, "# tca: %s\n", t->conf.flags & QDK_RF_INITOPT ?
		"the TCA_OPTIONS tc handed to the child's init" :
		"the child's own dump (what tc sent was not seen)");
	if (t->o.note)
		trace_w_printf(&t->w, "# %s\n", t->o.note);
	if (t->o.source)
		trace_w_printf(&t->w, "source %s\n", t->o.source);
	trace_w_printf(&t->w, "qdisc %.16s%s%s\n", c->kind,
		t->o.qdisc_opts && *t->o.qdisc_opts ? " " : "",
		t->o.qdisc_opts ? t->o.qdisc_opts : "");
	if (!c->tca_len) {
		trace_w_printf(&t->w, "tca -\n");
	} else {
		trace_w_str(&t->w, "tca ");
		trace_w_hex(&t->w, t->tca, c->tca_len);
		trace_w_char(&t->w, '\n');
	}
	trace_w_printf(&t->w, "dev name=%.16s mtu=%u txqlen=%u txqs=%u", c->dev,
		c->mtu, c->txqlen, c->txqs ? c->txqs : 1);
	/* the link speed cbs and taprio read (none: the device has no settings) */
	if (c->speed == 0xffffffffU)
		trace_w_str(&t->w, " speed=unknown");
	else if (c->speed)
		trace_w_printf(&t->w, " speed=%u", c->speed);
	trace_w_char(&t->w, '\n');
	/*
	 * etf's TAI launch times: the replay's TAI clock is the capture's. A
	 * kernel's is never 0 (it counts from 1970, the monotonic clock from
	 * boot): 0 is a record that does not say (a test stream)
	 */
	if (c->tai)
		trace_w_printf(&t->w, "clock tai=%lld\n", (long long)c->tai);
	if (c->created)
		trace_w_printf(&t->w, "created %llu\n", (unsigned long long)c->created);
	trace_w_str(&t->w, "handle ");
	trace_w_handle(&t->w, c->handle);
	trace_w_str(&t->w, "\nparent ");
	if (c->parent == 0xffffffffU)
		trace_w_str(&t->w, "root");
	else
		trace_w_handle(&t->w, c->parent);
	trace_w_printf(&t->w, "\nhz %u\n", t->conf.count ? t->conf.count : 250);
	/* the kernel's jiffies when the child was made; j lines as they tick */
	trace_w_printf(&t->w, "jiffies %llu\n", (unsigned long long)t->jiffies);
	/* every fire of the child's own timer_lists is a t line */
	if (t->conf.flags & QDK_RF_TIMERS)
		trace_w_printf(&t->w, "timers recorded\n");
	if (t->params.len)
		trace_w_mem(&t->w, t->params.buf, t->params.len);
	if (t->rnd_norand)
		trace_w_printf(&t->w, "# random: a random getter could not be probed; draws through it are not here\n");
	trace_w_mem(&t->w, t->rnd.b.buf, t->rnd.b.len);
	if (t->nnodes)
		write_tree(t);
	t->header_done = true;
}

static uint64_t ts_of(struct tw *t, uint64_t ts)
{
	/* the kernel's clock is monotonic; guard the format's rule anyway */
	if (ts < t->last_ts)
		ts = t->last_ts;
	t->last_ts = ts;
	return ts;
}

/*
 * A call that drew: write the rest of it to memory, so that its R lines,
 * which arrive after the call's record, can go before its line.
 */
static void call_hold(struct tw *t, uint32_t draws)
{
	FILE *m = open_memstream(&t->call_buf, &t->call_bufsz);

	rl_clear(&t->r_call);
	t->draws_left = draws;
	if (!m)
		return;		/* written unheld: verify then reports the draws */
	t->call_out = t->out;
	out_to(t, m);
}

/* ... and all of it has come: its R lines, then the call. */
static void call_release(struct tw *t)
{
	FILE *m = t->out;

	out_to(t, t->call_out);
	t->call_out = NULL;
	if (t->draws_left) {
		/* not stored (the ring was full): the trace says so */
		trace_w_printf(&t->w, "%llu R lost %u\n", (unsigned long long)t->p_ts,
			       t->draws_left);
		t->c.rand_lost += t->draws_left;
	}
	trace_w_mem(&t->w, t->r_call.b.buf, t->r_call.b.len);
	rl_clear(&t->r_call);
	trace_w_mem(&t->w, t->c_call.buf, t->c_call.len);
	t->c_call.len = 0;
	if (fclose(m) == 0)
		trace_w_mem(&t->w, t->call_buf, t->call_bufsz);
	free(t->call_buf);
	t->call_buf = NULL;
}

/*
 * A reset's end: qdisc_reset() empties the child, so every packet still in
 * it was freed. Most kinds free them with rtnl_kfree_skbs(), when tc
 * releases rtnl, after the call: no DROP record comes for those (a recorder
 * deleted under traffic left them out, and verify parted at the r line).
 * In the map's order: verify takes a call's x lines as a set.
 */
static void reset_frees(struct tw *t)
{
	size_t i;

	for (i = 0; i < t->pkts.cap; i++) {
		if (!t->pkts.s[i].cookie)
			continue;
		trace_w_id_line(&t->w, t->p_ts, 'x', t->pkts.s[i].id);
		t->c.drops++;
	}
	pm_clear(&t->pkts);
}

/* Finish the previous call: its mark and its statistics. */
static void flush_call(struct tw *t)
{
	if (!t->pending)
		return;
	t->pending = false;
	if (t->p_reset)
		reset_frees(t);
	if (t->p_gone) {
		/* no drop record named it (consumed): it is gone all the same */
		struct pkt_slot *s = pm_find(&t->pkts, t->p_cookie);

		if (s && s->id == t->p_id)
			pm_del(&t->pkts, s);
	}
	if (t->p_mark && !t->p_dropped) {
		trace_w_id_line(&t->w, t->p_ts, 'm', t->p_id);
		t->c.marks++;
	}
	if (t->p_stats) {
		trace_w_ts_op(&t->w, t->p_ts, 's');
		trace_w_printf(&t->w, " qlen=%u backlog=%u", t->p_qlen, t->p_backlog);
		if (t->fresh)
			trace_w_printf(&t->w, " drops=%u", t->p_drops);
		trace_w_char(&t->w, '\n');
	}
	if (t->call_out)
		call_release(t);
}

static void begin_call(struct tw *t, const struct qdk_rec *r, uint64_t ts)
{
	uint64_t j = t->jiffies + (uint32_t)(r->jiffies - (uint32_t)t->jiffies);

	flush_call(t);
	if (j != t->jiffies) {
		/* the kernel's jiffies ticked since the last call: from here on */
		trace_w_ts_op(&t->w, ts, 'j');
		trace_w_char(&t->w, ' ');
		trace_w_u64(&t->w, j);
		trace_w_char(&t->w, '\n');
		t->jiffies = j;
	}
	t->pending = true;
	t->p_ts = ts;
	t->p_id = 0;
	t->p_mark = false;
	t->p_dropped = false;
	t->p_gone = false;
	t->p_reset = false;
	t->p_timer = false;
	t->c.calls++;
	t->p_stats = !(r->flags & QDK_RF_NOSTATS) &&
		t->o.stats_every && t->c.calls % t->o.stats_every == 0;
	t->p_qlen = r->qlen;
	t->p_backlog = r->backlog;
	t->p_drops = r->drops;
	if (r->flags & QDK_RF_NOSTATS)
		t->nostats_seen = true;
}

static bool is_ce(uint8_t tos)
{
	return (tos & 3) == 3;
}

static bool has_ports(uint8_t proto)
{
	return proto == 6 || proto == 17;
}

/* An enqueue record's packet in the format's fields (QDK_RF_AF_* are TRACE_AF_*). */
static void pkt_of(const struct qdk_rec_enq *e, struct trace_pkt *p)
{
	trace_pkt_defaults(p);
	p->pkt_len = e->pkt_len;
	p->len = e->len;
	p->gso_segs = e->gso_segs;
	p->gso_size = e->gso_size;
	p->ethertype = e->ethertype;
	p->family = e->family;
	if (e->family) {
		p->l4proto = e->l4proto;
		memcpy(p->saddr, e->saddr, 16);
		memcpy(p->daddr, e->daddr, 16);
		if (has_ports(e->l4proto)) {
			p->sport = e->sport;
			p->dport = e->dport;
		}
		p->tos = e->tos;
		p->ttl = e->ttl;
		if (e->l4proto == 6)
			p->tcp_flags = e->tcp_flags;
	}
	p->hash = e->hash;
	p->priority = e->priority;
	p->mark = e->mark;
	p->queue_mapping = e->queue_mapping;
	p->tc_index = e->tc_index;
	p->truesize = e->truesize;
	p->tstamp = e->tstamp;
}

static struct flow *flow_of(struct tw *t, const struct qdk_rec_enq *e)
{
	struct flow_key k;
	struct flow *f;
	bool fresh;

	memset(&k, 0, sizeof(k));
	k.ethertype = e->ethertype;
	k.family = e->family;
	if (e->family) {
		k.proto = e->l4proto;
		memcpy(k.saddr, e->saddr, 16);
		memcpy(k.daddr, e->daddr, 16);
		if (has_ports(e->l4proto)) {
			k.sport = e->sport;
			k.dport = e->dport;
		}
	}
	f = ft_get(&t->flows, &k, &fresh);
	if (!f || !fresh)
		return f;
	pkt_of(e, &f->pkt);
	trace_w_flow(&t->w, f->fid, &f->pkt, true);
	return f;
}

/*
 * A TCP GSO packet's header length (thlen=, when not 20): the stack counted
 * the headers of every segment but the first into its pkt_len
 * (qdisc_pkt_len_init(): (gso_segs - 1) times the Ethernet, IP and TCP
 * header bytes), so the difference gives them back. Segmenting it in the
 * replay needs them: the payload is what follows the TCP options.
 */
static uint8_t thlen_of(const struct flow *fl, const struct qdk_rec_enq *e)
{
	unsigned int extra, hdr, l3;

	if (fl->k.proto != 6 || !e->family || e->gso_segs < 2 || e->pkt_len <= e->len)
		return 0;
	extra = e->pkt_len - e->len;
	l3 = e->family == QDK_RF_AF_INET6 ? 40 : 20;
	if (extra % (e->gso_segs - 1))
		return 0;
	hdr = extra / (e->gso_segs - 1);
	if (hdr > 14 + l3 + 20 && hdr <= 14 + l3 + 60 && (hdr - 14 - l3) % 4 == 0)
		return (uint8_t)(hdr - 14 - l3);
	return 0;
}

/*
 * The trace's socket of an ENQSK record: its sock line when it is new
 * (a pointer the recorder saw before, now of another protocol, is a new
 * socket) or when its fields changed; 0 when out of memory.
 */
static uint32_t sock_of(struct tw *t, const struct qdk_rec_sock *rs)
{
	struct sock_ent *se = st_get(&t->socks, rs->id);
	struct trace_sk n;

	if (!se)
		return 0;
	trace_sk_defaults(&n, se->sk.id, rs->proto);
	n.family = rs->family == 10 ? TRACE_AF_INET6 : TRACE_AF_INET;
	n.type = rs->type;
	n.state = rs->state;
	n.hash = rs->hash;
	n.pacing_rate = rs->pacing_rate;
	n.max_pacing_rate = rs->max_pacing_rate;
	n.pacing_status = rs->pacing_status;
	n.ca_state = rs->ca_state;
	n.cwnd = rs->cwnd;
	n.srtt_us = rs->srtt_us;
	n.mss = rs->mss;
	if (!se->sk.id || se->sk.proto != n.proto || se->sk.type != n.type ||
	    se->sk.family != n.family) {
		if (!se->sk.id)
			t->socks.n++;
		se->key = rs->id;
		n.id = ++t->socks.next_sid;
		trace_w_sock(&t->w, &n, NULL);
		t->c.socks++;
	} else if (!trace_sk_same(&n, &se->sk)) {
		trace_w_sock(&t->w, &n, &se->sk);
		t->c.sock_lines++;
	}
	se->sk = n;
	return n.id;
}

/*
 * A call with an arriving packet (an enqueue, a hook's): its flow (and
 * socket, sid not NULL) declared, the call begun and held for its draws,
 * the packet's id in t->p_id. NULL on an error.
 */
static struct flow *packet_call(struct tw *t, const struct qdk_rec *r, uint64_t ts,
				uint32_t *sid)
{
	struct flow *f;

	/* the previous call's consequences first: a flow line ends them */
	flush_call(t);
	f = flow_of(t, &r->enq);
	if (!f)
		return NULL;
	if (sid && r->type == QDK_REC_ENQSK) {
		*sid = sock_of(t, &r->enqsk.sock);
		if (!*sid)
			return NULL;
	}
	begin_call(t, r, ts);
	if (r->count)
		call_hold(t, r->count);
	t->p_id = ++t->next_id;
	return f;
}

static int on_enq(struct tw *t, const struct qdk_rec *r, uint64_t ts)
{
	const struct qdk_rec_enq *e = &r->enq;
	struct trace_pkt p;
	struct flow *f;
	uint64_t id;
	uint32_t sid = 0;

	f = packet_call(t, r, ts, &sid);
	if (!f)
		return -1;
	id = t->p_id;
	t->c.enq++;
	/* a verdict the format cannot say is written as a number: verify refuses it */
	trace_w_enqueue(&t->w, ts, id, f->fid, e->pkt_len, (uint32_t)e->ret);
	pkt_of(e, &p);
	p.thlen = thlen_of(f, e);
	p.sk = sid;
	trace_w_pkt_keys(&t->w, &p, &f->pkt);
	trace_w_char(&t->w, '\n');
	if (pm_put(&t->pkts, r->pkt, id, e->tos_after))
		return -1;
	if (!(r->flags & QDK_RF_GONE)) {
		t->p_mark = is_ce(e->tos_after) && !is_ce(e->tos);
	} else {
		/* freed inside the call: a kfree_skb says so among its drops */
		t->p_gone = true;
		t->p_cookie = r->pkt;
	}
	return 0;
}

/*
 * A packet through the tc hook of an ingress or clsact qdisc (i, o): an
 * enqueue's fields but the verdict, and LEN skb->len there (at ingress
 * behind the Ethernet header the replay builds and pulls). Its drop (a shot)
 * comes as a DROP record; what the hook lets through is gone from here.
 */
static int on_hook(struct tw *t, const struct qdk_rec *r, uint64_t ts)
{
	const struct qdk_rec_enq *e = &r->enq;
	bool egress = r->flags & QDK_RF_EGRESS;
	struct trace_pkt p;
	struct flow *f;
	uint64_t id;

	f = packet_call(t, r, ts, NULL);
	if (!f)
		return -1;
	id = t->p_id;
	t->c.hooked++;
	pkt_of(e, &p);
	/* the hook counts skb->len (6.1, 6.12): LEN, the replay's frame LEN + 14 */
	if (!egress)
		p.pkt_len = p.len;
	p.thlen = thlen_of(f, e);
	trace_w_hook(&t->w, ts, egress ? 'o' : 'i', id, f->fid, p.pkt_len);
	trace_w_pkt_keys(&t->w, &p, &f->pkt);
	trace_w_char(&t->w, '\n');
	if (pm_put(&t->pkts, r->pkt, id, e->tos))
		return -1;
	t->p_gone = true;
	t->p_cookie = r->pkt;
	return 0;
}

/* A packet leaving (dequeue) or shown (peek); 0 when unknown. */
static uint64_t on_take(struct tw *t, const struct qdk_rec *r, uint64_t ts,
			bool peek)
{
	struct pkt_slot *s = r->pkt ? pm_find(&t->pkts, r->pkt) : NULL;
	uint64_t id = s ? s->id : 0;

	begin_call(t, r, ts);
	if (r->count)
		call_hold(t, r->count);
	if (peek)
		t->c.peek++;
	else
		t->c.deq++;
	if (r->pkt && !s) {
		/* not seen arriving: this trace cannot be replayed */
		trace_w_printf(&t->w, "# %s returned a packet that was never enqueued while recording\n",
			peek ? "peek" : "dequeue");
		trace_w_printf(&t->w, "%llu lost 1\n", (unsigned long long)ts);
		t->c.unknown++;
		t->pending = false;
		/* held for its draws: out again now (they come as R lost lines) */
		if (t->call_out) {
			t->draws_left = 0;
			call_release(t);
		}
		return 0;
	}
	trace_w_id_line(&t->w, ts, peek ? 'p' : 'd', s ? id : 0);
	if (s && !peek) {
		/*
		 * FORMAT.md compares marks after enqueue and dequeue only: a
		 * mark made inside a peek (qdisc_peek_dequeued runs codel) is
		 * reported on the dequeue that hands the packet out.
		 */
		t->p_id = id;
		t->p_mark = is_ce(r->tos) && !is_ce(s->tos);
		pm_del(&t->pkts, s);
	}
	return id;
}

static void on_drop(struct tw *t, uint64_t cookie, uint64_t ts)
{
	struct pkt_slot *s = pm_find(&t->pkts, cookie);

	if (!s) {
		/* freed but never ours (e.g. a GSO segment made inside) */
		t->c.unknown++;
		return;
	}
	trace_w_id_line(&t->w, ts, 'x', s->id);
	if (t->pending && s->id == t->p_id)
		t->p_dropped = true;
	t->c.drops++;
	pm_del(&t->pkts, s);
}

static bool wanted(const struct tw *t, const struct qdk_rec *r)
{
	const struct qdk_rec_conf *c = &r->conf;

	if (t->o.dev && strncmp(t->o.dev, c->dev, sizeof(c->dev)))
		return false;
	if (t->o.kind && strncmp(t->o.kind, c->kind, sizeof(c->kind)))
		return false;
	if (t->o.handle && t->o.handle != c->handle)
		return false;
	return true;
}

static int on_conf(struct tw *t, const struct qdk_rec *r)
{
	if (t->following && r->inst == t->inst && t->c.calls)
		return 1;	/* our child was replaced: the trace ends */
	if (t->following && r->inst != t->inst)
		return 0;
	if (!wanted(t, r)) {
		if (t->following && r->inst == t->inst)
			t->following = false;	/* replaced by an unwanted one */
		return 0;
	}
	if (r->conf.tca_len > QDK_TCA_MAX) {
		fprintf(stderr, "qdk-capture: a configuration record claims %u bytes of TCA_OPTIONS; a netlink attribute holds at most %u\n",
			r->conf.tca_len, QDK_TCA_MAX);
		return -1;
	}
	t->following = true;
	t->inst = r->inst;
	t->gen = r->gen;
	t->fresh = r->flags & QDK_RF_FRESH;
	t->jiffies = (uint64_t)r->conf.jiffies_hi << 32 | r->jiffies;
	t->conf = *r;
	t->conf.count = 0;
	free(t->tca);
	t->tca = NULL;
	t->tca_have = 0;
	rl_clear(&t->rnd);
	t->rnd_norand = false;
	t->params.len = 0;
	nodes_clear(t);
	if (r->conf.tca_len) {
		t->tca = calloc(1, r->conf.tca_len);
		if (!t->tca)
			return -1;
	}
	return 0;
}

/* TREE: the child's tree from now on (before the first call: the header's) */
static int on_tree(struct tw *t, const struct qdk_rec *r)
{
	if (t->header_done) {
		/* the replay builds the tree once, before the first call */
		flush_call(t);
		trace_w_printf(&t->w, "# tc changed the child's classes, children or filters during the capture\n%llu lost 1\n",
			(unsigned long long)t->last_ts);
		t->c.lost++;
		return 0;
	}
	nodes_clear(t);
	return 0;
}

/* NODE: one class, qdisc under a class or filter block of that tree */
static int on_node(struct tw *t, const struct qdk_rec *r)
{
	struct tnode *nd;

	if (t->header_done)
		return 0;
	if (t->nnodes == t->capnodes) {
		size_t cap = t->capnodes ? 2 * t->capnodes : 16;
		struct tnode *n = realloc(t->nodes, cap * sizeof(*n));

		if (!n)
			return -1;
		t->nodes = n;
		t->capnodes = cap;
	}
	if (r->node.tca_len > QDK_TCA_MAX) {
		fprintf(stderr, "qdk-capture: a tree node's record claims %u bytes of TCA_OPTIONS; a netlink attribute holds at most %u\n",
			r->node.tca_len, QDK_TCA_MAX);
		return -1;
	}
	nd = &t->nodes[t->nnodes];
	memset(nd, 0, sizeof(*nd));
	nd->n = r->node;
	if (nd->n.tca_len) {
		nd->tca = calloc(1, nd->n.tca_len);
		if (!nd->tca)
			return -1;
		t->node_fill = (long)t->nnodes;
	} else {
		t->node_fill = -1;
	}
	t->nnodes++;
	return 0;
}

/* tc's names of TC_ACT_* (traces/FORMAT.md, C lines) */
/* CLS: a classification of the pending call, a C line before its line */
static int on_cls(struct tw *t, const struct qdk_rec *r)
{
	const struct qdk_rec_cls *k = &r->cls;

	if (!t->call_out) {
		flush_call(t);
		trace_w_printf(&t->w, "# a classification outside a recorded call\n%llu lost 1\n",
			(unsigned long long)t->last_ts);
		t->c.lost++;
		return 0;
	}
	if (t->draws_left)
		t->draws_left--;
	t->c.cls++;
	trace_w_classify(&t->c_call, t->p_ts, k->action, k->classid);
	return t->c_call.err;
}

/* RAND: the child's init drew these; kept as "random" lines for the header. */
static int on_rand(struct tw *t, const struct qdk_rec *r)
{
	const struct qdk_rec_rand *d = &r->rand;

	if (r->flags & QDK_RF_NORAND)
		t->rnd_norand = true;
	if (!d->len) {
		if (!d->lost)
			return 0;
		t->rnd.width = -1;
		trace_w_printf(&t->rnd.b, "random lost %u\n", d->lost);
		return t->rnd.b.err;
	}
	return rl_add(&t->rnd, NULL, d);
}

/*
 * DRAW: a draw of the pending call (R lines before its line), of the
 * change being recorded (before its c line), or draws the recorder could
 * not keep (an R lost line where the trace is).
 */
static int on_draw(struct tw *t, const struct qdk_rec *r)
{
	const struct qdk_rec_rand *d = &r->rand;
	bool chg = t->chg == CHG_OPTS;
	struct rlines *l = chg ? &t->r_chg : &t->r_call;
	uint64_t ts = chg ? t->chg_ts : t->p_ts;

	if (!d->len) {
		if (!d->lost && !(r->flags & QDK_RF_NORAND))
			return 0;
		if (r->flags & QDK_RF_NORAND)
			trace_w_printf(&t->w, "# random: a random getter could not be probed; draws through it are not here\n");
		if (d->lost) {
			flush_call(t);
			trace_w_printf(&t->w, "%llu R lost %u\n", (unsigned long long)t->last_ts, d->lost);
			t->c.rand_lost += d->lost;
		}
		return 0;
	}
	if (!chg && !t->call_out) {
		/* no call to attach it to: the draw is missing from the trace */
		trace_w_printf(&t->w, "# a random draw outside a recorded call\n%llu R lost 1\n",
			(unsigned long long)t->last_ts);
		t->c.rand_lost++;
		return 0;
	}
	if (!chg && t->draws_left)
		t->draws_left--;
	if (d->width)
		t->c.draws += d->len / d->width;
	else if (d->off + d->len >= d->total)
		t->c.draws++;
	return rl_add(l, &ts, d);
}

/*
 * NEW: a packet the child made during the pending call (netem's duplicate,
 * sent in again through the root). It gets the next id now, and an n line
 * among the call's R lines, before the call's line: the replay hands the id
 * to the packet its qdisc makes there (FORMAT.md, "Packets a qdisc makes").
 */
static int on_new(struct tw *t, const struct qdk_rec *r)
{
	struct pkt_slot *s = r->made.from ? pm_find(&t->pkts, r->made.from) : NULL;
	uint64_t id;

	if (!t->call_out) {
		/* no call to attach it to: its later dequeue is unknown */
		trace_w_printf(&t->w, "# a packet made outside a recorded call\n");
		return 0;
	}
	id = ++t->next_id;
	if (t->draws_left)
		t->draws_left--;
	t->c.made++;
	if (pm_put(&t->pkts, r->pkt, id, r->tos))
		return -1;
	t->r_call.width = -1;	/* R values after it start a new line */
	trace_w_made(&t->r_call.b, t->p_ts, id, s ? s->id : 0, r->made.truesize);
	return t->r_call.b.err;
}

/*
 * The change is complete (or never will be): its c line, its drops, the
 * counters after it, then what was held back meanwhile.
 */
static int chg_write(struct tw *t, bool ended)
{
	const struct qdk_rec *d = &t->chg_done;
	unsigned long long ts = t->chg_ts;
	size_t k;
	int err = 0;

	if (t->call_out)
		flush_call(t);	/* its lines are complete: out is the change's again */
	if (t->chg_out) {
		FILE *m = t->out;

		out_to(t, t->chg_out);
		if (fclose(m))
			err = -1;
		t->chg_out = NULL;
	}
	trace_w_mem(&t->w, t->r_chg.b.buf, t->r_chg.b.len);
	rl_clear(&t->r_chg);
	if (d->type != QDK_REC_CHANGED) {
		trace_w_printf(&t->w, "# the end of a change was not recorded\n%llu lost 1\n", ts);
		t->c.lost++;
	} else {
		trace_w_printf(&t->w, "%llu c %d ", ts, (int32_t)d->count);
		if (!t->chg_len)
			trace_w_char(&t->w, '-');
		trace_w_hex(&t->w, t->chg_tca, t->chg_len);
		trace_w_char(&t->w, '\n');
		for (k = 0; k < t->chg_nx; k++)
			trace_w_id_line(&t->w, ts, 'x', t->chg_x[k]);
		if (ended && t->chg_nx < d->removed) {
			trace_w_printf(&t->w, "# the change took out %u packets; %zu were seen freed\n",
				d->removed, t->chg_nx);
			trace_w_printf(&t->w, "%llu lost %zu\n", ts, d->removed - t->chg_nx);
			t->c.lost += d->removed - t->chg_nx;
		}
		if (!(d->flags & QDK_RF_NOSTATS)) {
			trace_w_printf(&t->w, "%llu s qlen=%u backlog=%u", ts, d->qlen, d->backlog);
			if (t->fresh)
				trace_w_printf(&t->w, " drops=%u", d->drops);
			trace_w_char(&t->w, '\n');
		}
	}
	if (t->chg_buf) {
		trace_w_mem(&t->w, t->chg_buf, t->chg_bufsz);
		free(t->chg_buf);
		t->chg_buf = NULL;
	}
	t->chg = CHG_NONE;
	return err;
}

/* What follows goes to memory (*buf, *size) until released; *real keeps the output. */
static int out_hold(struct tw *t, FILE **real, char **buf, size_t *size)
{
	FILE *m = open_memstream(buf, size);

	if (!m)
		return -1;
	*real = t->out;
	out_to(t, m);
	return 0;
}

static int on_change(struct tw *t, const struct qdk_rec *r, uint64_t ts)
{
	flush_call(t);
	if (t->chg != CHG_NONE && chg_write(t, true))
		return -1;
	if (r->flags & QDK_RF_NOREC) {
		/* before the trace's first call: its queue is not the replay's */
		trace_w_printf(&t->w, "# tc changed the qdisc before recording began; the change is not recorded\n");
		trace_w_printf(&t->w, "%llu lost 1\n", (unsigned long long)ts);
		t->c.lost++;
		return 0;
	}
	if (r->count > QDK_TCA_MAX) {
		fprintf(stderr, "qdk-capture: a change record claims %u bytes of TCA_OPTIONS; a netlink attribute holds at most %u\n",
			r->count, QDK_TCA_MAX);
		return -1;
	}
	free(t->chg_tca);
	t->chg_tca = NULL;
	if (r->count) {
		t->chg_tca = calloc(1, r->count);
		if (!t->chg_tca)
			return -1;
	}
	t->chg = CHG_OPTS;
	t->chg_ts = ts;
	t->chg_len = r->count;
	t->chg_have = 0;
	t->chg_nx = 0;
	rl_clear(&t->r_chg);
	memset(&t->chg_done, 0, sizeof(t->chg_done));
	t->c.calls++;
	t->c.change++;
	return 0;
}

static int on_changed(struct tw *t, const struct qdk_rec *r)
{
	if (t->chg != CHG_OPTS)
		return 0;
	if (t->chg_have != t->chg_len) {
		fprintf(stderr, "qdk-capture: a change's options arrived incomplete (%u of %u bytes)\n",
			t->chg_have, t->chg_len);
		return -1;
	}
	t->chg_done = *r;
	if (t->chg_nx >= r->removed)
		return chg_write(t, false);
	/*
	 * drops still to come: hold back what follows. A call's hold (its
	 * draws) nests inside, never around it: one still open (records out of
	 * the kernel's order) is finished first, its missing draws lost.
	 */
	if (t->call_out)
		flush_call(t);
	t->chg = CHG_AWAIT;
	return out_hold(t, &t->chg_out, &t->chg_buf, &t->chg_bufsz);
}

/* A packet the changing task freed: the change's, if it was inside. */
static int on_chg_drop(struct tw *t, uint64_t cookie)
{
	struct pkt_slot *s = pm_find(&t->pkts, cookie);

	if (t->chg == CHG_NONE || !s)
		return 0;	/* not one of ours (a netlink message...) */
	if (t->chg_nx == t->chg_capx) {
		size_t cap = t->chg_capx ? 2 * t->chg_capx : 64;
		uint64_t *x = realloc(t->chg_x, cap * sizeof(*x));

		if (!x)
			return -1;
		t->chg_x = x;
		t->chg_capx = cap;
	}
	t->chg_x[t->chg_nx++] = s->id;
	t->c.drops++;
	pm_del(&t->pkts, s);
	if (t->chg == CHG_AWAIT && t->chg_nx >= t->chg_done.removed)
		return chg_write(t, false);
	return 0;
}

/* PARAM: one parameter of the child's module, for the header */
static int on_param(struct tw *t, const struct qdk_rec *r)
{
	const struct qdk_rec_param *p = &r->param;
	size_t nl = strnlen(p->name, sizeof(p->name)), vl = strnlen(p->value, sizeof(p->value));

	if (t->header_done)
		return 0;
	if ((r->flags & QDK_RF_LONG) || !nl || !vl || vl == sizeof(p->value) ||
	    strcspn(p->value, " \t\n") != vl)
		trace_w_printf(&t->params, "# param %.*s: its value does not fit a param line; not recorded\n",
			       (int)nl, p->name);
	else
		trace_w_printf(&t->params, "param %.*s %.*s\n", (int)nl, p->name, (int)vl, p->value);
	return t->params.err;
}

/*
 * The device call is over: its b lines (runs of the chunks that came, at
 * most 1024 bytes a line; "b lost N" for those that did not), its u line,
 * then what was held back meanwhile. done NULL: it never returned.
 */
static int dev_write(struct tw *t, const struct qdk_rec *done)
{
	const struct qdk_rec_dev *c = &t->dev_call.dev;
	unsigned long long ts = t->dev_ts;
	bool wr = t->dev_call.flags & QDK_RF_WRITE;
	uint64_t want, kept, off, lost = 0;
	int err = 0;

	flush_call(t);
	if (t->chg != CHG_NONE && chg_write(t, true))
		err = -1;
	if (trace_w_flush(&t->w) || fclose(t->out))
		err = -1;
	t->out = t->dev_out;
	t->dev_out = NULL;
	t->dev_busy = false;
	if (!done) {
		trace_w_printf(&t->w, "# a %s of %.32s had not returned when the capture ended\n%llu lost 1\n",
			wr ? "write" : "read", c->name, ts);
		t->c.lost++;
	} else {
		want = wr ? c->count : done->dev.ret > 0 ? (uint64_t)done->dev.ret : 0;
		kept = done->dev.kept < want ? done->dev.kept : want;
		/* the recorder keeps no more than that; a record saying so is not one */
		if (kept > QDK_REC_DEV_MAX)
			kept = QDK_REC_DEV_MAX;
		for (off = 0; off < want; off += QDK_REC_TCA_CHUNK) {
			uint64_t end = off;

			if (off >= kept) {
				lost += want - off;
				break;
			}
			if (!t->dev_have[off / QDK_REC_TCA_CHUNK]) {
				lost += want - off < QDK_REC_TCA_CHUNK ? want - off : QDK_REC_TCA_CHUNK;
				continue;
			}
			if (lost) {
				trace_w_printf(&t->w, "%llu b lost %llu\n", ts, (unsigned long long)lost);
				lost = 0;
			}
			/* this chunk and those after it that came, up to 1024 bytes */
			while (end < kept && end - off < 1024 && t->dev_have[end / QDK_REC_TCA_CHUNK])
				end += QDK_REC_TCA_CHUNK;
			if (end > want)
				end = want;
			trace_w_printf(&t->w, "%llu b %llu ", ts, (unsigned long long)off);
			trace_w_hex(&t->w, t->dev_bytes + off, end - off);
			trace_w_printf(&t->w, "\n");
			off = end;
			off -= QDK_REC_TCA_CHUNK;	/* the loop steps to end */
		}
		if (lost)
			trace_w_printf(&t->w, "%llu b lost %llu\n", ts, (unsigned long long)lost);
		trace_w_printf(&t->w, "%llu u %.32s %s %lld %u %lld\n", ts, c->name[0] ? c->name : "?",
			wr ? "write" : "read", (long long)c->pos, c->count, (long long)done->dev.ret);
		t->c.devcalls++;
	}
	if (t->dev_buf) {
		trace_w_mem(&t->w, t->dev_buf, t->dev_bufsz);
		free(t->dev_buf);
		t->dev_buf = NULL;
	}
	return err;
}

/* DEVCALL: hold back what follows until its DEVDONE */
static int on_devcall(struct tw *t, const struct qdk_rec *r, uint64_t ts)
{
	if (t->dev_busy) {
		/* another task's call overlapped it: that one is not in the trace */
		trace_w_printf(&t->w, "# two device calls at once: the second is not recorded\n%llu lost 1\n",
			(unsigned long long)ts);
		t->c.lost++;
		return 0;
	}
	flush_call(t);
	if (t->chg != CHG_NONE && chg_write(t, true))
		return -1;
	if (!t->dev_bytes) {
		t->dev_bytes = malloc(QDK_REC_DEV_MAX);
		t->dev_have = malloc(QDK_REC_DEV_MAX / QDK_REC_TCA_CHUNK);
		if (!t->dev_bytes || !t->dev_have)
			return -1;
	}
	memset(t->dev_have, 0, QDK_REC_DEV_MAX / QDK_REC_TCA_CHUNK);
	t->dev_call = *r;
	t->dev_ts = ts;
	if (out_hold(t, &t->dev_out, &t->dev_buf, &t->dev_bufsz))
		return -1;
	t->dev_busy = true;
	return 0;
}

/* DEVDATA: a chunk of the call's bytes; one that could not be read is lost */
static int on_devdata(struct tw *t, const struct qdk_rec *r)
{
	uint32_t off = r->count;

	if (!t->dev_busy || (r->flags & QDK_RF_FAULT))
		return 0;
	if (off % QDK_REC_TCA_CHUNK || off >= QDK_REC_DEV_MAX) {
		fprintf(stderr, "qdk-capture: a device call's bytes at offset %u\n", off);
		return -1;
	}
	memcpy(t->dev_bytes + off, r->tca, QDK_REC_TCA_CHUNK);
	t->dev_have[off / QDK_REC_TCA_CHUNK] = 1;
	return 0;
}

/* A TCA chunk into buf (len bytes, *have so far); out of order: ignored. */
static void on_tca(uint8_t *buf, uint32_t len, uint32_t *have,
		   const struct qdk_rec *r)
{
	uint32_t n;

	if (r->count >= len || r->count != *have)
		return;
	n = len - r->count;
	if (n > QDK_REC_TCA_CHUNK)
		n = QDK_REC_TCA_CHUNK;
	memcpy(buf + r->count, r->tca, n);
	*have += n;
}

/* The first call, or the end: the header, once the configuration is whole. */
static int start_trace(struct tw *t)
{
	size_t i;

	if (t->tca_have != t->conf.conf.tca_len) {
		fprintf(stderr, "qdk-capture: the child's configuration arrived incomplete (%u of %u bytes)\n",
			t->tca_have, t->conf.conf.tca_len);
		return -1;
	}
	/* nor a tree node's, whose missing bytes would be written as zeros */
	for (i = 0; i < t->nnodes; i++) {
		if (t->nodes[i].have != t->nodes[i].n.tca_len) {
			fprintf(stderr, "qdk-capture: a tree node's options arrived incomplete (%u of %u bytes)\n",
				t->nodes[i].have, t->nodes[i].n.tca_len);
			return -1;
		}
	}
	t->conf.count = t->hz;
	write_header(t);
	/*
	 * They may have been the child's own first calls: the trace begins
	 * with them, so that verify refuses it for the loss, not for a
	 * divergence it would find later.
	 */
	if (t->lost_early)
		trace_w_printf(&t->w, "%llu lost %llu\n",
			       (unsigned long long)ts_of(t, t->lost_early_ts),
			       (unsigned long long)t->lost_early);
	return 0;
}

int tw_record(struct tw *t, const struct qdk_rec *r)
{
	uint64_t ts;

	t->c.records++;
	switch (r->type) {
	case QDK_REC_HELLO:
		if (r->hello.version != QDK_REC_VERSION ||
		    r->hello.rec_size != QDK_REC_SIZE) {
			fprintf(stderr, "qdk-capture: the module speaks record version %u (size %u), this tool %u (%u): rebuild them together\n",
				r->hello.version, r->hello.rec_size,
				QDK_REC_VERSION, QDK_REC_SIZE);
			return -1;
		}
		t->hz = r->hello.hz;
		return 0;
	case QDK_REC_CONF:
		return on_conf(t, r);
	case QDK_REC_LOST:
		t->c.lost += r->count;
		if (t->following && !t->c.calls) {
			if (!t->lost_early)
				t->lost_early_ts = r->ts;
			t->lost_early += r->count;
			return 0;
		}
		if (!t->following)
			return 0;
		flush_call(t);
		trace_w_printf(&t->w, "%llu lost %u\n",
			(unsigned long long)ts_of(t, r->ts), r->count);
		return 0;
	}
	if (r->type == QDK_REC_DRAW && !r->inst && t->following && t->header_done)
		return on_draw(t, r);	/* a probe's misses: every trace's */
	if (!t->following || r->inst != t->inst || r->gen != t->gen) {
		if (r->type == QDK_REC_DESTROY && t->following &&
		    r->inst == t->inst)
			return 1;
		return 0;
	}
	if (r->type == QDK_REC_TCA) {
		/* a change's options, a tree node's, or the configuration's */
		if (t->chg == CHG_OPTS) {
			on_tca(t->chg_tca, t->chg_len, &t->chg_have, r);
		} else if (t->node_fill >= 0) {
			struct tnode *nd = &t->nodes[t->node_fill];

			on_tca(nd->tca, nd->n.tca_len, &nd->have, r);
			if (nd->have == nd->n.tca_len)
				t->node_fill = -1;
		} else {
			on_tca(t->tca, t->conf.conf.tca_len, &t->tca_have, r);
		}
		return 0;
	}
	if (r->type == QDK_REC_TREE)
		return on_tree(t, r);
	if (r->type == QDK_REC_NODE)
		return on_node(t, r);
	if (r->type == QDK_REC_PARAM)
		return on_param(t, r);
	if (r->type == QDK_REC_RAND) {
		if (t->header_done)
			return 0;	/* not of this child's init */
		if (on_rand(t, r)) {
			fprintf(stderr, "qdk-capture: a malformed random-draw record\n");
			return -1;
		}
		return 0;
	}
	if (!t->header_done && start_trace(t))
		return -1;
	ts = ts_of(t, r->ts);
	switch (r->type) {
	case QDK_REC_ENQ:
	case QDK_REC_ENQSK:
		return on_enq(t, r, ts);
	case QDK_REC_HOOK:
		return on_hook(t, r, ts);
	case QDK_REC_DEQ:
		on_take(t, r, ts, false);
		return 0;
	case QDK_REC_PEEK:
		on_take(t, r, ts, true);
		return 0;
	case QDK_REC_TIMER:
		begin_call(t, r, ts);
		t->p_stats = false;	/* counters not read under the lock */
		t->p_timer = true;
		if (r->count)
			call_hold(t, r->count);
		t->c.timers++;
		trace_w_timer(&t->w, ts, r->timer.handle, r->timer.off);
		return 0;
	case QDK_REC_RESET:
		begin_call(t, r, ts);
		if (r->count)
			call_hold(t, r->count);
		t->c.reset++;
		trace_w_ts_op(&t->w, ts, 'r');
		trace_w_char(&t->w, '\n');
		t->p_reset = true;	/* its own DROP records first */
		return 0;
	case QDK_REC_DROP:
		if (r->flags & QDK_RF_CHG)
			return on_chg_drop(t, r->pkt);
		on_drop(t, r->pkt, ts);
		return 0;
	case QDK_REC_DESTROY:
		return 1;
	case QDK_REC_CHANGE:
		return on_change(t, r, ts);
	case QDK_REC_CHANGED:
		return on_changed(t, r);
	case QDK_REC_DRAW:
		if (on_draw(t, r)) {
			fprintf(stderr, "qdk-capture: a malformed random-draw record\n");
			return -1;
		}
		return 0;
	case QDK_REC_CLS:
		return on_cls(t, r);
	case QDK_REC_NEW:
		return on_new(t, r);
	case QDK_REC_CHGEND:
		if (t->chg != CHG_NONE)
			return chg_write(t, true);
		return 0;
	case QDK_REC_DEVCALL:
		return on_devcall(t, r, ts);
	case QDK_REC_DEVDATA:
		return on_devdata(t, r);
	case QDK_REC_DEVDONE:
		return t->dev_busy ? dev_write(t, r) : 0;
	}
	return 0;
}

int tw_finish(struct tw *t)
{
	if (!t->following)
		return 0;
	if (!t->header_done && start_trace(t))
		return -1;
	/* close with the counters, which a timer's record does not carry */
	if (t->pending && !t->nostats_seen && !t->p_timer)
		t->p_stats = true;
	flush_call(t);
	if (t->chg != CHG_NONE && chg_write(t, true))
		return -1;
	if (t->dev_busy && dev_write(t, NULL))
		return -1;
	return trace_w_flush(&t->w) || fflush(t->out) || ferror(t->out) ? -1 : 0;
}
