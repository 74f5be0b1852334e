/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The binary records the kernel recorder (sch_recorder.ko)
 * hands to user space through /dev/qdk_recorder, read by qdk-capture.
 *
 * Shared by the module and the tool, so it only uses <linux/types.h>
 * fixed-size types. The device is a byte stream of variable-length
 * records: each starts with the QDK_REC_HDR_SIZE-byte header of struct
 * qdk_rec, whose words field gives the record's length in 8-byte words
 * (QDK_REC_HDR_SIZE up to QDK_REC_SIZE bytes); the rest of struct qdk_rec
 * is left out and reads as zeroes. Calls that carry no packet (dequeue,
 * peek, reset) and drops need the header only: most of the stream. An
 * enqueue of a packet a local socket sent (skb->sk set) is ENQSK, an ENQ
 * record followed by the socket's fields (struct qdk_rec_sock).
 * A read() may end inside a record; the next read() continues it. The
 * layout is host-endian and changes with QDK_REC_VERSION (the first record
 * after open() is a HELLO carrying it).
 *
 * A call's record comes first, then its DROP records: the packets freed
 * during the call (flagged EARLY), then those it put on to_free. A change
 * of the child (tc qdisc change) is CHANGE, its TCA_OPTIONS in TCA records,
 * then CHANGED when it returned; the packets the task running it freed
 * (during the change, or when it released rtnl: rtnl_kfree_skbs) are DROP
 * records flagged CHG, which may come later, up to CHGEND. A random
 * draw the child makes during a call is a DRAW record among the call's
 * DROP records, in draw order; the call record's count says how many
 * there are. Those of a change come just before its CHANGED. A timer_list
 * of the child, or of a qdisc under its classes, that fires is a TIMER
 * record naming it, followed by its draws and drops as a call's. A classification (tcf_classify()) during a call is a
 * CLS record among its DROP records, counted with its draws. A packet the
 * child made during a call and sent in again through the root (netem's
 * duplicate) is a NEW record among the call's DRAW records, counted with
 * them. The child's module's parameters are PARAM records after its
 * CONF (and RAND). A write(2) or read(2) of a device whose file_operations
 * the child's module owns is DEVCALL when it begins, then, when it
 * returned, DEVDATA records with the bytes written or read and DEVDONE
 * with the result. The
 * stream merges per-CPU rings by timestamp: the records of one recorder
 * instance are in the order its calls happened; different instances'
 * records may interleave otherwise.
 */
#ifndef QDK_REC_H
#define QDK_REC_H

#include <linux/types.h>

#define QDK_REC_VERSION	17
#define QDK_REC_SIZE	192	/* the longest record, sizeof(struct qdk_rec) */
#define QDK_REC_HDR_SIZE 48	/* the header every record has */
#define QDK_REC_DEV	"qdk_recorder"

enum qdk_rec_type {
	QDK_REC_HELLO = 1,	/* first record after open(): version, hz */
	QDK_REC_CONF,		/* a child was grafted (or existed at open) */
	QDK_REC_TCA,		/* next chunk of the child's TCA_OPTIONS bytes */
	QDK_REC_ENQ,		/* ops->enqueue() */
	QDK_REC_DEQ,		/* ops->dequeue(), through qdisc_dequeue_peeked() */
	QDK_REC_PEEK,		/* ops->peek() */
	QDK_REC_RESET,		/* ops->reset() */
	QDK_REC_DROP,		/* a packet freed with kfree_skb during the call */
	QDK_REC_LOST,		/* the ring overflowed: lost events */
	QDK_REC_DESTROY,	/* the recorder instance is going away */
	QDK_REC_CHANGE,		/* ops->change() of the child begins */
	QDK_REC_RAND,		/* random draws of the child's init, after CONF */
	QDK_REC_CHANGED,	/* ... and returned */
	QDK_REC_CHGEND,		/* the changing task released rtnl: no more CHG drops */
	QDK_REC_DRAW,		/* a random draw of the child during a call or change */
	QDK_REC_TIMER,		/* one of the child's own timer_lists fired */
	QDK_REC_TREE,		/* the child's tree now: count NODE records follow */
	QDK_REC_NODE,		/* a class, a qdisc under a class, or a filter block */
	QDK_REC_CLS,		/* what tcf_classify() returned during a call */
	QDK_REC_NEW,		/* a packet the child made during a call */
	QDK_REC_PARAM,		/* one module parameter of the child's module, after CONF */
	QDK_REC_DEVCALL,	/* user space calls a device of the child's module */
	QDK_REC_DEVDATA,	/* ... the next chunk of its bytes (count: offset) */
	QDK_REC_DEVDONE,	/* ... and the handler returned */
	QDK_REC_ENQSK,		/* ops->enqueue() of a packet with skb->sk: ENQ + sock */
	QDK_REC_HOOK,		/* a packet through an ingress/clsact qdisc's tc hook (enq) */
};

/* rec.flags (a bit means something for the types named) */
#define QDK_RF_GONE	0x01	/* ENQ: arriving packet freed during the call */
#define QDK_RF_TIMERS	0x01	/* CONF: the child's timer_lists are recorded */
#define QDK_RF_NOSTATS	0x02	/* qlen/backlog/drops are not meaningful */
#define QDK_RF_FRESH	0x04	/* CONF: child grafted while capturing */
#define QDK_RF_EARLY	0x08	/* DROP: freed during the call (not to_free) */
#define QDK_RF_INITOPT	0x10	/* CONF: TCA bytes as tc handed them to init */
#define QDK_RF_NORAND	0x20	/* RAND: a random getter could not be probed */
#define QDK_RF_CHG	0x40	/* DROP: freed by the task changing the child */
#define QDK_RF_NOREC	0x80	/* CHANGE: not recorded (the trace has a gap) */
#define QDK_RF_LONG	0x01	/* PARAM: the value did not fit value[] */
#define QDK_RF_FAULT	0x01	/* DEVDATA: the bytes could not be read */
#define QDK_RF_WRITE	0x02	/* DEVCALL, DEVDONE: a write (else a read) */
#define QDK_RF_EGRESS	0x04	/* HOOK: the egress hook (else the ingress one) */

/* node.what */
#define QDK_NODE_CLASS	1	/* a class of the child (tc class add) */
#define QDK_NODE_QDISC	2	/* a qdisc grafted under one of its classes */
#define QDK_NODE_FILTER	3	/* the block of the child or of a class has filters */

/* enq.family */
#define QDK_RF_AF_NONE	0
#define QDK_RF_AF_INET	4
#define QDK_RF_AF_INET6	6

#define QDK_REC_TCA_CHUNK 64
/* the bytes of one device call kept at most (DEVDATA chunks of TCA_CHUNK) */
#define QDK_REC_DEV_MAX	65536
#define QDK_REC_RAND_CHUNK 64

/*
 * Values the kernel's random getters returned to the child, in draw order:
 * len bytes of consecutive width-byte values (host order), or (width 0)
 * bytes off..off+len of one get_random_bytes() buffer of total bytes. A
 * record with len 0 carries lost, the draws not kept. RAND: during its
 * init (after CONF); DRAW: during a call (one draw per record, or one
 * chunk of a buffer) or a change (packed as RAND). A DRAW with lost and
 * inst 0 concerns every instance: a getter's probe missed calls.
 */
struct qdk_rec_rand {
	__u8 width;		/* 1, 2, 4, 8: get_random_uN(); 0: bytes */
	__u8 pad;
	__u16 len;		/* bytes in data[] */
	__u32 off;		/* width 0: offset in the buffer */
	__u32 total;		/* width 0: the buffer's length */
	__u32 lost;		/* draws not kept (buffer full, probe missed) */
	__u8 data[QDK_REC_RAND_CHUNK];
};				/* 80 bytes */

struct qdk_rec_enq {
	__u32 pkt_len;		/* qdisc_pkt_len() */
	__u32 len;		/* skb->len */
	__s32 ret;		/* enqueue's return value */
	__u32 hash;		/* skb->hash the child saw: as it came, else as */
				/* the child's call left it; 0: none */
	__u32 priority;
	__u32 mark;
	__u16 gso_segs;		/* 0 when not GSO */
	__u16 gso_size;
	__u16 queue_mapping;
	__u16 ethertype;	/* host order */
	__u16 sport;		/* host order */
	__u16 dport;
	__u8 family;		/* QDK_RF_AF_* */
	__u8 l4proto;
	__u8 tos;		/* as the qdisc got it */
	__u8 tos_after;		/* after enqueue (valid unless GONE) */
	__u8 ttl;
	__u8 tcp_flags;
	__u16 tc_index;		/* skb->tc_index (gred's virtual queue) */
	__u8 saddr[16];		/* network order; IPv4 in the first 4 */
	__u8 daddr[16];
	__u32 truesize;		/* skb->truesize (cake's memory limit counts it) */
	__u64 tstamp;		/* skb->tstamp in ns (a sender's departure time), 0: none */
};				/* 88 bytes */

/*
 * ENQSK: the socket skb->sk points to when the child's enqueue is called,
 * read before the call (what the child reads of it, the fields of
 * traces/FORMAT.md's sock line). id names the socket within the module's
 * lifetime without giving its address away: a keyed hash of the pointer,
 * which is the identity qdiscs compare (fq's flows), so a socket freed and
 * another allocated at the same address has the same id, and its sk_hash
 * tells them apart, as it does for fq. Request and timewait sockets
 * (!sk_fullsock) carry only what struct sock_common has: id, hash,
 * state, family; proto says IPPROTO_TCP.
 */
struct qdk_rec_sock {
	__u64 id;		/* siphash of the pointer under a key drawn at load */
	__u64 pacing_rate;	/* sk_pacing_rate, bytes per second; ~0: none */
	__u64 max_pacing_rate;	/* sk_max_pacing_rate */
	__u32 hash;		/* sk_hash */
	__u32 cwnd;		/* TCP: tcp_snd_cwnd() */
	__u32 srtt_us;		/* TCP: srtt_us (<< 3, as the kernel keeps it) */
	__u32 mss;		/* TCP: mss_cache */
	__u16 family;		/* sk_family: AF_INET 2, AF_INET6 10 */
	__u16 type;		/* sk_type (SOCK_STREAM 1, SOCK_DGRAM 2, ...) */
	__u8 proto;		/* sk_protocol (IPPROTO_TCP, IPPROTO_UDP, ...) */
	__u8 state;		/* sk_state (TCP_ESTABLISHED ... TCP_NEW_SYN_RECV) */
	__u8 pacing_status;	/* sk_pacing_status (enum sk_pacing) */
	__u8 ca_state;		/* TCP: inet_csk(sk)->icsk_ca_state */
	__u8 full;		/* sk_fullsock(): the fields after hash are valid */
	__u8 pad[7];
};				/* 56 bytes */

struct qdk_rec_enqsk {
	struct qdk_rec_enq enq;
	struct qdk_rec_sock sock;
};				/* 144 bytes */

/* NEW: pkt is the packet made; from the one it was made from (0: unknown) */
struct qdk_rec_made {
	__u64 from;		/* packet cookie of the call's arriving packet */
	__u32 truesize;		/* the new packet's skb->truesize */
	__u32 pad;
};

struct qdk_rec_conf {
	__u32 handle;		/* the child's handle */
	__u32 parent;		/* the child's parent (the recorder's class) */
	__u32 mtu;
	__u32 txqlen;
	__u32 txqs;
	__u32 tca_len;		/* bytes following in TCA records; 0: none */
	__u32 qlen;		/* the child's qlen when recording started */
	__u32 jiffies_hi;	/* jiffies' upper 32 bits (the low: header) */
	char kind[16];
	char dev[16];
	/*
	 * the device's link speed in Mb/s as its ethtool link settings give
	 * it (cbs and taprio read it): 0 the device has none (a dummy),
	 * 0xffffffff SPEED_UNKNOWN
	 */
	__u32 speed;
	__u32 pad;
	/*
	 * CLOCK_TAI less CLOCK_MONOTONIC in ns (the timekeeper's offs_tai):
	 * etf compares a packet's skb->tstamp, a TAI launch time, with it
	 */
	__s64 tai;
	/*
	 * when the qdisc was made (ktime_get_ns(), its tc request), for a
	 * root attached in place, made long before its first call; 0: at the
	 * first call, as far as the trace can tell
	 */
	__u64 created;
};				/* 88 bytes */

/*
 * One node of the child's tree (TREE, then its NODE records, each followed
 * by its TCA_OPTIONS in TCA records): made whenever tc changes a class, a
 * qdisc under a class or a filter of the child, and when recording starts.
 */
struct qdk_rec_node {
	__u32 what;		/* QDK_NODE_* */
	__u32 parent;		/* class: its parent; qdisc: its class; filter: the block's owner */
	__u32 handle;		/* classid or qdisc handle */
	__u32 tca_len;		/* bytes following in TCA records; 0: none */
	/*
	 * class, qdisc: its kind; filter: the kind of the block's one filter
	 * and, in the TCA records, the TCA_OPTIONS tc made it with (empty:
	 * the block's filters are not known)
	 */
	char kind[16];
};				/* 32 bytes */

/* CLS: tcf_classify()'s return value and res->classid (0 unless >= 0) */
struct qdk_rec_cls {
	__s32 action;
	__u32 classid;
};

/*
 * TIMER: which timer_list fired: the qdisc of the tree whose private data
 * holds it, and where (a qdisc may have several: the replay fires that one)
 */
struct qdk_rec_timer {
	__u32 handle;		/* the qdisc's handle */
	__u32 off;		/* the timer_list's offset in qdisc_priv() */
};				/* 8 bytes */

/* PARAM: the parameter's name and its value as sysfs shows it */
struct qdk_rec_param {
	char name[32];
	char value[48];		/* NUL-terminated, the trailing newline dropped */
};				/* 80 bytes */

/* DEVCALL, DEVDONE: a write(2) or read(2) of the child's module's device */
struct qdk_rec_dev {
	__s64 pos;		/* DEVCALL: the file position handed to the handler */
	__s64 ret;		/* DEVDONE: what the handler returned */
	__u32 count;		/* the bytes user space wrote or asked for */
	__u32 kept;		/* DEVDONE: DEVDATA bytes that follow it or came before */
	char name[32];		/* DEVCALL: the file's name (the /dev node's) */
};				/* 56 bytes */

struct qdk_rec_hello {
	__u32 version;		/* QDK_REC_VERSION */
	__u32 hz;
	__u32 ring;		/* each CPU's ring, in QDK_REC_SIZE units */
	__u32 rec_size;		/* QDK_REC_SIZE */
};

struct qdk_rec {
	__u64 ts;		/* ktime_get_ns() under the qdisc's lock */
	__u64 pkt;		/* packet cookie (0: none); unique while queued */
	__u32 inst;		/* recorder instance */
	__u32 gen;		/* child generation within the instance */
	__u8 type;		/* enum qdk_rec_type */
	__u8 flags;		/* QDK_RF_* */
	__u8 tos;		/* DEQ: TOS byte of the packet returned */
	__u8 words;		/* this record's length in 8-byte words */
	__u32 count;		/* LOST: events lost; TCA, DEVDATA: offset; CHANGE: */
				/* TCA_OPTIONS bytes (0: none); CHANGED: ret; */
				/* ENQ, DEQ, PEEK, TIMER, HOOK: its DRAW, CLS and */
				/* NEW records; TREE: its NODE records */
	/* calls: the child's counters after the call */
	__u32 qlen;
	__u32 backlog;
	__u32 drops;
	union {
		__u32 removed;	/* CHANGED: packets the change took out */
		__u32 jiffies;	/* others: jiffies' low 32 bits at the record */
	};
	/* QDK_REC_HDR_SIZE: what follows is there only in the types using it */
	union {
		struct qdk_rec_enq enq;
		struct qdk_rec_conf conf;
		struct qdk_rec_hello hello;
		struct qdk_rec_rand rand;
		struct qdk_rec_node node;
		struct qdk_rec_cls cls;
		struct qdk_rec_made made;
		struct qdk_rec_param param;
		struct qdk_rec_dev dev;
		struct qdk_rec_timer timer;
		__u8 tca[QDK_REC_TCA_CHUNK];	/* TCA, DEVDATA */
		struct qdk_rec_enqsk enqsk;
		__u8 raw[144];
	};
};

#endif /* QDK_REC_H */
