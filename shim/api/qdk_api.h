/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qdk_api.h - the plain C11 interface between user-space tools (the replay
 * harness, benchmarks) and the shim.
 *
 * Why a bridge: the shim mirrors kernel headers (linux/types.h, linux/netlink.h,
 * ...) whose names clash with the system's headers, so tools never include
 * them. Tools see qdiscs, packets and the clock only through the opaque
 * handles and plain types below. Each section names the file that holds its
 * functions: shim/api/api.c, on top of the kernel-style shim, unless it says
 * a shim/lib file (the kernel's file of the same name holds what they
 * stand for).
 */
#ifndef QDK_API_H
#define QDK_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct qdk_qdisc;		/* a struct Qdisc with its net_device */
struct qdk_skb;			/* a struct sk_buff */

/* ---- start and stop (shim/api/api.c) ---------------------------------- */

/* Seed the random generator and run every module_init() linked in. */
int qdk_init(uint64_t seed);
/* Run every module_exit(); returns the number of leaked allocations. */
long qdk_exit(void);
/* Reseed get_random_u32() and friends (a trace's "seed" directive). */
void qdk_seed(uint64_t seed);
/* ---- module parameters (shim/lib/params.c) ---------------------------- */

/*
 * Set a module parameter (module_param()) by its name or MODULE.name, as
 * insmod would, before qdk_init() runs the modules' init: 0, -ENOENT (none
 * of that name), -ENOTUNIQ (a bare name two modules use), -EINVAL or
 * -ERANGE (a value its type refuses; the parameter keeps its value).
 */
int qdk_param_set(const char *name, const char *value);
/* ---- trace events (shim/lib/trace_events.c) ----------------------------- */

/*
 * Turn on the modules' trace events (TRACE_EVENT() with CREATE_TRACE_POINTS)
 * that SPEC names, a comma-separated list of NAME, SYSTEM:NAME (either may
 * hold the globs '*' and '?') or "all", as the kernel's set_event file
 * takes them, a '!' before one turning those off; each hit is then printed
 * as the trace file shows it (see the file). Returns how many it turned
 * on, -ENOENT when a pattern names none (the pattern copied to bad), or
 * the error of attaching its probe.
 */
int qdk_trace_events_enable(const char *spec, char *bad, size_t bad_len);
/* Fill systems[]/names[] with the events linked in; returns how many there are. */
size_t qdk_trace_events(const char **systems, const char **names, size_t max);
/* ---- the modules' device files (shim/lib/fs.c) ------------------------ */

/*
 * One call of the write (write != 0) or read handler of /dev/NAME, a misc
 * device or one device_create() made, with len bytes of buf at file
 * position pos, on a file of its own (open before, release after), as a
 * trace's u line replays a recorded call. *ret: the handler's return value
 * (open's, when it refuses). -ENOENT: no such device; -EOPNOTSUPP: it has
 * no such handler (open and release were called, as the kernel's read(2)
 * or write(2) of such a file fails with -EINVAL after the open).
 */
int qdk_dev_call(const char *name, int write, void *buf, size_t len, int64_t pos, long *ret);
/*
 * Files of the modules' devices and entries, as a process uses them
 * (shim/lib/fs.c has the rules): PATH is /dev/NAME (a misc device or one
 * device_create() made), /proc/..., /sys/class/CLASS/DEV/ATTR or
 * /sys/kernel/debug/... . qdk_file_open() returns 0 or the kernel's errno
 * (-ENOENT: no such node; open's own error); flags are open(2)'s O_RDONLY,
 * O_WRONLY or O_RDWR (| O_NONBLOCK ...). read, write and ioctl return what
 * the handler returned, or the VFS's error when there is none (-EINVAL,
 * -ENOTTY; -EBADF for a mode the file was not opened in); the position
 * moves as the handler moves it. qdk_file_poll() returns the events of
 * `events` (EPOLLIN ...) that are ready and watches the queues the handler
 * named: qdk_file_woken() counts the wakes on them since. qdk_file_close()
 * calls release (once per successful open) and returns its value.
 */
struct qdk_file;
int qdk_file_open(const char *path, int flags, struct qdk_file **f);
long qdk_file_read(struct qdk_file *f, void *buf, size_t len);
long qdk_file_write(struct qdk_file *f, const void *buf, size_t len);
long qdk_file_ioctl(struct qdk_file *f, unsigned int cmd, unsigned long arg);
unsigned int qdk_file_poll(struct qdk_file *f, unsigned int events);
unsigned long qdk_file_woken(const struct qdk_file *f);
int64_t qdk_file_pos(const struct qdk_file *f);
void qdk_file_set_pos(struct qdk_file *f, int64_t pos);
int qdk_file_close(struct qdk_file *f);
/*
 * The node PATH's files open now (the return value; -ENOENT: no such
 * node), and its opens and releases so far.
 */
int qdk_file_count(const char *path, unsigned long *opens, unsigned long *releases);
/* The nodes' paths, one a line (a directory with a trailing /); the length. */
size_t qdk_file_list(char *buf, size_t len);
/*
 * User memory from addr on cannot be reached (as past a buffer's last
 * mapped page): copy_{from,to}_user() stop there and return the bytes not
 * copied; NULL: everything above the first page is reachable again.
 */
void qdk_user_fault_at(const void *addr);
/* ---- the kernel's random draws (shim/lib/random.c) --------------------- */

/*
 * The kernel's own random draws (a trace's "random" directive): queued in
 * the order the kernel made them, they answer the next get_random_u8/u16/
 * u32/u64() (width 1, 2, 4, 8 bytes) and get_random_bytes() calls before
 * the seeded generator does; get_random_u32_below() and friends route
 * through those getters as in 6.1. tag comes back from qdk_random_status
 * (the trace line). 0, -EINVAL (width) or -ENOSPC (1024 draws, 16 KiB of
 * bytes at most). qdk_init() and qdk_seed() empty the queue.
 */
int qdk_random_queue_u(unsigned int width, uint64_t value, uint32_t tag);
int qdk_random_queue_bytes(const void *buf, size_t len, uint32_t tag);
/*
 * How many queued draws were not handed out: 0 when all were. Otherwise
 * *tag is the first one's and msg says why: never drawn, or the qdisc made
 * a draw of another width or length there (the queue was abandoned); or,
 * during an exact call, a draw with nothing queued (*tag: the call's).
 */
size_t qdk_random_status(uint32_t *tag, char *msg, size_t msglen);
/*
 * A call's draws (R lines) are queued before the call is reached: held,
 * the queue answers no draw (timers firing on the way draw from the
 * generator) until qdk_random_exact(tag) replays the call: then every draw
 * must come from the queue, a draw beyond it being a divergence reported
 * with tag (the call's line). qdk_random_exact(0) after the call ends that.
 * Whether queued or not, each draw steps the generator as it would have
 * without the queue.
 */
void qdk_random_hold(void);
void qdk_random_exact(uint32_t tag);
/* One draw the qdisc made: get_random_uN() (width N/8) or get_random_bytes(len). */
struct qdk_draw {
	uint8_t width;		/* 1, 2, 4, 8; 0: bytes */
	uint32_t len;		/* bytes drawn */
	uint64_t val;		/* width > 0 */
	const uint8_t *bytes;	/* width 0 */
};
/*
 * The draws made since qdk_random_log(true) (which empties the log), in
 * order; -ENOSPC when more were made than the log holds (1024 draws, 16 KiB).
 */
void qdk_random_log(bool on);
int qdk_random_logged(const struct qdk_draw **draws, size_t *n);

/* ---- packets a qdisc makes (shim/lib/skbuff.c) ------------------------ */

/*
 * Packets a qdisc makes (a version-3 trace's n lines): each skb_clone(),
 * skb_copy() or GSO segment the qdisc makes during an exact call takes the
 * next id queued for the call, in order, and must be made from the packet
 * queued with it (from 0: any), and gets the truesize queued with it (0:
 * the shim's own). qdk_made_queue() queues one (tag: its
 * line; -ENOSPC beyond 256); qdk_made_exact(tag) starts the call (tag: its
 * line) and qdk_made_exact(0) ends it. Outside an exact call a made packet
 * has no id, as in a trace of an older version. qdk_made_status(): 0, or 1
 * with *tag and msg saying what differed: a packet made from another one
 * (at its n line), made beyond the queue (at the call), an id never
 * handed out (at its n line). The queue is emptied by qdk_made_exact(0).
 */
int qdk_made_queue(uint64_t id, uint64_t from, uint32_t truesize, uint32_t tag);
void qdk_made_exact(uint32_t tag);
size_t qdk_made_status(uint32_t *tag, char *msg, size_t msglen);

/* ---- virtual clock (shim/api/api.c) ----------------------------------- */

/* Set HZ-based jiffies origin: jiffies = INITIAL_JIFFIES + ns * hz / 1e9. */
void qdk_set_hz(unsigned int hz);
/*
 * The recording kernel's jiffies (a trace's "jiffies" directive and j
 * lines): from now on jiffies read j and move only when this is called
 * again, not with the virtual clock. The kernel's jiffies tick when its
 * timer interrupt runs, which no clock of the replay can place.
 */
void qdk_jiffies_set(uint64_t j);

/*
 * CLOCK_TAI less the virtual clock, in ns: the recording kernel's (a
 * trace's "clock tai=" directive) when set, else the shim's default.
 */
void qdk_set_tai(bool set, int64_t off);

uint64_t qdk_now(void);
/*
 * Move the clock forward to ns (never backwards), firing every timer that
 * expires on the way at exactly its expiry time, in expiry order. True when
 * the move was too long to fire a periodic timer every period (over 2^20
 * firings): the rest of it ran as a stalled machine, each due timer firing
 * once at ns (shim/lib/time.c, QDK_TIME_CATCHUP); the caller says so.
 */
bool qdk_clock_advance(uint64_t ns);
/* Earliest pending timer (watchdog or timer_list), UINT64_MAX when none. */
uint64_t qdk_next_timer(void);
/*
 * How many times a qdisc asked for its device to be served
 * (__netif_schedule(): its watchdog, or a timer of its own such as
 * taprio's gate schedule) since qdk_init(); a driver compares it across
 * qdk_clock_advance() to wake the link for a timer that kicked it.
 */
uint64_t qdk_netif_kicks(void);
/*
 * Driven timer_lists (a trace whose t lines say when the qdisc's timers
 * fired): from now on timer_lists armed never fire on the clock, only
 * through qdk_fire_timer(), which runs the one that would expire first at
 * the current time, as a call (its drops and marks are its effects).
 * -ENOENT when no timer_list is pending. hrtimers (the watchdog) still fire
 * on the clock.
 */
void qdk_timers_driven(bool on);
int qdk_fire_timer(void);
/*
 * The same for one timer (a timer_list or a driven hrtimer): the one at
 * byte off of qdisc handle's private data, in root's tree (a t line naming
 * it), or, off being the kernel's layout's, the one such timer pending in
 * that private data. -ENOENT: no qdisc of that handle; -ESRCH: no timer
 * pending there; -ERANGE: none, and off is past its private data;
 * -EEXIST: none at off, and several elsewhere in it.
 */
int qdk_fire_timer_of(struct qdk_qdisc *root, uint32_t handle, uint32_t off);

/* ---- qdisc kinds and instances (shim/api/api.c) ------------------------ */

/* Is a Qdisc_ops with this id registered? */
bool qdk_kind_known(const char *kind);
/* Fill names[] with the registered kinds; returns how many there are. */
size_t qdk_kinds(const char **names, size_t max);
/* Is the kind a BPF program's struct_ops Qdisc_ops (shim/bpf/, 7.x)? */
bool qdk_kind_bpf(const char *kind);
/*
 * Empty every BPF program's maps, releasing the objects their values hold,
 * as the kernel frees a program's maps at its unload: what a program keeps
 * there outlives its qdiscs and is no qdisc's leak. The maps start empty
 * at their next use. Only with no qdisc of a BPF kind alive.
 */
void qdk_bpf_maps_unload(void);

struct qdk_dev_cfg {
	const char *name;	/* "qdk0" when NULL */
	uint32_t mtu;		/* 1500 when 0 */
	uint32_t tx_queue_len;	/* 1000 when 0 */
	uint32_t num_tx_queues;	/* 1 when 0 */
	/*
	 * the link speed its ethtool link settings report, in Mb/s (cbs and
	 * taprio read it); 0: the device has none (as a dummy),
	 * UINT32_MAX: SPEED_UNKNOWN
	 */
	uint32_t speed;
};

/*
 * Create a qdisc as qdisc_create() does: allocate, ops->init(sch, opt, extack)
 * with opt pointing at the TCA_OPTIONS attribute in tca[0..tca_len) (NULL when
 * tca is NULL). On failure returns NULL, *err is -errno and msg holds the
 * extack message (or strerror when the qdisc set none).
 */
struct qdk_qdisc *qdk_qdisc_create(const char *kind,
				   const struct qdk_dev_cfg *dev,
				   uint32_t handle, uint32_t parent,
				   const void *tca, size_t tca_len,
				   int *err, char *msg, size_t msglen);
/*
 * qdisc_change(): ops->change() with the TCA_OPTIONS attribute in
 * tca[0..tca_len); 0 or -errno with the extack message in msg. tca NULL
 * (a request without TCA_OPTIONS) changes nothing and returns 0, as the
 * kernel never calls ->change() without options.
 */
int qdk_qdisc_change(struct qdk_qdisc *q, const void *tca, size_t tca_len,
		     char *msg, size_t msglen);
/* qdisc_reset() */
void qdk_qdisc_reset(struct qdk_qdisc *q);
/* qdisc_put(): reset, destroy, free; frees the device too. */
void qdk_qdisc_destroy(struct qdk_qdisc *q);
const char *qdk_qdisc_kind(const struct qdk_qdisc *q);
/*
 * Does the qdisc queue packets (sch->enqueue set)? noqueue and mq do not:
 * the kernel's __dev_xmit_skb() sends past a root without enqueue, and mq's
 * packets go to its per-queue children. qdk_enqueue() and friends must not
 * be called on one.
 */
bool qdk_qdisc_queues(const struct qdk_qdisc *q);

/*
 * ops->dump(): writes the TCA_OPTIONS attribute (header included) into
 * buf; returns its length, 0 when the qdisc dumps nothing, -errno on error.
 */
int qdk_qdisc_dump(struct qdk_qdisc *q, void *buf, size_t len);
/* ops->dump_stats(): the xstats blob (gnet_stats_copy_app); length or -errno */
int qdk_qdisc_dump_xstats(struct qdk_qdisc *q, void *buf, size_t len);

struct qdk_stats {
	uint32_t qlen;		/* sch->q.qlen */
	uint32_t backlog;	/* sch->qstats.backlog */
	uint32_t drops;
	uint32_t requeues;
	uint32_t overlimits;
	uint64_t bytes;		/* sch->bstats */
	uint64_t packets;
};
void qdk_qdisc_stats(const struct qdk_qdisc *q, struct qdk_stats *st);

/* ---- classful trees (shim/api/api.c) ---------------------------------- */

/*
 * A class (cls) or a child qdisc added to the tree under root, on root's
 * device: the RTM_NEWTCLASS request `tc class replace` sends (NLM_F_CREATE:
 * a class the qdisc made itself, as ets's bands and hfsc's root class, is
 * changed to the options given, a missing one created) or the RTM_NEWQDISC
 * one of `tc qdisc add` (NLM_F_CREATE | NLM_F_EXCL), with tcm_parent parent,
 * tcm_handle handle, TCA_KIND kind and TCA_OPTIONS the attribute in
 * tca[0..tca_len) (header included; NULL: none), handled as 6.1's
 * sch_api.c does (shim/lib/sch_api.c). 0 or -errno with the extack
 * message in msg.
 */
int qdk_tree_add(struct qdk_qdisc *root, bool cls, uint32_t parent, uint32_t handle,
		 const char *kind, const void *tca, size_t tca_len, char *msg,
		 size_t msglen);
/*
 * The replay's filter in the block of qdisc MAJ:0 or class MAJ:MIN of the
 * tree: the qdisc's tcf_classify() calls on that block get the results
 * queued with qdk_classify_queue(). 0 or -errno with the message.
 */
int qdk_tree_filter(struct qdk_qdisc *root, uint32_t parent, char *msg, size_t msglen);
/*
 * A kit classifier (a registered struct tcf_proto_ops, e.g. cls_mered) of
 * kind in the block of qdisc MAJ:0 or class MAJ:MIN, created with the
 * TCA_OPTIONS attribute tca[0..tca_len) (header included; NULL: none) as
 * `tc filter add ... protocol all prio 1 KIND ...` would: every
 * tcf_classify() on the block runs its classify(), and a call's answers
 * must be its queued results (qdk_classify_queue()) when it has any.
 */
int qdk_tree_classifier(struct qdk_qdisc *root, uint32_t parent, const char *kind,
			const void *tca, size_t tca_len, char *msg, size_t msglen);
/*
 * Counters of class id (cls: its dump_stats, as `tc -s class show`) or
 * of qdisc id in the tree; -ENOENT when there is none.
 */
int qdk_tree_stats(struct qdk_qdisc *root, bool cls, uint32_t id, struct qdk_stats *st);
/* A class of the tree, as `tc -s class show` lists it. */
struct qdk_class {
	uint32_t classid;
	uint32_t qdisc;		/* the handle of the qdisc it is a class of */
	uint32_t leaf;		/* its child qdisc's handle (0: a default one, or none) */
	char kind[16];		/* its qdisc's kind */
	char leaf_kind[16];	/* its child qdisc's kind, "" when it has none */
	struct qdk_stats st;	/* its counters (its class ops' dump_stats) */
	int xlen;		/* its xstats' length: 0 none, -EMSGSIZE over xstats */
	unsigned char xstats[256];
};
/*
 * Every class of the tree in the order the kernel dumps them: the root's
 * classes as its ops' walk() gives them, each followed by the classes of
 * its child qdisc when that is classful. Fills out[0..max) and returns
 * how many there are.
 */
size_t qdk_tree_classes(struct qdk_qdisc *root, struct qdk_class *out, size_t max);

/* ---- the kernel's filters' answers (shim/lib/cls_api.c) ---------------- */

/*
 * What the kernel's filters answered (a trace's C lines): queued before a
 * call, each tcf_classify() on the replay's filter during the call takes
 * the next one (the action it returns, TC_ACT_*, and res->classid).
 * qdk_classify_exact(tag) starts the call, tag being its line;
 * qdk_classify_exact(0) after it empties the queue. -ENOSPC beyond 256.
 */
int qdk_classify_queue(int action, uint32_t classid, uint32_t tag);
void qdk_classify_exact(uint32_t tag);
/* tcf_classify() calls on the replay's filter since qdk_classify_exact() */
unsigned int qdk_classify_asked(void);
/*
 * After the call: 0 when it took exactly its results. Otherwise *tag is
 * the first result never asked for (its C line), or the call that asked
 * beyond them, and msg says which.
 */
size_t qdk_classify_status(uint32_t *tag, char *msg, size_t msglen);

/* ---- the watchdog (shim/api/api.c) ------------------------------------ */

/* Is the qdisc's watchdog armed, and when does it expire? */
bool qdk_qdisc_watchdog(const struct qdk_qdisc *q, uint64_t *expires);

/* ---- packets (shim/api/api.c) --------------------------------------- */

enum { QDK_AF_NONE = 0, QDK_AF_INET = 4, QDK_AF_INET6 = 6 };

/* TCP flag bits as in the TCP header's flags byte */
enum {
	QDK_TCP_FIN = 0x01, QDK_TCP_SYN = 0x02, QDK_TCP_RST = 0x04,
	QDK_TCP_PSH = 0x08, QDK_TCP_ACK = 0x10, QDK_TCP_URG = 0x20,
	QDK_TCP_ECE = 0x40, QDK_TCP_CWR = 0x80,
};

/*
 * A socket as a trace's sock line states it (traces/FORMAT.md, "Sockets"):
 * the fields of skb->sk a qdisc may read, as the recorder read them at the
 * enqueue of the socket's packet. id names it within the trace; gen
 * changes with every change of the fields (the replay sets them again).
 */
struct qdk_sk {
	uint32_t id;		/* the trace's socket id, > 0 */
	uint32_t gen;		/* bumped at each change */
	uint64_t pacing_rate;	/* sk_pacing_rate, bytes/s; UINT64_MAX: none */
	uint64_t max_pacing_rate; /* sk_max_pacing_rate */
	uint32_t hash;		/* sk_hash */
	uint32_t cwnd;		/* TCP: snd_cwnd */
	uint32_t srtt_us;	/* TCP: srtt_us (<< 3) */
	uint32_t mss;		/* TCP: mss_cache */
	uint16_t type;		/* sk_type: SOCK_STREAM 1, SOCK_DGRAM 2, SOCK_RAW 3 */
	uint8_t proto;		/* sk_protocol: 6 TCP, 17 UDP, ... */
	uint8_t family;		/* QDK_AF_INET or QDK_AF_INET6 */
	uint8_t state;		/* sk_state (TCP_ESTABLISHED 1 ... TCP_NEW_SYN_RECV 12) */
	uint8_t pacing_status;	/* sk_pacing_status: 0 none, 1 needed, 2 fq */
	uint8_t ca_state;	/* TCP: icsk_ca_state (TCP_CA_Open 0 ... TCP_CA_Loss 4) */
};

/* Everything a trace says about one packet (traces/FORMAT.md). */
struct qdk_pkt {
	uint64_t id;		/* trace packet id, > 0 */
	uint32_t pkt_len;	/* qdisc_skb_cb(skb)->pkt_len */
	uint32_t len;		/* skb->len, from the Ethernet header on */
	uint16_t gso_segs;	/* 0: not GSO */
	uint16_t gso_size;
	uint16_t ethertype;	/* host order; 0x0800 / 0x86dd for IP */
	uint8_t family;		/* QDK_AF_* */
	uint8_t l4proto;	/* IPPROTO_*; 0 for non-IP */
	uint8_t saddr[16];	/* IPv4 in the first 4 bytes, network order */
	uint8_t daddr[16];
	uint16_t sport;		/* host order */
	uint16_t dport;
	uint8_t tos;		/* DSCP + ECN */
	uint8_t ttl;
	uint8_t tcp_flags;	/* QDK_TCP_* */
	uint32_t hash;		/* skb->hash; 0: none (l4_hash clear) */
	uint32_t priority;	/* skb->priority */
	uint32_t mark;		/* skb->mark */
	uint16_t queue_mapping;
	uint16_t tc_index;	/* skb->tc_index (gred's virtual queue, dsmark) */
	uint8_t thlen;		/* TCP header bytes, options included; 0: 20 */
	uint32_t truesize;	/* skb->truesize as recorded; 0: the shim's own */
	uint64_t tstamp;	/* skb->tstamp, ns on the trace's clock; 0: none */
	const struct qdk_sk *sk; /* skb->sk: the trace's socket; NULL: none */
};

/* Bytes of headers the packet needs (Ethernet + IP + L4). */
uint32_t qdk_pkt_hdr_len(const struct qdk_pkt *p);
/*
 * Build a real sk_buff for p (headers, checksums, cb->pkt_len). Returns
 * NULL when p is inconsistent (len shorter than the headers, ...), with the
 * reason in msg.
 */
struct qdk_skb *qdk_skb_build(const struct qdk_pkt *p, char *msg, size_t msglen);
/*
 * A flow's template: its headers written once, so that each packet of the
 * flow costs a copy of them and the stores its id and length make
 * (qdk_skb_build_tmpl(): a packet of len bytes, pkt_len = len, the same
 * frame qdk_skb_build() makes for p with that id and length). For packets
 * that differ from their flow in any other field, qdk_skb_build().
 * qdk_skb_tmpl_new() returns NULL when out of memory; the template is the
 * caller's, freed with qdk_skb_tmpl_free().
 */
struct qdk_skb_tmpl;
struct qdk_skb_tmpl *qdk_skb_tmpl_new(const struct qdk_pkt *p);
void qdk_skb_tmpl_free(struct qdk_skb_tmpl *t);
struct qdk_skb *qdk_skb_build_tmpl(const struct qdk_skb_tmpl *t, uint64_t id, uint32_t len,
				   char *msg, size_t msglen);
/* consume_skb() a packet the harness owns (one dequeue returned). */
void qdk_skb_free(struct qdk_skb *skb);
uint64_t qdk_skb_id(const struct qdk_skb *skb);
/*
 * Is a packet with this trace id live (built and not yet freed)? *cookie:
 * qdk_call_cookie() of the call that last handed it to a qdisc. Walks every
 * live skb: for checks off the hot path.
 */
bool qdk_skb_id_live(uint64_t id, uint64_t *cookie);
uint32_t qdk_skb_pkt_len(const struct qdk_skb *skb);
uint32_t qdk_skb_len(const struct qdk_skb *skb);
/* ECN bits of the packet's IP header now (0..3), 0 for non-IP. */
unsigned int qdk_skb_ecn(const struct qdk_skb *skb);

/* ---- calls (shim/api/api.c) ----------------------------------------- */

/* What happened to packets during one call (FORMAT.md "consequences"). */
enum qdk_effect_kind { QDK_EFFECT_DROP = 1, QDK_EFFECT_MARK = 2 };
struct qdk_effect {
	enum qdk_effect_kind kind;
	uint64_t id;
	/*
	 * A drop's reason: the enum skb_drop_reason value kfree_skb_reason()
	 * was given (SKB_DROP_REASON_QDISC_DROP for the to_free list of a 6.1
	 * qdisc), or on 7.x the qdisc's own QDISC_DROP_* when it gave one
	 * (qdisc_drop_reason(), qdisc_dequeue_drop()); 0 for a mark.
	 */
	uint32_t reason;
};
/* The kernel's name of a drop reason of this build's series, NULL if unknown. */
const char *qdk_drop_reason_name(uint32_t reason);

/*
 * The calls. Each clears the effect list, makes the call the way the kernel
 * does (enqueue frees the to_free list afterwards, as __dev_xmit_skb does),
 * and records drops (any kfree_skb of a packet with an id during the call)
 * and CE marks (FORMAT.md rules) in the effect list.
 *
 * qdk_enqueue returns the raw value of ops->enqueue (NET_XMIT_* with the
 * __NET_XMIT_STOLEN/BYPASS bits). The skb belongs to the qdisc afterwards.
 */
int qdk_enqueue(struct qdk_qdisc *q, struct qdk_skb *skb);
/*
 * A packet through a tc hook of the qdisc's device, whose ingress or clsact
 * qdisc q is (the kernel's sch_handle_ingress(), sch_handle_egress()):
 * received (ingress: its Ethernet header pulled first, as the driver's
 * eth_type_trans() leaves it; the hook counts skb->len) or sent (egress:
 * the qdisc cb's pkt_len as built). Drops are effects as for an enqueue. A
 * packet the hook lets through is the stack's (or the queue's) from there:
 * freed, not dropped. Returns 1 when the hook took it (dropped, stolen),
 * 0 when it went on.
 */
int qdk_hook(struct qdk_qdisc *q, struct qdk_skb *skb, bool ingress);
/* The dequeued packet (the caller frees it with qdk_skb_free) or NULL. */
struct qdk_skb *qdk_dequeue(struct qdk_qdisc *q);
/* ops->peek(); the packet stays in the qdisc. */
struct qdk_skb *qdk_peek(struct qdk_qdisc *q);

/* Effects of the last call; valid until the next call. */
size_t qdk_effects(const struct qdk_effect **list);

/* NET_XMIT values as the kernel defines them, for tools. */
enum {
	QDK_XMIT_SUCCESS = 0x00, QDK_XMIT_DROP = 0x01, QDK_XMIT_CN = 0x02,
	QDK_XMIT_MASK = 0x0f,
	QDK_XMIT_STOLEN = 0x00010000, QDK_XMIT_BYPASS = 0x00020000,
};

/* ---- a network namespace answering rtnetlink (shim/lib/rtnetlink.c) ---- */
/* (its qdisc and class requests: shim/lib/sch_api.c; sysfs: net-sysfs.c) */

/*
 * Devices and their qdiscs as a Linux 6.1 network namespace holds them,
 * configured by rtnetlink requests exactly as tc and ip send them to the
 * kernel (shim/usertc). A new namespace has "lo" (ifindex 1, down).
 */
struct qdk_net;
struct qdk_net *qdk_net_new(void);
/* every device and qdisc released */
void qdk_net_free(struct qdk_net *net);

/* the requester's netlink socket options that change replies */
enum {
	QDK_NL_EXT_ACK = 1,	/* NETLINK_EXT_ACK: extack TLVs in acks */
	QDK_NL_CAP_ACK = 2,	/* NETLINK_CAP_ACK: errors without the request */
	QDK_NL_STRICT_CHK = 4,	/* NETLINK_GET_STRICT_CHK */
};
/* largest request datagram qdk_rtnl_rcv() takes */
#define QDK_NL_MAX_REQUEST	65536
/* gets each reply datagram (as one recvmsg() on the socket would); 0 or -errno */
typedef int (*qdk_nl_reply_fn)(void *ctx, const void *buf, size_t len);
/*
 * One datagram sent to a NETLINK_ROUTE socket with the given port id:
 * every message in it processed as netlink_rcv_skb() does, replies (acks,
 * answers, dump parts, NLMSG_DONE) handed to reply in order. Returns 0,
 * the first error reply returned, or -EMSGSIZE for a datagram over
 * QDK_NL_MAX_REQUEST.
 */
int qdk_rtnl_rcv(struct qdk_net *net, const void *buf, size_t len,
		 uint32_t portid, unsigned int flags, qdk_nl_reply_fn reply,
		 void *ctx);

/*
 * The TCA_OPTIONS attribute (header included) of the request that made
 * device name's root qdisc, as a trace's tca line holds them (a session
 * turned into a trace): its length (0: the request had none) with the
 * bytes in buf; -ENODEV no such device, -ENOENT its root was not made by
 * a request (a default qdisc), -EBUSY a change request reached the root
 * since, -ENOSPC buf is too small.
 */
long qdk_net_root_tca(struct qdk_net *net, const char *name, void *buf,
		      size_t len);

/*
 * The namespace's sysfs files that processes write (shim/lib/net-sysfs.c):
 * netdevsim's bus ("/sys/bus/netdevsim/new_device" and "del_device", 6.1's
 * drivers/net/netdevsim/bus.c), which make and remove its multi-queue
 * devices, and a device's "/sys/class/net/NAME/tx_queue_len".
 * qdk_net_sysfs_open() gives the file's number, or -ENOENT for a path the
 * namespace does not have; qdk_net_sysfs_write() is one write(2) of buf to
 * it as the attribute's store answers: bytes taken or -errno.
 */
int qdk_net_sysfs_open(struct qdk_net *net, const char *path);
long qdk_net_sysfs_write(struct qdk_net *net, int file, const void *buf,
			 size_t len);

/* ---- kernel warnings (shim/api/api.c) ------------------------------- */

/*
 * WARN*() hits so far (each also printed to stderr). A qdisc that warns in
 * the shim would leave a WARNING in the kernel's log: tools treat it as a
 * failure.
 */
unsigned long qdk_warnings(void);
/* fn is called with each WARN's file, line and condition (NULL: none) */
void qdk_warnings_watch(void (*fn)(const char *file, int line, const char *cond));

/* ---- memory accounting (shim/api/api.c) ----------------------------- */

/*
 * Allocation-failure injection: the nth allocation from now that a qdisc
 * could see fail in the kernel (kmalloc family, kmem_cache, alloc_skb(),
 * skb clones and copies; not the packets the harness builds, nor netlink
 * replies) returns NULL, once; 0 disarms. qdk_alloc_count() is how many
 * such allocations were asked for so far; qdk_alloc_failure() says whether
 * the armed one failed, and where it was asked for ("file:line (function)").
 */
void qdk_fail_alloc(uint64_t n);
uint64_t qdk_alloc_count(void);
bool qdk_alloc_failure(char *site, size_t len);

/* Live kmalloc-family allocations and skbs, and their bytes (leak accounting). */
void qdk_mem_usage(long *objects, long *bytes);

/*
 * Leak reports. Every allocation (kmalloc family, kmem_cache, skb) gets the
 * next number of one sequence; qdk_mem_mark() is the last number given, so
 * what a piece of code leaked is what qdk_mem_leaks(mark) lists afterwards.
 */
uint64_t qdk_mem_mark(void);

/* One live allocation. */
struct qdk_leak {
	bool skb;		/* an sk_buff, else a kmalloc-family object */
	size_t size;		/* bytes asked for (an skb: its truesize) */
	const char *cache;	/* kmem_cache_alloc()'s cache name, else NULL */
	/* Where it was allocated: the kernel-style caller of kmalloc(),
	 * alloc_skb(), ... (file as compiled, line, function); file NULL: not
	 * tagged (an skb qdk_skb_build() made for the caller). */
	const char *file;
	unsigned int line;
	const char *func;
	uint64_t id;		/* an skb's packet id, 0: none */
	/* an skb: the bridge call that last handed it to a qdisc ("enqueue"),
	 * NULL: never handed; cookie: qdk_call_cookie() at that call */
	const char *handed;
	uint64_t cookie;
};

/*
 * The allocations made after mark that are still live, oldest first: the
 * first max of them into out; returns how many there are.
 */
size_t qdk_mem_leaks(uint64_t mark, struct qdk_leak *out, size_t max);
/*
 * One line of text for a leak, e.g. "kmalloc'd 64 bytes, allocated at
 * qdiscs/foo/sch_foo.c:120 (foo_init)" or "skb of packet 7 (2304 bytes),
 * built by the caller, last handed to the qdisc by enqueue". Returns
 * snprintf's value.
 */
int qdk_leak_text(const struct qdk_leak *l, char *buf, size_t len);
/*
 * A number the caller associates with the bridge calls that follow (the
 * replay gives the trace line): an skb a call hands to the qdisc keeps the
 * one current then (struct qdk_leak.cookie).
 */
void qdk_call_cookie(uint64_t cookie);
/*
 * The trace the calls come from (NULL: none): with a nonzero cookie, a
 * report of the shim's checks (the accounting check after every call)
 * names the call as PATH:COOKIE, the trace line.
 */
void qdk_call_trace(const char *path);

#endif /* QDK_API_H */
