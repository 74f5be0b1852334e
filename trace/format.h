/* SPDX-License-Identifier: GPL-2.0 */
/*
 * format.h - the values and records of the qdk trace format
 * (traces/FORMAT.md) that its reader (trace.h) and its writer (write.h)
 * share: a flow's packet fields, a socket's fields, the address families,
 * TCP flags and enqueue verdict bits the lines name.
 *
 * These are the format's own types: qdk-replay (its replay.c) turns
 * them into the shim's packets and sockets, the recorder fills them from
 * its records. Nothing here knows the shim.
 */
#ifndef QDK_TRACE_FORMAT_H
#define QDK_TRACE_FORMAT_H

#include <stdint.h>
#include <string.h>

/* A flow's address family: none (an eth: flow), IPv4, IPv6 (sock's family=4|6). */
enum { TRACE_AF_NONE = 0, TRACE_AF_INET = 4, TRACE_AF_INET6 = 6 };

/* TCP flags as the format's letters FSRPAUEC say them (the header's bits). */
enum {
	TRACE_TCP_FIN = 0x01, TRACE_TCP_SYN = 0x02, TRACE_TCP_RST = 0x04,
	TRACE_TCP_PSH = 0x08, TRACE_TCP_ACK = 0x10, TRACE_TCP_URG = 0x20,
	TRACE_TCP_ECE = 0x40, TRACE_TCP_CWR = 0x80,
};

/*
 * An enqueue's VERDICT as its raw return value: ok, drop, cn (the kernel's
 * NET_XMIT_*) with +stolen and +bypass (__NET_XMIT_STOLEN, __NET_XMIT_BYPASS).
 */
enum {
	TRACE_XMIT_SUCCESS = 0x00, TRACE_XMIT_DROP = 0x01, TRACE_XMIT_CN = 0x02,
	TRACE_XMIT_MASK = 0x0f,
	TRACE_XMIT_STOLEN = 0x00010000, TRACE_XMIT_BYPASS = 0x00020000,
};

/*
 * A packet as a flow line and an enqueue line's keys say it: the flow's
 * fields, then the line's own (id, lengths) and the keys it overrides.
 */
struct trace_pkt {
	uint64_t id;		/* packet id, > 0 */
	uint32_t pkt_len;	/* the e line's PKTLEN */
	uint32_t len;		/* len= (the frame from the Ethernet header on); pkt_len when absent */
	uint16_t gso_segs;	/* gso=SEGS:SIZE; 0: not GSO */
	uint16_t gso_size;
	uint16_t ethertype;	/* host order; 0x0800 / 0x86dd for IP */
	uint8_t family;		/* TRACE_AF_* */
	uint8_t l4proto;	/* IP protocol; 0 for non-IP */
	uint8_t saddr[16];	/* IPv4 in the first 4 bytes, network order */
	uint8_t daddr[16];
	uint16_t sport;		/* host order */
	uint16_t dport;
	uint8_t tos;		/* tos= (DSCP + ECN) */
	uint8_t ttl;		/* ttl=, 64 when absent */
	uint8_t tcp_flags;	/* tcp=, TRACE_TCP_*; ACK when absent */
	uint32_t hash;		/* hash=; 0: none */
	uint32_t priority;	/* prio= */
	uint32_t mark;		/* mark= */
	uint16_t queue_mapping;	/* q= */
	uint16_t tc_index;	/* tcidx= */
	uint8_t thlen;		/* thlen= (TCP header bytes); 0: 20 */
	uint32_t truesize;	/* truesize=; 0: the replay's own */
	uint64_t tstamp;	/* tstamp=; 0: none */
	uint32_t sk;		/* sk= socket id; 0: none */
};

/* p: every field at the format's default (a flow line's starting point): ttl 64, ACK */
static inline void trace_pkt_defaults(struct trace_pkt *p)
{
	memset(p, 0, sizeof(*p));
	p->ttl = 64;
	p->tcp_flags = TRACE_TCP_ACK;
}

/* A socket as its sock lines said it so far (FORMAT.md, "Sockets"). */
struct trace_sk {
	uint32_t id;		/* the socket id, > 0 */
	uint32_t gen;		/* the reader bumps it at each sock line (unique across traces) */
	uint64_t pacing_rate;	/* pacing=, bytes/s; UINT64_MAX: max (none) */
	uint64_t max_pacing_rate; /* maxpacing= */
	uint32_t hash;		/* hash= */
	uint32_t cwnd;		/* cwnd= */
	uint32_t srtt_us;	/* srtt= (<< 3, as tcp_sock keeps it) */
	uint32_t mss;		/* mss= */
	uint16_t type;		/* type=: SOCK_STREAM 1, SOCK_DGRAM 2, SOCK_RAW 3 */
	uint8_t proto;		/* the declaration's protocol: 6 tcp, 17 udp, ip:N */
	uint8_t family;		/* family=, TRACE_AF_INET or TRACE_AF_INET6 */
	uint8_t state;		/* state= (TCP_ESTABLISHED 1 ... TCP_NEW_SYN_RECV 12) */
	uint8_t pacing_status;	/* pstatus=: 0 none, 1 needed, 2 fq */
	uint8_t ca_state;	/* ca= (TCP_CA_Open 0 ... TCP_CA_Loss 4) */
};

#endif /* QDK_TRACE_FORMAT_H */
