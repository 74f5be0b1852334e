/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qdisc_test.h - helpers for a qdisc's Check unit tests, shared by the
 * template's test (so every `make new` qdisc starts with them) and the kit's
 * qdiscs. Plain C11 over shim/api/qdk_api.h and tcopt: build TCA_OPTIONS
 * byte by byte or from tc words, create/change a qdisc and expect its
 * extack, build packets, dequeue, read statistics and the dump, check that
 * a test frees what it allocated, and run the suite.
 *
 * Helpers that can fail a test do so with ck_assert (they run inside the
 * test); "try" variants return the failure to the caller instead.
 *
 * Errors are negative errnos, as the kernel returns them: an err argument
 * is -EINVAL, never EINVAL (a positive one fails the test saying so), and
 * an *err result is negative too.
 * Linked into every test binary by qdiscs/qdiscs.mk.
 */
#ifndef QDK_QDISC_TEST_H
#define QDK_QDISC_TEST_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "qdk_api.h"
#include "tcopt.h"

/* The kind under test: the tc-word helpers build "KIND OPTS". qt_main() sets it. */
extern const char *qt_kind;

/* ---- TCA_OPTIONS, byte by byte (so a test controls every bit) ----------- */

struct qt_tca {
	uint8_t b[256];
	size_t len;
};

/* Start TCA_OPTIONS (with NLA_F_NESTED when nested is set). */
void qt_tca_start(struct qt_tca *t, bool nested);
/* Append an attribute with a payload of plen bytes, padded to 4. */
void qt_tca_attr(struct qt_tca *t, uint16_t type, const void *payload, size_t plen);
void qt_tca_u32(struct qt_tca *t, uint16_t type, uint32_t v);
/* Append raw bytes inside the nest (for malformed streams). */
void qt_tca_raw(struct qt_tca *t, const void *data, size_t len);

/* ---- create and change ---------------------------------------------------- */

/* Create qt_kind on a device with txqlen from raw options t (NULL: none). */
struct qdk_qdisc *qt_create_tca(uint32_t txqlen, const struct qt_tca *t);
/*
 * Create qt_kind from tc words ("limit 10 ecn", txqueuelen 1000); NULL on
 * failure, with the negative errno in *err (-EINVAL) and the extack in msg.
 */
struct qdk_qdisc *qt_create_try(const char *opts, int *err, char *msg, size_t msglen);
/* The same, failing the test when the qdisc refuses. */
struct qdk_qdisc *qt_create(const char *opts);
/*
 * Creating with opts must fail with err, a negative errno (-EINVAL), and
 * exactly the extack want.
 */
void qt_create_fails(const char *opts, int err, const char *want);
/* change() with tc words; returns 0 or a negative errno, msg gets the extack. */
int qt_change(struct qdk_qdisc *q, const char *opts, char *msg, size_t msglen);
/*
 * change() of q with opts must fail with err, a negative errno (-ERANGE),
 * and exactly the extack want, and leave q as it was (its dump the same
 * bytes).
 */
void qt_change_fails(struct qdk_qdisc *q, const char *opts, int err, const char *want);
/*
 * Options a qdisc must refuse both ways: creating with opts fails
 * (qt_create_fails), and so does changing a qdisc created with none
 * (qt_change_fails).
 */
void qt_rejects(const char *opts, int err, const char *want);	/* err: -EINVAL */
/*
 * An option fixed at create (mered's and fred's flows and seed): change()
 * with opts ("flows 128") is refused (qt_change_fails) with the kit's
 * "WORD cannot be changed: delete and add the qdisc", WORD opts' first word.
 */
void qt_change_fixed(struct qdk_qdisc *q, const char *opts);
/*
 * A change request without TCA_OPTIONS: as the kernel's qdisc_change(), it
 * never reaches ->change(), answers 0 with no message and leaves the dump
 * as it was.
 */
void qt_check_change_without_options(struct qdk_qdisc *q);
/* tc words the kind's parser must refuse with exactly the message want. */
void qt_tc_rejects(const char *opts, const char *want);
/* The TCA_OPTIONS tc words give ("KIND OPTS" must parse), into b. */
void qt_build(const char *opts, struct tcopt_buf *b);

/* ---- packets ---------------------------------------------------------------- */

/* Build p (its id, lengths, addresses as given), failing the test if refused. */
struct qdk_skb *qt_skb(const struct qdk_pkt *p);
/* A UDP/IPv4 packet 10.0.0.1:sport -> 10.0.0.2:6000 of len bytes, TOS tos. */
struct qdk_skb *qt_udp4(uint64_t id, uint32_t len, uint16_t sport, uint8_t tos);
/* The next packet id of this test process: 1, 2, ... */
uint64_t qt_next_id(void);
/*
 * Numbered flows: a qt_udp4 packet of flow f (source port 1000 + f) of len
 * bytes with the next id; enqueue one (TOS 0), giving the verdict, and its
 * id in *id.
 */
struct qdk_skb *qt_flow_udp4(unsigned int f, uint32_t len, uint8_t tos);
int qt_enq_flow(struct qdk_qdisc *q, unsigned int f, uint32_t len);
int qt_enq_flow_id(struct qdk_qdisc *q, unsigned int f, uint32_t len, uint64_t *id);
/* Dequeue one packet: its id (0: none); frees it. */
uint64_t qt_deq(struct qdk_qdisc *q);
/* Dequeue one packet: its pkt_len (-1: none), *id and *ecn when not NULL; frees it. */
int qt_deq_len(struct qdk_qdisc *q, uint64_t *id, unsigned int *ecn);

/* n arrivals of 1000-byte qt_udp4 packets (ids first...), no dequeue: verdicts in ret. */
void qt_fill(struct qdk_qdisc *q, uint64_t first, int n, int *ret);

/* ---- contract checks ------------------------------------------------------- */

/*
 * A seeded qdisc decides the same again: opts + "seed 42" twice give the
 * same n verdicts (qt_fill), opts + "seed 43" others, and the dump holds
 * 42 in seed_attr.
 */
void qt_check_seed_determinism(const char *opts, uint16_t seed_attr, int n);
/*
 * q's dump, fed to a new qdisc (a device with txqueuelen 0) and to its
 * change(), gives the same bytes back; a dump into too_small bytes fails.
 */
void qt_check_dump_round_trip(struct qdk_qdisc *q, size_t too_small);

/*
 * ---- the contract every qdisc keeps, whatever its algorithm ---------------
 *
 * These checks hold for any drop or scheduling policy: they follow the
 * qdisc's own verdicts and drop effects (qdk_effects) with a model of what
 * it holds, so a qdisc started with `make new` keeps passing them when its
 * algorithm is replaced. A qdisc whose dequeue can return nothing while it
 * holds packets (a shaper waiting for its watchdog) cannot use them as is.
 *
 * n arrivals of varied sizes (ids from qt_next_id), then everything
 * dequeued: after each call qlen, backlog and drops are what the verdicts
 * and the dropped ids say; each queued packet leaves exactly once; bstats
 * count what left. q ends empty.
 */
void qt_check_accounting(struct qdk_qdisc *q, int n);
/*
 * With n arrivals queued: peek() gives the packet the next dequeue() gives,
 * twice the same; it moves nothing, or, as qdisc_peek_dequeued() does,
 * counts that packet as sent once, at the peek (its drops are reported as
 * any dequeue's).
 */
void qt_check_peek(struct qdk_qdisc *q, int n);
/*
 * With n arrivals queued: reset() empties q (qlen, backlog 0, nothing to
 * peek or dequeue) and is not a drop: the drops counter keeps its value.
 */
void qt_check_reset(struct qdk_qdisc *q, int n);
/*
 * With n arrivals queued: change() with tc words opts succeeds; the packets
 * it drops leave qlen and backlog exact (and every ancestor told); the rest
 * dequeue as qt_check_accounting() expects.
 */
void qt_check_change_under_load(struct qdk_qdisc *q, const char *opts, int n);
/*
 * The netlink rules of TCA_OPTIONS, on a qdisc created without options:
 * attribute attr (a u32 the qdisc accepts as good) of 2 or 8 bytes, an
 * attribute type past maxattr and bytes after the last attribute are
 * refused with the netlink core's extack and leave the qdisc as it was;
 * change() without options is refused (-EINVAL with a message); a nest
 * without NLA_F_NESTED (older tc) is accepted.
 */
void qt_check_nla_strict(uint16_t attr, uint32_t good, uint16_t maxattr);
/* tc words opts build exactly the TCA_OPTIONS a qdisc created from them dumps. */
void qt_check_tc_build(const char *opts);
/*
 * The xstats printer, given the first 4, 8, ... bytes of q's xstats (an
 * older kernel's shorter struct), prints a prefix of what it prints for all
 * of them, and something for all of them.
 */
void qt_check_print_xstats_prefixes(struct qdk_qdisc *q);

/* ---- statistics and dump ------------------------------------------------- */

struct qdk_stats qt_stats(struct qdk_qdisc *q);
/* The xstats blob into xs, which must be exactly size bytes. */
void qt_xstats(struct qdk_qdisc *q, void *xs, size_t size);
/* The u32 value of attribute type in the dump; -1 when absent. */
int64_t qt_dumped(struct qdk_qdisc *q, uint16_t type);
/* The same, failing the test when it is absent. */
uint32_t qt_dumped_u32(struct qdk_qdisc *q, uint16_t type);

/* A probability as parts of 2^32, rounded (0.02 -> 85899346). */
uint32_t qt_q32(double p);

/* ---- a tc printer's text ---------------------------------------------------- */

/* Printers write "key value " / "key " here (values raw, no units). */
struct qt_text {
	struct tcopt_out o;
	char buf[1024];
};

void qt_text_init(struct qt_text *t);
/* The kind's tc printer, given q's dump, must print exactly want (qt_text). */
void qt_check_print(struct qdk_qdisc *q, const char *want);
/* The same for the first len bytes of q's xstats (0: all of them). */
void qt_check_print_xstats(struct qdk_qdisc *q, size_t len, const char *want);

/* ---- memory and the runner --------------------------------------------------- */

/* A checked fixture: every test must free what it allocated. */
void qt_mem_setup(void);
void qt_mem_teardown(void);

/*
 * Initialise the shim, check kind is registered (NULL: a test of no qdisc),
 * make and destroy one qdisc of it (what the shim keeps once is then there),
 * run s, and check nothing leaked. The value for main() to return.
 */
int qt_main(const char *kind, Suite *s);

#endif /* QDK_QDISC_TEST_H */
