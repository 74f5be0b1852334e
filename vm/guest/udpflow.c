// SPDX-License-Identifier: GPL-2.0
/*
 * udpflow - the VM rig's constant-bit-rate UDP flow (a scenario's `flow: udp`).
 *
 *   udpflow recv PORT WAIT TIME OUT.json
 *   udpflow send ADDR PORT TIME RATE LEN TOS OUT.json [PACE [TXTIME [TXCLOCK]]]
 *
 * Why not iperf3 -u: iperf3 (3.12, Debian 12) starts a UDP test with one
 * datagram each way and no retry, so when the qdisc under test drops that
 * datagram (a full class, netem loss) the flow never starts and the client
 * waits until it is killed. Here nothing depends on one datagram arriving:
 * the sender sends on its schedule from the first moment, every datagram
 * carries its sequence number, and the count sent travels in ten end
 * markers 100 ms apart; the receiver reports when one of them arrives, at
 * its deadline (WAIT seconds) or on SIGTERM, whichever comes first.
 *
 * The receiver writes OUT.json in the shape of iperf3 -J's "end" object so
 * vm/check.py reads both alike: sum_received (bits_per_second of the UDP
 * payload over TIME, lost_percent), sum_sent (what the sender sent, from the
 * end marker, else the highest sequence number seen) and sum (packets sent,
 * seconds, lost_percent). The sender writes its own count to its OUT.json.
 *
 * RATE is in bits/s with an optional K, M or G (decimal, as iperf3 -b);
 * LEN is the UDP payload (>= 40 bytes, the header below); TOS the IP TOS
 * byte. PACE (bits/s as RATE; 0 or absent: none) connects the socket and
 * sets SO_MAX_PACING_RATE to it, as iperf3's --fq-rate does: a connected
 * socket's packets carry skb->sk to the sender's qdisc, and fq paces them
 * by the socket's sk_pacing_rate (a scenario's `flow: udp pace=...`).
 * TXTIME (microseconds; 0 or absent: none) sets SO_TXTIME on the socket
 * (CLOCK_TAI, as etf requires; no flags) and gives each datagram a launch time
 * (SCM_TXTIME, skb->tstamp) that far ahead of its sending, less a fifth of
 * it for each of its place in a round of five: 5/5, 4/5 ... 1/5 of TXTIME,
 * so each datagram of a round is due before the one sent before it, and
 * etf (a scenario's `flow: udp txtime=...`) reorders them, and drops one
 * due before a packet it sent already. TXCLOCK is that clock: tai (the
 * default) or mono, CLOCK_MONOTONIC, the clock sch_fq and a BPF qdisc's
 * bpf_ktime_get_ns() compare skb->tstamp with (`flow: udp txclock=mono`).
 */
#define TXTIME_ROUND 5
/*
 *
 * One-way delay: sender and receiver are namespaces of one kernel and read
 * the same CLOCK_MONOTONIC, so each datagram's delay is the receiver's clock
 * minus the stamp the sender put in it. sum_received gets its mean, median,
 * 99th percentile and maximum in ms (median and p99 from 0.1 ms buckets),
 * and the jitter as RTP (RFC 3550) and iperf3 compute it: the running
 * mean, gain 1/16, of the change in delay between consecutive datagrams.
 * "intervals" has the bytes received in each second since the sender
 * began, in iperf3's shape (intervals[].sum), for rates per phase of a run. A sender behind its schedule (TCG is slow) sends at once, without
 * sleeping, until it has caught up, as iperf3 does.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/net_tstamp.h>
#include <time.h>
#include <unistd.h>

#define MAGIC 0x51444b55u	/* "QDKU" */
#define FLAG_END 1u
#define HDR_LEN 40
#define DELAY_BUCKET_NS 100000LL	/* one-way delay histogram: 0.1 ms buckets */
#define DELAY_BUCKETS 100000		/* up to 10 s; later ones count in the last */
#define MAX_LEN 65507
#define END_MARKERS 10
#define END_GAP_NS 100000000LL
#define LINGER_NS 500000000LL	/* after an end marker: stragglers of a reordering qdisc */

struct hdr {
	uint32_t magic;
	uint32_t flags;
	uint64_t seq;
	uint64_t sent;		/* end marker: datagrams sent */
	int64_t stamp;		/* sender's CLOCK_MONOTONIC when sent, ns */
	int64_t start;		/* sender's CLOCK_MONOTONIC when it began, ns */
};

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

static void die(const char *what)
{
	fprintf(stderr, "udpflow: %s\n", what);
	exit(2);
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static double num(const char *s, const char *what, double lo, double hi)
{
	char *end;
	double v = strtod(s, &end), mult = 1;

	if (end == s)
		goto bad;
	switch (*end) {
	case 'k': case 'K': mult = 1e3; end++; break;
	case 'm': case 'M': mult = 1e6; end++; break;
	case 'g': case 'G': mult = 1e9; end++; break;
	}
	v *= mult;
	if (*end || !(v >= lo && v <= hi))
		goto bad;
	return v;
bad:
	fprintf(stderr, "udpflow: %s '%s' is not a number in [%g, %g]\n", what, s, lo, hi);
	exit(2);
}

/* Write TEXT to PATH through PATH.tmp and a rename: a reader never sees half. */
static void write_file(const char *path, const char *text)
{
	char tmp[4096];
	FILE *f;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		die("output path too long");
	f = fopen(tmp, "w");
	if (!f || fputs(text, f) == EOF || fclose(f) == EOF || rename(tmp, path))
		die("cannot write the result file");
}

/* The delay (ms, a bucket's upper edge) below which a fraction Q of N lies. */
static double delay_quantile(const uint64_t *hist, uint64_t n, double q)
{
	uint64_t want = (uint64_t)((double)n * q), seen = 0;
	int k;

	for (k = 0; k < DELAY_BUCKETS; k++) {
		seen += hist[k];
		if (seen > want)
			break;
	}
	k = k < DELAY_BUCKETS ? k : DELAY_BUCKETS - 1;
	return n ? (double)((k + 1) * DELAY_BUCKET_NS) / 1e6 : 0;
}

static int do_recv(int argc, char **argv)
{
	uint16_t port;
	double wait_s, time_s;
	struct sockaddr_in sa = { .sin_family = AF_INET };
	unsigned char buf[MAX_LEN + 1];
	uint64_t got = 0, bytes = 0, top = 0, sent = 0, *bins;
	int64_t deadline, linger = 0, dmax = 0, dprev = -1;
	double dsum = 0, jitter = 0;
	size_t nbins, len, i;
	char *out;
	static uint64_t hist[DELAY_BUCKETS];
	double lost_pct, p50, p99;
	uint64_t total, lost;
	int fd;

	if (argc != 4)
		die("usage: udpflow recv PORT WAIT TIME OUT.json");
	port = (uint16_t)num(argv[0], "PORT", 1, 65535);
	wait_s = num(argv[1], "WAIT", 0.1, 86400);
	time_s = num(argv[2], "TIME", 0.001, 86400);
	/* a second more than the flow for late arrivals; later ones count in the last */
	nbins = (size_t)time_s + 2;
	bins = calloc(nbins, sizeof(*bins));
	out = malloc(1536 + nbins * 96);
	if (!bins || !out)
		die("out of memory");
	signal(SIGTERM, on_term);
	signal(SIGINT, on_term);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	sa.sin_port = htons(port);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		die("cannot bind the UDP port");
	deadline = now_ns() + (int64_t)(wait_s * 1e9);
	while (!stop) {
		int64_t t = now_ns(), until = linger ? linger : deadline;
		struct pollfd p = { .fd = fd, .events = POLLIN };
		struct hdr h;
		ssize_t n;

		if (t >= until)
			break;
		/* short polls: SIGTERM is seen within 100 ms even if poll restarts */
		if (poll(&p, 1, 100) <= 0)
			continue;
		n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
		if (n < HDR_LEN)
			continue;
		memcpy(&h, buf, sizeof(h));
		if (h.magic != MAGIC)
			continue;
		if (h.flags & FLAG_END) {
			sent = h.sent;
			if (!linger)
				linger = now_ns() + LINGER_NS;
			continue;
		}
		got++;
		bytes += (uint64_t)n;
		{
			int64_t t = now_ns(), d = t - h.stamp, k;

			d = d < 0 ? 0 : d;
			k = (t - h.start) / 1000000000LL;
			bins[k < 0 ? 0 : (size_t)k < nbins ? (size_t)k : nbins - 1] += (uint64_t)n;
			if (dprev >= 0)
				jitter += ((double)(d > dprev ? d - dprev : dprev - d) - jitter) / 16;
			dprev = d;
			k = d / DELAY_BUCKET_NS;
			hist[k < DELAY_BUCKETS ? k : DELAY_BUCKETS - 1]++;
			dsum += (double)d;
			dmax = d > dmax ? d : dmax;
		}
		if (h.seq + 1 > top)
			top = h.seq + 1;
	}
	total = sent ? sent : top;
	p50 = delay_quantile(hist, got, 0.50);
	p99 = delay_quantile(hist, got, 0.99);
	lost = total > got ? total - got : 0;
	lost_pct = total ? 100.0 * (double)lost / (double)total : 0;
	len = (size_t)snprintf(out, 1536,
		 "{\"end\": {\n"
		 "  \"sum_received\": {\"packets\": %" PRIu64 ", \"bytes\": %" PRIu64
		 ", \"seconds\": %.3f, \"bits_per_second\": %.1f, \"lost_packets\": %" PRIu64
		 ", \"lost_percent\": %.4f, \"delay_avg_ms\": %.3f, \"delay_p50_ms\": %.1f,"
		 " \"delay_p99_ms\": %.1f, \"delay_max_ms\": %.3f, \"jitter_ms\": %.3f},\n"
		 "  \"sum_sent\": {\"packets\": %" PRIu64 ", \"seconds\": %.3f, \"bits_per_second\": %.1f,"
		 " \"from\": \"%s\"},\n"
		 "  \"sum\": {\"packets\": %" PRIu64 ", \"seconds\": %.3f, \"lost_percent\": %.4f}\n"
		 "},\n\"intervals\": [",
		 got, bytes, time_s, (double)bytes * 8 / time_s, lost, lost_pct,
		 got ? dsum / (double)got / 1e6 : 0, p50, p99, (double)dmax / 1e6, jitter / 1e6,
		 total, time_s, got ? (double)total * ((double)bytes / (double)got) * 8 / time_s : 0,
		 sent ? "end marker" : (top ? "highest sequence number" : "nothing received"),
		 total, time_s, lost_pct);
	for (i = 0; i < nbins; i++)
		len += (size_t)snprintf(out + len, 96, "%s\n {\"sum\": {\"start\": %zu, \"end\": %zu, "
					"\"bytes\": %" PRIu64 ", \"bits_per_second\": %" PRIu64 "}}",
					i ? "," : "", i, i + 1, bins[i], bins[i] * 8);
	snprintf(out + len, 8, "]}\n");
	write_file(argv[3], out);
	return 0;
}

/* SO_TXTIME's clock: CLOCK_TAI, or CLOCK_MONOTONIC (TXCLOCK mono) */
static clockid_t txclock = CLOCK_TAI;

/* that clock in ns */
static int64_t tx_ns(void)
{
	struct timespec ts;

	clock_gettime(txclock, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* a datagram's launch time after its sending: TXTIME_ROUND steps of txtime / TXTIME_ROUND */
static int64_t launch(int64_t txtime, uint64_t seq)
{
	return txtime * (int64_t)(TXTIME_ROUND - seq % TXTIME_ROUND) / TXTIME_ROUND;
}

/* sendto(), with SCM_TXTIME = at (CLOCK_MONOTONIC ns) unless at is 0 */
static ssize_t send_one(int fd, const void *buf, size_t len, const struct sockaddr_in *sa,
			int64_t at)
{
	char ctl[CMSG_SPACE(sizeof(uint64_t))] = { 0 };
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr m = { .msg_name = (void *)sa, .msg_namelen = sizeof(*sa),
			    .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *c;
	uint64_t t = (uint64_t)at;

	if (!at)
		return sendto(fd, buf, len, 0, (const struct sockaddr *)sa, sizeof(*sa));
	m.msg_control = ctl;
	m.msg_controllen = sizeof(ctl);
	c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_TXTIME;
	c->cmsg_len = CMSG_LEN(sizeof(t));
	memcpy(CMSG_DATA(c), &t, sizeof(t));
	return sendmsg(fd, &m, 0);
}

static int do_send(int argc, char **argv)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	double time_s, rate;
	size_t len;
	int tos, fd, i;
	int64_t t0, gap, end;
	uint64_t seq = 0, errs = 0;
	unsigned char buf[MAX_LEN] = { 0 };
	struct hdr h = { .magic = MAGIC };
	char out[512];

	double pace = 0;
	int64_t txtime = 0;

	if (argc < 7 || argc > 10)
		die("usage: udpflow send ADDR PORT TIME RATE LEN TOS OUT.json [PACE [TXTIME [TXCLOCK]]]");
	if (argc >= 8 && strcmp(argv[7], "0"))
		pace = num(argv[7], "PACE", 1, 1e12);
	if (argc >= 9)
		txtime = (int64_t)num(argv[8], "TXTIME", 0, 1e7) * 1000;
	if (argc == 10 && !strcmp(argv[9], "mono"))
		txclock = CLOCK_MONOTONIC;
	else if (argc == 10 && strcmp(argv[9], "tai"))
		die("TXCLOCK is tai or mono");
	if (inet_pton(AF_INET, argv[0], &sa.sin_addr) != 1)
		die("ADDR is not an IPv4 address");
	sa.sin_port = htons((uint16_t)num(argv[1], "PORT", 1, 65535));
	time_s = num(argv[2], "TIME", 0.001, 86400);
	rate = num(argv[3], "RATE", 1, 1e12);
	len = (size_t)num(argv[4], "LEN", HDR_LEN, MAX_LEN);
	tos = (int)num(argv[5], "TOS", 0, 255);
	signal(SIGTERM, on_term);
	signal(SIGINT, on_term);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || setsockopt(fd, IPPROTO_IP, IP_TOS, &tos, sizeof(tos)))
		die("cannot open the UDP socket");
	if (pace > 0) {
		unsigned long bytes = (unsigned long)(pace / 8);

		if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
		    setsockopt(fd, SOL_SOCKET, SO_MAX_PACING_RATE, &bytes, sizeof(bytes)))
			die("cannot connect the UDP socket or set its pacing rate");
	}
	if (txtime) {
		struct sock_txtime st = { .clockid = txclock };

		if (setsockopt(fd, SOL_SOCKET, SO_TXTIME, &st, sizeof(st)))
			die("cannot set SO_TXTIME on the UDP socket");
	}
	gap = (int64_t)((double)len * 8 / rate * 1e9);
	t0 = now_ns();
	h.start = t0;
	end = t0 + (int64_t)(time_s * 1e9);
	while (!stop) {
		int64_t due = t0 + (int64_t)seq * gap, t = now_ns();

		if (due >= end || t >= end)
			break;
		if (due > t) {
			struct timespec ts = { .tv_sec = (time_t)(due / 1000000000LL),
					       .tv_nsec = (long)(due % 1000000000LL) };

			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
			continue;
		}
		h.seq = seq;
		h.stamp = now_ns();
		memcpy(buf, &h, sizeof(h));
		/* a drop by a local qdisc or a full socket buffer still counts as
		 * sent, as iperf3 counts it: the receiver's loss includes it */
		if (send_one(fd, buf, len, &sa, txtime ? tx_ns() + launch(txtime, seq) : 0) < 0)
			errs++;
		seq++;
	}
	h.flags = FLAG_END;
	h.sent = seq;
	memcpy(buf, &h, sizeof(h));
	for (i = 0; i < END_MARKERS; i++) {
		struct timespec ts = { .tv_sec = 0, .tv_nsec = END_GAP_NS };

		send_one(fd, buf, HDR_LEN, &sa, txtime ? tx_ns() + launch(txtime, 0) : 0);
		nanosleep(&ts, NULL);
	}
	snprintf(out, sizeof(out),
		 "{\"end\": {\"sum_sent\": {\"packets\": %" PRIu64 ", \"seconds\": %.3f, "
		 "\"bits_per_second\": %.1f, \"send_errors\": %" PRIu64 "}}}\n",
		 seq, time_s, (double)seq * (double)len * 8 / time_s, errs);
	write_file(argv[6], out);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "recv"))
		return do_recv(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "send"))
		return do_send(argc - 2, argv + 2);
	die("usage: udpflow recv PORT WAIT TIME OUT.json | udpflow send ADDR PORT TIME RATE LEN TOS OUT.json");
	return 2;
}
