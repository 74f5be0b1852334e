// SPDX-License-Identifier: GPL-2.0
/*
 * qdk-capture - read the kernel recorder's events from /dev/qdk_recorder
 * and write a qdk trace (traces/FORMAT.md) of one recorded child qdisc.
 *
 *   qdk-capture -o traces/x.qtr [-t SECONDS] [-n CALLS] [filters...]
 *
 * Stops on SIGINT/SIGTERM or after -t seconds (taking what the module
 * holds at that moment), after -n calls, or when the followed qdisc is
 * deleted or replaced. The outputs are written as harness/outfile.h says:
 * a regular file appears under its name only when complete, so a failed
 * capture never leaves a half trace; "-" is standard output (or, for -i,
 * standard input), a FIFO or a device is written in place.
 * -r keeps the raw records too (alone, it is the cheapest way to record:
 * no conversion while the traffic runs); -i converts raw records later.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "tracew.h"
#include "../../harness/outfile.h"
#include "../../trace/write.h"

/* longest records per read(); the module returns a batch once an eighth of
 * its ring or this many bytes have arrived, or after a short wait */
#define BATCH 4096

/* the kit's classifier kinds, space-separated: recorder/capture.mk */
#ifndef QDK_KIT_CLASSIFIERS
#define QDK_KIT_CLASSIFIERS ""
#endif

static volatile sig_atomic_t stop_sig;

static void on_signal(int sig)
{
	stop_sig = sig;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: qdk-capture -o OUT.qtr [options]\n"
		"       qdk-capture -r OUT.rec [options]\n"
		"  -o FILE        trace to write (complete or not at all; -: stdout)\n"
		"  -b             write it as the binary twin (traces/FORMAT.md)\n"
		"  -d PATH        recorder device (default /dev/" QDK_REC_DEV ")\n"
		"  -i FILE        read raw records from FILE instead of the device (-: stdin)\n"
		"  -r FILE        also save the raw records to FILE; without -o only\n"
		"                 that, the cheapest way to record (convert later, -i)\n"
		"  -t SECONDS     stop after this long\n"
		"  -n CALLS       stop after this many recorded calls\n"
		"  --dev NAME     follow the child on this network device\n"
		"  --handle MAJ:  follow the child with this handle (e.g. 10:)\n"
		"  --kind KIND    follow a child of this kind\n"
		"  --qdisc-opts S tc options to write on the qdisc line (for people)\n"
		"  --stats N      an 's' line every N calls (default 1000, 0: last only)\n"
		"  --ready FILE   write our pid to FILE once the device is open\n"
		"  --note TEXT    a comment for the trace's header (how it was made)\n"
		"  -q             no summary on stderr\n");
}

static int parse_handle(const char *s, uint32_t *h)
{
	char *end;
	unsigned long maj, min = 0;

	maj = strtoul(s, &end, 16);
	if (*end != ':' || maj > 0xffff)
		return -1;
	if (end[1]) {
		min = strtoul(end + 1, &end, 16);
		if (*end || min > 0xffff)
			return -1;
	}
	*h = (uint32_t)(maj << 16 | min);
	return 0;
}

/*
 * The trace as tracew.c writes it: a stdio stream over the output file
 * (harness/outfile.h), through the trace library's binary encoder
 * (trace/write.h) for -b, line for record as `qdk-replay convert` makes the
 * twin. A failed write ends the program (exit 2) with nothing left behind.
 */
struct trace_stream {
	struct outfile *o;
	bool binary;
	struct trace_bin_enc enc;
};

static ssize_t stream_write(void *c, const char *p, size_t n)
{
	struct trace_stream *s = c;

	if (!s->binary)
		out_mem(s->o, p, n);
	else if (trace_bin_sink(&s->enc, p, n))
		return -1;
	return (ssize_t)n;
}

/* the end of the text: a binary twin's last records into the file */
static int stream_close(void *c)
{
	struct trace_stream *s = c;

	if (s->binary) {
		trace_bin_enc_finish(&s->enc);
		trace_bin_enc_free(&s->enc);
	}
	free(s);
	return 0;
}

static FILE *stream_open(struct outfile *o, bool binary)
{
	static const cookie_io_functions_t io = { .write = stream_write, .close = stream_close };
	struct trace_stream *s = calloc(1, sizeof(*s));
	FILE *f;

	if (!s)
		return NULL;
	s->o = o;
	s->binary = binary;
	if (binary)
		trace_bin_enc_init(&s->enc, &o->w);
	f = fopencookie(s, "w", io);
	if (!f)
		stream_close(s);
	return f;
}

/* Why the bytes at stream offset pos are not a record. */
static void rec_bad(const unsigned char *p, size_t have, unsigned long long pos)
{
	struct qdk_rec r;

	memset(&r, 0, sizeof(r));
	memcpy(&r, p, have < sizeof(r) ? have : sizeof(r));
	if (pos == 0 && r.type == QDK_REC_HELLO && r.hello.version != QDK_REC_VERSION)
		fprintf(stderr, "qdk-capture: the module speaks record version %u, this tool %u: rebuild them together\n",
			r.hello.version, QDK_REC_VERSION);
	else
		fprintf(stderr, "qdk-capture: byte %llu of the record stream is not a record (type %u, %u words)\n",
			pos, r.type, r.words);
}

/* Raw-only mode follows no child: count calls, stop when a recorder goes. */
static int raw_record(const unsigned char *p, unsigned long long *calls,
		      unsigned long long *lost)
{
	uint32_t count;

	switch (p[offsetof(struct qdk_rec, type)]) {
	case QDK_REC_LOST:
		memcpy(&count, p + offsetof(struct qdk_rec, count), sizeof(count));
		*lost += count;
		return 0;
	case QDK_REC_ENQ:
	case QDK_REC_ENQSK:
	case QDK_REC_HOOK:
	case QDK_REC_DEQ:
	case QDK_REC_PEEK:
	case QDK_REC_RESET:
		++*calls;
		return 0;
	case QDK_REC_DESTROY:
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "dev", required_argument, NULL, 'D' },
		{ "handle", required_argument, NULL, 'H' },
		{ "kind", required_argument, NULL, 'K' },
		{ "qdisc-opts", required_argument, NULL, 'Q' },
		{ "stats", required_argument, NULL, 'S' },
		{ "ready", required_argument, NULL, 'R' },
		{ "note", required_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *devpath = "/dev/" QDK_REC_DEV, *in = NULL;
	const char *raw = NULL, *ready = NULL;
	struct tw_opts o = { .stats_every = 1000, .classifiers = QDK_KIT_CLASSIFIERS };
	unsigned long long max_calls = 0;
	unsigned int seconds = 0;
	int quiet = 0, c, fd, rc = 0, st = 0, draining = 0;
	bool binary = false;
	static unsigned char buf[BATCH * QDK_REC_SIZE];
	unsigned long long pos = 0;
	struct outfile trace, rawo;
	FILE *tf = NULL;
	unsigned long long calls = 0, lost = 0;
	char source[512];
	struct sigaction sa;
	struct utsname u;
	struct tw *t = NULL;
	size_t have = 0;

	while ((c = getopt_long(argc, argv, "o:bd:i:r:t:n:qh", lopts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'b': binary = true; break;
		case 'd': devpath = optarg; break;
		case 'i': in = optarg; break;
		case 'r': raw = optarg; break;
		case 't': seconds = (unsigned int)strtoul(optarg, NULL, 10); break;
		case 'n': max_calls = strtoull(optarg, NULL, 10); break;
		case 'q': quiet = 1; break;
		case 'D': o.dev = optarg; break;
		case 'K': o.kind = optarg; break;
		case 'Q': o.qdisc_opts = optarg; break;
		case 'S': o.stats_every = (unsigned int)strtoul(optarg, NULL, 10); break;
		case 'R': ready = optarg; break;
		case 'N': o.note = optarg; break;
		case 'H':
			if (parse_handle(optarg, &o.handle)) {
				fprintf(stderr, "qdk-capture: bad handle '%s' (want MAJ: or MAJ:MIN, hex)\n", optarg);
				return 2;
			}
			break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if ((!out && !raw) || optind != argc) {
		usage(stderr);
		return 2;
	}

	if (uname(&u) == 0 && !in)
		snprintf(source, sizeof(source), "qdk-capture (kernel recorder, Linux %s)", u.release);
	else
		snprintf(source, sizeof(source), "qdk-capture (raw records %s)", in ? in : "?");
	o.source = source;

	if (out && raw && !strcmp(out, "-") && !strcmp(raw, "-")) {
		fprintf(stderr, "qdk-capture: -o - and -r -: only one output can be standard output\n");
		return 2;
	}
	if (in && out)
		refuse_same_file(out, in);
	if (in && raw)
		refuse_same_file(raw, in);
	fd = in && !strcmp(in, "-") ? dup(STDIN_FILENO) : open(in ? in : devpath, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "qdk-capture: %s: %s%s\n", in ? in : devpath, strerror(errno),
			!in && errno == ENOENT ? " (is sch_recorder.ko loaded?)" : "");
		return 1;
	}
	if (raw)
		out_open(&rawo, raw);
	if (out) {
		out_open(&trace, out);
		tf = stream_open(&trace, binary);
		t = tf ? tw_new(tf, &o) : NULL;
		if (!t) {
			fprintf(stderr, "qdk-capture: out of memory\n");
			return 1;
		}
	}

	/*
	 * Ahead of the traffic for the CPU: a reader that falls behind loses
	 * events (the ring is fixed), which spoils the whole trace; a reader
	 * that runs first only slows the traffic a little.
	 */
	if (!in && setpriority(PRIO_PROCESS, 0, -10) < 0 && !quiet)
		fprintf(stderr, "qdk-capture: cannot raise priority: %s\n", strerror(errno));

	/* no SA_RESTART: a signal must interrupt the blocking read() */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	if (seconds)
		alarm(seconds);
	if (ready) {
		/* our pid, so a script can wait for the device and stop us */
		FILE *rf = fopen(ready, "w");

		if (rf) {
			fprintf(rf, "%ld\n", (long)getpid());
			fclose(rf);
		}
	}

	while (!st) {
		size_t end = 0, want = sizeof(buf) - have;
		struct qdk_rec r;
		ssize_t n;
		long len;

		if (stop_sig && !draining) {
			/* take what the ring holds now, without waiting */
			if (in || fcntl(fd, F_SETFL, O_NONBLOCK) < 0)
				break;
			draining = 1;
		}
		n = read(fd, buf + have, want);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (draining && errno == EAGAIN)
				break;
			fprintf(stderr, "qdk-capture: read: %s\n", strerror(errno));
			rc = 1;
			break;
		}
		if (n == 0) {
			if (have)
				fprintf(stderr, "qdk-capture: %zu trailing bytes are not a whole record\n", have);
			break;	/* end of a raw file */
		}
		have += (size_t)n;
		/* the whole records in buf, each handled until one says stop */
		while ((len = tw_rec_len(buf + end, have - end)) > 0) {
			if (st) {
				end += (size_t)len;
				continue;
			}
			if (t) {
				memset(&r, 0, sizeof(r));
				memcpy(&r, buf + end, (size_t)len);
				st = tw_record(t, &r);
				calls = tw_counts(t)->calls;
			} else {
				st = raw_record(buf + end, &calls, &lost);
			}
			if (max_calls && calls >= max_calls && !st)
				st = 1;
			end += (size_t)len;
		}
		if (len < 0) {
			rec_bad(buf + end, have - end, pos + end);
			st = -1;
		}
		if (raw)
			out_mem(&rawo, buf, end);
		if (st < 0)
			rc = 1;
		if (draining && (size_t)n < want)
			break;	/* the ring is empty */
		pos += end;
		have -= end;
		memmove(buf, buf + end, have);
	}
	close(fd);	/* stops recording: the module disarms on release */

	if (t && !tw_following(t)) {
		fprintf(stderr, "qdk-capture: no recorder child matched: is a 'recorder' qdisc set up (tc qdisc add dev X root handle 1: recorder)?\n");
		rc = 1;
	}
	if (t && !rc && tw_finish(t))
		rc = 1;
	if (tf && fclose(tf))
		rc = 1;
	if (rc) {
		/* the old files stay as they were */
		if (raw)
			out_abort(&rawo);
		if (out)
			out_abort(&trace);
	} else {
		struct outfile *both[] = { &rawo, &trace };

		if (raw && out)
			out_commit_all(both, 2);
		else
			out_commit(raw ? &rawo : &trace);
	}
	if (!quiet && !rc && t) {
		const struct tw_counts *k = tw_counts(t);

		fprintf(stderr, "qdk-capture: %s: %llu calls (%llu enqueue, %llu dequeue, %llu peek, %llu reset, %llu change, %llu timer), %llu drops, %llu marks, %llu lost, %llu unknown, %llu draws, %llu random lost, %llu made, %llu sockets (%llu changes), %llu records, %llu classifications, %llu through a tc hook, %llu device calls\n",
			out, (unsigned long long)k->calls, (unsigned long long)k->enq,
			(unsigned long long)k->deq, (unsigned long long)k->peek,
			(unsigned long long)k->reset, (unsigned long long)k->change,
			(unsigned long long)k->timers, (unsigned long long)k->drops,
			(unsigned long long)k->marks, (unsigned long long)k->lost,
			(unsigned long long)k->unknown, (unsigned long long)k->draws,
			(unsigned long long)k->rand_lost, (unsigned long long)k->made,
			(unsigned long long)k->socks, (unsigned long long)k->sock_lines,
			(unsigned long long)k->records, (unsigned long long)k->cls,
			(unsigned long long)k->hooked, (unsigned long long)k->devcalls);
	} else if (!quiet && !rc) {
		fprintf(stderr, "qdk-capture: %s: %llu calls, %llu lost, raw records (convert with qdk-capture -i %s -o TRACE)\n",
			raw, calls, lost, raw);
	}
	tw_free(t);
	return rc;
}
