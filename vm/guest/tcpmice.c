// SPDX-License-Identifier: GPL-2.0
/*
 * tcpmice - short TCP uploads ("mice") whose connection and response times
 * are measured one by one, for experiments/mice (the mice-and-elephants
 * runs). The rig's `flow: mice` times whole wget fetches, with wget's own
 * start in them and no connection time; this times the socket calls alone.
 *
 *   tcpmice serve PORT
 *   tcpmice send ADDR PORT START SECONDS SIZE GAP SEED TIMEOUT OUT
 *
 * serve: accepts connections on PORT; for each (in a child process) reads
 * until the peer shuts its side down, then answers REPLY_LEN bytes and
 * closes: the application's acknowledgement that the upload arrived. Runs
 * until SIGTERM.
 *
 * send: START seconds after it begins, starts a mouse, then another after
 * each gap, the gaps exponential with mean GAP seconds (a Poisson arrival
 * process, drawn from a generator seeded by SEED, so a run's schedule is
 * the same every time), for SECONDS seconds. Each mouse runs in its own
 * child process, so a slow one delays none of the next: it connects to
 * ADDR:PORT, sends SIZE bytes, shuts down its sending side and reads the
 * answer to the end. A mouse not done TIMEOUT seconds after it began is
 * given up. The parent waits for every mouse, then exits 0.
 *
 * OUT gets one line per mouse as it ends (one write(2) with O_APPEND, so
 * the lines of concurrent mice never mix):
 *
 *   N START CONNECT RESPONSE RC
 *
 * N counts from 1; START is when it began, seconds after the first mouse;
 * CONNECT the seconds connect() took (SYN to SYN-ACK, with any SYN the
 * queue dropped and TCP sent again); RESPONSE the seconds from the start of
 * connect() to the end of the answer; RC 0 done, 1 not connected within
 * TIMEOUT (or refused), 2 connected but not answered within TIMEOUT (or
 * reset). A time not reached is -1. The parent's last line is
 * "# launched N": a mouse with no line of its own was killed before its end.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define REPLY_LEN 16
#define MAX_SIZE (64 << 20)
#define MAX_MICE 100000

static void die(const char *what)
{
	fprintf(stderr, "tcpmice: %s: %s\n", what, strerror(errno));
	exit(2);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double num(const char *s, const char *what, double lo, double hi)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v >= lo && v <= hi)) {
		fprintf(stderr, "tcpmice: %s '%s' is not a number in [%g, %g]\n", what, s, lo, hi);
		exit(2);
	}
	return v;
}

/* Sleep until CLOCK_MONOTONIC reads T seconds (signals do not cut it short). */
static void sleep_until(double t)
{
	struct timespec ts = { .tv_sec = (time_t)t, .tv_nsec = (long)((t - (double)(time_t)t) * 1e9) };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* xorshift64*: the gaps' generator, the same sequence for the same seed. */
static uint64_t rng_state;

static double uniform01(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (double)((rng_state * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

/* Wait until FD is ready for EVENTS or DEADLINE passes; 0 when ready. */
static int wait_fd(int fd, short events, double deadline)
{
	struct pollfd p = { .fd = fd, .events = events };
	double left;
	int r;

	do {
		left = deadline - now_s();
		if (left <= 0)
			return -1;
		r = poll(&p, 1, (int)(left * 1000) + 1);
	} while (r < 0 && errno == EINTR);
	return r > 0 ? 0 : -1;
}

/* One mouse, in its own process: returns its RC, sets *conn and *resp. */
static int mouse(const struct sockaddr_in *to, long size, double t0, double timeout,
		 double *conn, double *resp)
{
	static char buf[16384];
	double deadline = t0 + timeout;
	long sent = 0;
	int fd, err = 0;
	socklen_t len = sizeof(err);

	fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	if (fd < 0)
		die("socket");
	if (connect(fd, (const struct sockaddr *)to, sizeof(*to)) && errno != EINPROGRESS)
		return 1;
	if (wait_fd(fd, POLLOUT, deadline) ||
	    getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) || err)
		return 1;
	*conn = now_s() - t0;
	while (sent < size) {
		ssize_t n;

		if (wait_fd(fd, POLLOUT, deadline))
			return 2;
		n = write(fd, buf, (size_t)(size - sent < (long)sizeof(buf) ? size - sent : (long)sizeof(buf)));
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return 2;
		sent += n > 0 ? n : 0;
	}
	if (shutdown(fd, SHUT_WR))
		return 2;
	for (;;) {
		ssize_t n;

		if (wait_fd(fd, POLLIN, deadline))
			return 2;
		n = read(fd, buf, sizeof(buf));
		if (n == 0)
			break;
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return 2;
	}
	*resp = now_s() - t0;
	close(fd);
	return 0;
}

static void append_line(int out, const char *line)
{
	size_t n = strlen(line);

	if (write(out, line, n) != (ssize_t)n)
		die("cannot write the result file");
}

static int cmd_send(char **argv)
{
	struct sockaddr_in to = { .sin_family = AF_INET };
	double start = num(argv[2], "START", 0, 3600), seconds = num(argv[3], "SECONDS", 0, 86400);
	long size = (long)num(argv[4], "SIZE", 1, MAX_SIZE);
	double gap = num(argv[5], "GAP", 0.001, 3600), timeout = num(argv[7], "TIMEOUT", 0.1, 3600);
	double begin, first, t;
	char line[128];
	int out, n = 0;

	if (inet_pton(AF_INET, argv[0], &to.sin_addr) != 1) {
		fprintf(stderr, "tcpmice: ADDR '%s' is not an IPv4 address\n", argv[0]);
		return 2;
	}
	to.sin_port = htons((uint16_t)num(argv[1], "PORT", 1, 65535));
	rng_state = (uint64_t)num(argv[6], "SEED", 0, 4294967295.0) * 0x9E3779B97F4A7C15ULL + 1;
	out = open(argv[8], O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	if (out < 0)
		die(argv[8]);
	signal(SIGPIPE, SIG_IGN);
	begin = now_s();
	first = begin + start;
	for (t = first; t < first + seconds && n < MAX_MICE; t += -gap * log(1 - uniform01())) {
		pid_t pid;

		sleep_until(t);
		n++;
		pid = fork();
		if (pid < 0)
			die("fork");
		if (pid == 0) {
			double t0 = now_s(), conn = -1, resp = -1;
			int rc = mouse(&to, size, t0, timeout, &conn, &resp);

			snprintf(line, sizeof(line), "%d %.3f %.3f %.3f %d\n", n, t0 - first, conn, resp, rc);
			append_line(out, line);
			_exit(0);
		}
	}
	while (wait(NULL) > 0 || errno == EINTR)
		;
	snprintf(line, sizeof(line), "# launched %d\n", n);
	append_line(out, line);
	return 0;
}

/* One connection of the server, in its own process. */
static void answer(int fd)
{
	static char buf[16384];
	static const char reply[REPLY_LEN] = "received\n";
	ssize_t n;

	/* a peer gone silent for two minutes is given up */
	while (wait_fd(fd, POLLIN, now_s() + 120) == 0 && (n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno != EINTR)
			_exit(1);
	}
	if (write(fd, reply, sizeof(reply)) != (ssize_t)sizeof(reply))
		_exit(1);
	close(fd);
	_exit(0);
}

_Noreturn static void cmd_serve(char **argv)
{
	struct sockaddr_in me = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_ANY) };
	int one = 1, ls;

	me.sin_port = htons((uint16_t)num(argv[0], "PORT", 1, 65535));
	signal(SIGCHLD, SIG_IGN);	/* children reaped by the kernel */
	signal(SIGPIPE, SIG_IGN);
	ls = socket(AF_INET, SOCK_STREAM, 0);
	if (ls < 0 || setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(ls, (struct sockaddr *)&me, sizeof(me)) || listen(ls, 128))
		die("listen");
	for (;;) {
		int fd = accept(ls, NULL, NULL);
		pid_t pid;

		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			die("accept");
		}
		pid = fork();
		if (pid == 0) {
			close(ls);
			answer(fd);
		}
		close(fd);
	}
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "serve"))
		cmd_serve(argv + 2);
	if (argc == 11 && !strcmp(argv[1], "send"))
		return cmd_send(argv + 2);
	fprintf(stderr, "usage: tcpmice serve PORT\n"
		"       tcpmice send ADDR PORT START SECONDS SIZE GAP SEED TIMEOUT OUT\n");
	return 2;
}
