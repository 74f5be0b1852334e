// SPDX-License-Identifier: GPL-2.0
/*
 * pcap.c - `qdk-replay pcap`: a packet capture (pcap or pcapng, read by
 * Debian's libpcap) as an arrival-only trace for `drive`, written through
 * the trace library's writer (trace/write.h) like gen's.
 *
 * Every captured packet becomes one arrival (`e ID FID PKTLEN ?`) at its
 * capture time; its 5-tuple names a flow, declared before its first packet
 * with the first packet's TOS and TTL. A packet whose TOS, TTL or TCP flags
 * differ from its flow's says so with per-packet keys (FORMAT.md, "Enqueue
 * fields"); the flow's TCP flags are the format's default, ACK.
 *
 * PKTLEN is what the qdisc would see, qdisc_pkt_len(): the frame from its
 * Ethernet header on, as the capture's original length counts it (an
 * Ethernet capture's frames as they are, less their VLAN tags; a cooked
 * (SLL, SLL2) or raw IP capture's packets behind the 14-byte Ethernet header
 * the shim builds). A TCP or UDP packet without its ports (a later fragment,
 * or ports not captured) is of an `ip:N` flow.
 *
 * Same capture and options -> byte-identical output.
 */
#include <getopt.h>
#include <pcap/pcap.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tcopt.h"
#include "outfile.h"
#include "util.h"
#include "write.h"

#define ETH_HLEN 14
#define MAX_FID ((1u << 24) - 1)	/* the format's largest flow id */

/* What names a flow: the frame's ethertype, IP protocol, addresses, ports. */
struct pkey {
	uint16_t ethertype;
	uint8_t proto;		/* IP protocol; 0 for a non-IP frame */
	uint8_t v6;
	uint8_t src[16], dst[16];
	uint16_t sport, dport;
};

struct pflow {
	struct pkey key;
	uint32_t fid;		/* 0: an empty slot */
	uint8_t tos, ttl;
};

/* The flows seen so far: open addressing over the key's bytes. */
struct ptable {
	struct pflow *slot;
	uint32_t mask, n;
};

/* One packet's fields, as the capture holds them. */
struct ppkt {
	struct pkey key;
	bool ports;		/* tcp/udp with its ports captured */
	uint8_t tos, ttl, tcp;
	uint32_t pkt_len;
};

static uint64_t key_hash(const struct pkey *k)
{
	const uint8_t *p = (const uint8_t *)k;
	uint64_t h = 0xcbf29ce484222325ull;	/* FNV-1a */
	size_t i;

	for (i = 0; i < sizeof(*k); i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

static struct pflow *table_find(struct ptable *t, const struct pkey *k)
{
	uint32_t i;

	for (i = (uint32_t)key_hash(k) & t->mask; t->slot[i].fid; i = (i + 1) & t->mask)
		if (memcmp(&t->slot[i].key, k, sizeof(*k)) == 0)
			break;
	return &t->slot[i];
}

static void table_grow(struct ptable *t)
{
	struct pflow *old = t->slot;
	uint32_t n = t->mask + 1, i;

	t->mask = n * 2 - 1;
	t->slot = xcalloc((size_t)n * 2, sizeof(*t->slot));
	for (i = 0; i < n; i++)
		if (old[i].fid)
			*table_find(t, &old[i].key) = old[i];
	free(old);
}

/* The format's fields of a flow key: a non-IP frame keeps only its ethertype. */
static void pkt_of(const struct pkey *k, struct trace_pkt *p)
{
	trace_pkt_defaults(p);
	p->ethertype = k->ethertype;
	if (k->ethertype != 0x0800 && k->ethertype != 0x86dd)
		return;
	p->family = k->v6 ? TRACE_AF_INET6 : TRACE_AF_INET;
	p->l4proto = k->proto;
	memcpy(p->saddr, k->src, sizeof(p->saddr));
	memcpy(p->daddr, k->dst, sizeof(p->daddr));
	p->sport = k->sport;
	p->dport = k->dport;
}

static void put_flow(struct trace_w *w, const struct pflow *f, bool ports)
{
	struct trace_pkt p;

	pkt_of(&f->key, &p);
	if (p.family) {
		p.tos = f->tos;
		p.ttl = f->ttl;
	}
	trace_w_flow(w, f->fid, &p, ports);
}

struct pin {
	const char *path;
	uint64_t n;		/* packet number, from 1, for messages */
};

static void __attribute__((format(printf, 2, 3), noreturn))
bad(const struct pin *in, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "qdk-replay: %s: packet %llu: ", in->path, (unsigned long long)in->n);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* The transport ports and TCP flags at l4 (len bytes captured there). */
static void parse_l4(struct ppkt *p, const uint8_t *l4, size_t len)
{
	if (p->key.proto != 6 && p->key.proto != 17)
		return;
	if (len < (p->key.proto == 6 ? 14u : 4u))
		return;	/* not captured: the flow is ip:N, as a later fragment's */
	p->key.sport = be16(l4);
	p->key.dport = be16(l4 + 2);
	p->ports = true;
	if (p->key.proto == 6)
		p->tcp = l4[13];
}

/* The IP packet at l3 (len bytes captured), of the frame's ethertype. */
static void parse_l3(const struct pin *in, struct ppkt *p, const uint8_t *l3, size_t len)
{
	if (p->key.ethertype == 0x0800) {
		size_t ihl;

		if (len < 20 || (l3[0] >> 4) != 4)
			bad(in, "an IPv4 header that is not all captured, or not version 4");
		ihl = (size_t)(l3[0] & 15) * 4;
		if (ihl < 20 || ihl > len)
			bad(in, "an IPv4 header length of %zu bytes", ihl);
		p->tos = l3[1];
		p->ttl = l3[8];
		p->key.proto = l3[9];
		memcpy(p->key.src, l3 + 12, 4);
		memcpy(p->key.dst, l3 + 16, 4);
		/* a later fragment has no transport header */
		if ((be16(l3 + 6) & 0x1fff) == 0)
			parse_l4(p, l3 + ihl, len - ihl);
	} else {
		size_t off = 40;
		uint8_t nh;

		if (len < 40 || (l3[0] >> 4) != 6)
			bad(in, "an IPv6 header that is not all captured, or not version 6");
		p->key.v6 = 1;
		p->tos = (uint8_t)(be16(l3) >> 4);
		p->ttl = l3[7];
		memcpy(p->key.src, l3 + 8, 16);
		memcpy(p->key.dst, l3 + 24, 16);
		nh = l3[6];
		/* hop-by-hop, routing, destination options: skipped to the transport */
		while ((nh == 0 || nh == 43 || nh == 60) && off + 8 <= len) {
			nh = l3[off];
			off += ((size_t)l3[off + 1] + 1) * 8;
		}
		p->key.proto = nh;
		if (off <= len)
			parse_l4(p, l3 + off, len - off);
	}
}

/* The frame of link type dlt: its ethertype, fields and qdisc_pkt_len. */
static void parse(const struct pin *in, int dlt, const struct pcap_pkthdr *h, const uint8_t *d,
		  struct ppkt *p)
{
	size_t cap = h->caplen, off;
	uint32_t hdr;	/* link-layer bytes in place of the Ethernet header */

	memset(p, 0, sizeof(*p));
	switch (dlt) {
	case DLT_EN10MB:
		if (cap < ETH_HLEN)
			bad(in, "an Ethernet header that is not all captured");
		p->key.ethertype = be16(d + 12);
		off = ETH_HLEN;
		/*
		 * VLAN tags (802.1Q, 802.1ad) lie between the MACs and the
		 * type; the shim's frame has none, so the length leaves them out
		 */
		while ((p->key.ethertype == 0x8100 || p->key.ethertype == 0x88a8) &&
		       cap >= off + 4) {
			p->key.ethertype = be16(d + off + 2);
			off += 4;
		}
		hdr = (uint32_t)off;
		break;
	case DLT_LINUX_SLL:
		if (cap < 16)
			bad(in, "a cooked (SLL) header that is not all captured");
		p->key.ethertype = be16(d + 14);
		off = hdr = 16;
		break;
	case DLT_LINUX_SLL2:
		if (cap < 20)
			bad(in, "a cooked (SLL2) header that is not all captured");
		p->key.ethertype = be16(d);
		off = hdr = 20;
		break;
	case DLT_RAW:
	case DLT_IPV4:
	case DLT_IPV6:
		if (cap < 1)
			bad(in, "an empty packet");
		p->key.ethertype = (d[0] >> 4) == 6 ? 0x86dd : 0x0800;
		off = hdr = 0;
		break;
	default:
		die(2, "%s: link type %s (%d) is not one this reads (Ethernet, Linux cooked "
		    "SLL/SLL2, raw IP)", in->path, pcap_datalink_val_to_name(dlt) ?: "?", dlt);
	}
	if (h->len < hdr)
		bad(in, "an original length of %u bytes, shorter than its link header", h->len);
	p->pkt_len = h->len - hdr + ETH_HLEN;
	p->ttl = 64;
	if (p->key.ethertype == 0x0800 || p->key.ethertype == 0x86dd)
		parse_l3(in, p, d + off, cap - off);
}

static void usage(FILE *f)
{
	fputs("usage: qdk-replay pcap [--start NS | --keep-time] [--qdisc \"KIND OPTS\"] CAPTURE -o OUT.qtr\n"
	      "  CAPTURE: pcap or pcapng (tcpdump -w), Ethernet, Linux cooked (SLL, SLL2) or raw IP.\n"
	      "  Writes its packets as arrivals (verdict ?), the input of `qdk-replay drive`:\n"
	      "  the first at NS (default 1000000000, as gen's), or at its capture time in ns\n"
	      "  since the epoch with --keep-time.\n", f);
}

int cmd_pcap(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "start", required_argument, NULL, 'b' },
		{ "keep-time", no_argument, NULL, 'k' },
		{ "qdisc", required_argument, NULL, 'Q' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *qdisc = NULL;
	uint64_t start = 1000000000ull, first = 0, last = 0;
	bool keep = false;
	char err[PCAP_ERRBUF_SIZE];
	struct ptable tab = { 0 };
	struct pcap_pkthdr *h;
	const u_char *data;
	struct outfile o;
	struct trace_w *w = &o.w;
	struct pin in;
	pcap_t *pc;
	int c, r, dlt;

	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (tcopt_get_u64(optarg, &start))
				die(2, "bad --start \"%s\" (ns)", optarg);
			break;
		case 'k':
			keep = true;
			break;
		case 'Q':
			qdisc = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind + 1 != argc || !out) {
		usage(stderr);
		return 2;
	}
	in.path = argv[optind];
	in.n = 0;
	refuse_same_file(out, in.path);
	pc = pcap_open_offline_with_tstamp_precision(in.path, PCAP_TSTAMP_PRECISION_NANO, err);
	if (!pc)
		die(2, "%s: %s", in.path, err);
	dlt = pcap_datalink(pc);
	tab.mask = 1023;
	tab.slot = xcalloc(tab.mask + 1, sizeof(*tab.slot));
	out_open(&o, out);
	trace_w_magic(w, 1);
	trace_w_printf(w, "source qdk-replay pcap%s %s\n", keep ? " --keep-time" : "", in.path);
	if (qdisc)
		trace_w_printf(w, "qdisc %s\n", qdisc);
	while ((r = pcap_next_ex(pc, &h, &data)) == 1) {
		uint64_t ts = (uint64_t)h->ts.tv_sec * 1000000000ull + (uint64_t)h->ts.tv_usec;
		struct pflow *f;
		struct ppkt p;
		struct trace_pkt fp, pk;

		in.n++;
		if (h->ts.tv_sec < 0)
			bad(&in, "a time before the epoch");
		if (in.n == 1)
			first = ts;
		else if (ts < last)
			bad(&in, "its time %llu ns is before the previous packet's %llu ns (sort the "
			    "capture first: reordercap)", (unsigned long long)ts,
			    (unsigned long long)last);
		last = ts;
		parse(&in, dlt, h, data, &p);
		if (!p.ports)
			p.key.sport = p.key.dport = 0;
		f = table_find(&tab, &p.key);
		if (!f->fid) {
			if (tab.n == MAX_FID)
				bad(&in, "more than %u flows", MAX_FID);
			f->key = p.key;
			f->fid = ++tab.n;
			f->tos = p.tos;
			f->ttl = p.ttl;
			put_flow(w, f, p.ports);
			if (tab.n * 2 > tab.mask + 1) {
				table_grow(&tab);
				f = table_find(&tab, &p.key);
			}
		}
		trace_w_ts_op(w, keep ? ts : start + (ts - first), 'e');
		trace_w_char(w, ' ');
		trace_w_u64(w, in.n);
		trace_w_char(w, ' ');
		trace_w_u64(w, f->fid);
		trace_w_char(w, ' ');
		trace_w_u64(w, p.pkt_len);
		trace_w_str(w, " ?");
		pkt_of(&f->key, &fp);
		pk = fp;
		pk.pkt_len = pk.len = p.pkt_len;
		if (fp.family) {
			fp.tos = f->tos;
			fp.ttl = f->ttl;
			pk.tos = p.tos;
			pk.ttl = p.ttl;
		}
		if (p.ports && p.key.proto == 6)
			pk.tcp_flags = p.tcp;
		trace_w_pkt_keys(w, &pk, &fp);
		trace_w_char(w, '\n');
	}
	if (r == PCAP_ERROR)
		die(2, "%s: after packet %llu: %s", in.path, (unsigned long long)in.n,
		    pcap_geterr(pc));
	if (!in.n)
		die(2, "%s: no packets", in.path);
	pcap_close(pc);
	out_commit(&o);
	free(tab.slot);
	return 0;
}
