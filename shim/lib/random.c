// SPDX-License-Identifier: GPL-2.0
/*
 * random.c - get_random_*() from a seeded xoshiro256** generator (same
 * seed, same sequence), and the kernel's prandom Tausworthe generator.
 *
 * Before the generator, a queue of values the kernel really drew (a trace's
 * "random" directive for init, its R lines for a call, queued through
 * qdk_api.h): each get_random_u8/u16/u32/u64() or get_random_bytes() call
 * takes the next queued draw when it has the same width (and length), so a
 * qdisc that drew a seed, a perturbation key or a drop decision in the
 * kernel gets the very same value in the replay. A queued draw steps the
 * generator as the value it replaces would have, so draws the queue does
 * not answer (timers) get the values they got in the run that wrote the
 * trace. A draw of another width than the one queued is a divergence: it is
 * noted (qdk_random_status), the queue is abandoned and the generator
 * answers from then on. So is, during a call replayed exactly
 * (qdk_random_exact), a draw with nothing queued.
 *
 * Every draw made while the log is on (qdk_random_log) is also kept, for
 * drive to write as R lines.
 */
#include <linux/kernel.h>
#include <linux/random.h>
#include <linux/percpu.h>
#include <linux/prandom.h>
#include <linux/string.h>

#include "shim.h"
#include "../api/qdk_api.h"

static u64 rng_s[4];

/* A queued draw: width 1, 2, 4, 8 (get_random_uN) or 0 (get_random_bytes). */
struct rnd_draw {
	u8 width;
	u32 tag;		/* the caller's (trace line) */
	u32 off, len;		/* bytes: where in rnd_pool */
	u64 val;
};

#define RND_MAX_DRAWS	1024
#define RND_POOL	16384

static struct rnd_draw rnd_q[RND_MAX_DRAWS];
static u8 rnd_pool[RND_POOL];
static unsigned int rnd_n, rnd_next, rnd_pool_used;
static bool rnd_bad;			/* a width/length mismatch happened */
static bool rnd_excess;			/* ... or a draw beyond the queue */
static struct rnd_draw rnd_bad_want;	/* what the qdisc asked for */
static struct rnd_draw rnd_bad_had;	/* what the kernel drew there */
static bool rnd_held;			/* queued draws wait for the call */
static uint32_t rnd_exact;		/* a call's tag: only queued draws */

/* the draws logged for drive (qdk_random_log) */
static struct qdk_draw rnd_log[RND_MAX_DRAWS];
static u8 rnd_log_pool[RND_POOL];
static unsigned int rnd_log_n, rnd_log_used;
static bool rnd_log_on, rnd_log_full;

static void rnd_clear(void)
{
	rnd_n = 0;
	rnd_next = 0;
	rnd_pool_used = 0;
	rnd_bad = false;
	rnd_excess = false;
	rnd_held = false;
	rnd_exact = 0;
}

/* The queue was all handed out: start it afresh (a call's draws). */
static void rnd_rewind(void)
{
	if (rnd_next == rnd_n && !rnd_bad && !rnd_excess) {
		rnd_n = 0;
		rnd_next = 0;
		rnd_pool_used = 0;
	}
}

int qdk_random_queue_u(unsigned int width, uint64_t value, uint32_t tag)
{
	struct rnd_draw *d;

	if (width != 1 && width != 2 && width != 4 && width != 8)
		return -EINVAL;
	rnd_rewind();
	if (rnd_n == RND_MAX_DRAWS)
		return -ENOSPC;
	d = &rnd_q[rnd_n++];
	d->width = width;
	d->tag = tag;
	d->off = 0;
	d->len = width;
	d->val = width == 8 ? value : value & ((1ULL << (width * 8)) - 1);
	return 0;
}

int qdk_random_queue_bytes(const void *buf, size_t len, uint32_t tag)
{
	struct rnd_draw *d;

	rnd_rewind();
	if (rnd_n == RND_MAX_DRAWS || len > RND_POOL - rnd_pool_used)
		return -ENOSPC;
	d = &rnd_q[rnd_n++];
	d->width = 0;
	d->tag = tag;
	d->off = rnd_pool_used;
	d->len = len;
	d->val = 0;
	memcpy(rnd_pool + rnd_pool_used, buf, len);
	rnd_pool_used += len;
	return 0;
}

static void rnd_describe(const struct rnd_draw *d, char *buf, size_t len)
{
	if (d->width)
		snprintf(buf, len, "get_random_u%u()", d->width * 8);
	else
		snprintf(buf, len, "get_random_bytes(%u bytes)", d->len);
}

void qdk_random_hold(void)
{
	rnd_held = true;
}

void qdk_random_exact(uint32_t tag)
{
	rnd_exact = tag;
	rnd_held = false;
	if (!tag)
		rnd_rewind();
}

/* qdk_random_status() when a draw went wrong or was not made: the report */
static noinline size_t rnd_status_report(uint32_t *tag, char *msg, size_t msglen)
{
	char want[48], had[48];

	if (rnd_excess) {
		rnd_describe(&rnd_bad_want, want, sizeof(want));
		if (tag)
			*tag = rnd_bad_had.tag;
		if (msglen)
			snprintf(msg, msglen, "the qdisc called %s beyond the kernel's draws "
				 "(%u R value%s before the call)", want, rnd_n,
				 rnd_n == 1 ? "" : "s");
		return 1;
	}
	if (rnd_bad) {
		rnd_describe(&rnd_bad_want, want, sizeof(want));
		rnd_describe(&rnd_bad_had, had, sizeof(had));
		if (tag)
			*tag = rnd_bad_had.tag;
		if (msglen)
			snprintf(msg, msglen,
				 "the qdisc called %s where the kernel's draw was %s",
				 want, had);
		return rnd_n - rnd_next;
	}
	rnd_describe(&rnd_q[rnd_next], had, sizeof(had));
	if (tag)
		*tag = rnd_q[rnd_next].tag;
	if (msglen)
		snprintf(msg, msglen,
			 "%u of the kernel's draws were never made, the first a %s",
			 rnd_n - rnd_next, had);
	return rnd_n - rnd_next;
}

/*
 * Every replayed call asks: the common answer (all queued draws made,
 * nothing else) without the report's stack frame.
 */
size_t qdk_random_status(uint32_t *tag, char *msg, size_t msglen)
{
	if (likely(!rnd_excess && !rnd_bad && rnd_next == rnd_n)) {
		if (msglen)
			msg[0] = '\0';
		return 0;
	}
	return rnd_status_report(tag, msg, msglen);
}

/*
 * The next queued draw if it is what the caller asks for (width, or
 * get_random_bytes of len bytes); NULL once the queue is empty or abandoned.
 */
static const struct rnd_draw *rnd_take(unsigned int width, size_t len)
{
	const struct rnd_draw *d;

	if (rnd_bad || rnd_excess || rnd_held)
		return NULL;
	if (rnd_next == rnd_n) {
		if (rnd_exact) {
			rnd_excess = true;
			rnd_bad_had.tag = rnd_exact;
			rnd_bad_want.width = width;
			rnd_bad_want.len = len;
		}
		return NULL;
	}
	d = &rnd_q[rnd_next];
	if (d->width != width || (!width && d->len != len)) {
		rnd_bad = true;
		rnd_bad_had = *d;
		rnd_bad_want.width = width;
		rnd_bad_want.len = len;
		return NULL;
	}
	rnd_next++;
	return d;
}

static u64 splitmix64(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void qdk_random_seed(u64 seed)
{
	u64 x = seed;
	int i;

	for (i = 0; i < 4; i++)
		rng_s[i] = splitmix64(&x);
	rnd_clear();
}

static u64 rng_next(void)
{
	u64 result = rol64(rng_s[1] * 5, 7) * 9;
	u64 t = rng_s[1] << 17;

	rng_s[2] ^= rng_s[0];
	rng_s[3] ^= rng_s[1];
	rng_s[1] ^= rng_s[2];
	rng_s[0] ^= rng_s[3];
	rng_s[2] ^= t;
	rng_s[3] = rol64(rng_s[3], 45);
	return result;
}

void qdk_random_log(bool on)
{
	rnd_log_on = on;
	rnd_log_n = 0;
	rnd_log_used = 0;
	rnd_log_full = false;
}

int qdk_random_logged(const struct qdk_draw **draws, size_t *n)
{
	*draws = rnd_log;
	*n = rnd_log_n;
	return rnd_log_full ? -ENOSPC : 0;
}

/* A draw the qdisc was given, into the log when it is on. */
static void rnd_note(unsigned int width, u64 val, const void *buf, size_t len)
{
	struct qdk_draw *l;

	if (!rnd_log_on)
		return;
	if (rnd_log_n == RND_MAX_DRAWS || (!width && len > RND_POOL - rnd_log_used)) {
		rnd_log_full = true;
		return;
	}
	l = &rnd_log[rnd_log_n++];
	l->width = (uint8_t)width;
	l->val = val;
	l->len = width ? width : len;
	l->bytes = NULL;
	if (!width) {
		memcpy(rnd_log_pool + rnd_log_used, buf, len);
		l->bytes = rnd_log_pool + rnd_log_used;
		rnd_log_used += len;
	}
}

/* width bytes of one draw: the queue's (stepping the generator) or the generator's */
static u64 rnd_value(unsigned int width)
{
	const struct rnd_draw *d = rnd_take(width, width);
	u64 v = rng_next();

	if (d)
		v = d->val;
	else if (width < 8)
		v >>= 64 - 8 * width;
	rnd_note(width, v, NULL, 0);
	return v;
}

u64 get_random_u64(void)
{
	return rnd_value(8);
}

u32 get_random_u32(void)
{
	return (u32)rnd_value(4);
}

u16 get_random_u16(void)
{
	return (u16)rnd_value(2);
}

u8 get_random_u8(void)
{
	return (u8)rnd_value(1);
}

void get_random_bytes(void *buf, size_t len)
{
	const struct rnd_draw *d = rnd_take(0, len);
	size_t left = len;
	u8 *p = buf;

	while (left) {
		u64 v = rng_next();
		size_t n = left < sizeof(v) ? left : sizeof(v);

		if (!d)
			memcpy(p, &v, n);
		p += n;
		left -= n;
	}
	if (d)
		memcpy(buf, rnd_pool + d->off, len);
	rnd_note(0, 0, buf, len);
}

/*
 * uniform in [0, ceil) by multiply-and-reject, drawing exactly as the
 * kernel's does (one get_random_u32() first, even for ceil 0 or 1, which
 * matters once the draws are the kernel's own)
 */
u32 __get_random_u32_below(u32 ceil)
{
	u32 rand = get_random_u32();
	u64 mult;

	if (unlikely(!ceil))
		return rand;
	mult = (u64)ceil * rand;
	if (unlikely((u32)mult < ceil)) {
		u32 bound = -ceil % ceil;

		while (unlikely((u32)mult < bound))
			mult = (u64)ceil * get_random_u32();
	}
	return mult >> 32;
}

#define TAUSWORTHE(s, a, b, c, d) ((((s) & (c)) << (d)) ^ ((((s) << (a)) ^ (s)) >> (b)))

u32 prandom_u32_state(struct rnd_state *state)
{
	state->s1 = TAUSWORTHE(state->s1,  6U, 13U, 4294967294U, 18U);
	state->s2 = TAUSWORTHE(state->s2,  2U, 27U, 4294967288U,  2U);
	state->s3 = TAUSWORTHE(state->s3, 13U, 21U, 4294967280U,  7U);
	state->s4 = TAUSWORTHE(state->s4,  3U, 12U, 4294967168U, 13U);
	return state->s1 ^ state->s2 ^ state->s3 ^ state->s4;
}

/* each CPU's state from 16 random bytes, then ten steps as a warm-up */
void prandom_seed_full_state(struct rnd_state __percpu *pcpu_state)
{
	int cpu, i;

	for_each_possible_cpu(cpu) {
		struct rnd_state *state = per_cpu_ptr(pcpu_state, cpu);
		u32 seeds[4];

		get_random_bytes(seeds, sizeof(seeds));
		state->s1 = __seed(seeds[0], 2U);
		state->s2 = __seed(seeds[1], 8U);
		state->s3 = __seed(seeds[2], 16U);
		state->s4 = __seed(seeds[3], 128U);
		for (i = 0; i < 10; i++)
			prandom_u32_state(state);
	}
}
EXPORT_SYMBOL(prandom_seed_full_state);

void prandom_bytes_state(struct rnd_state *state, void *buf, size_t bytes)
{
	u8 *ptr = buf;

	while (bytes >= sizeof(u32)) {
		u32 v = prandom_u32_state(state);

		memcpy(ptr, &v, sizeof(v));
		ptr += sizeof(u32);
		bytes -= sizeof(u32);
	}
	if (bytes > 0) {
		u32 rem = prandom_u32_state(state);

		do {
			*ptr++ = (u8)rem;
			bytes--;
			rem >>= 8;
		} while (bytes > 0);
	}
}

/*
 * Entropy a driver mixes in: the generator is seeded, so it is taken and
 * the stream does not change (a replay draws what it drew before).
 */
void add_device_randomness(const void *buf, size_t len)
{
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void add_hwgenerator_randomness(const void *buf, size_t len, size_t entropy, bool sleep_after)
#else
void add_hwgenerator_randomness(const void *buf, size_t len, size_t entropy)
#endif
{
}

void add_input_randomness(unsigned int type, unsigned int code, unsigned int value)
{
}

void add_interrupt_randomness(int irq)
{
}

/* seeded before any module's init: ready, nothing to wait for */
bool rng_is_initialized(void)
{
	return true;
}

int wait_for_random_bytes(void)
{
	return 0;
}

/* a VM fork never happens to the shim: nobody is told, registering succeeds */
int register_random_vmfork_notifier(struct notifier_block *nb)
{
	return 0;
}

int unregister_random_vmfork_notifier(struct notifier_block *nb)
{
	return 0;
}
