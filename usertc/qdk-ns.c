// SPDX-License-Identifier: GPL-2.0
/*
 * qdk-ns - user-space network namespaces for the stock tc and ip.
 *
 *   qdk-ns add NAME     start the daemon holding NAME (nothing if it runs)
 *   qdk-ns del NAME     free NAME's devices and qdiscs, stop its daemon
 *   qdk-ns list         the running namespaces of this user
 *   qdk-ns serve NAME   be the daemon, in the foreground
 *   qdk-ns exec NAME CMD [ARG...]
 *                       run CMD inside NAME (started if need be), as
 *                       `ip netns exec` does: with libqdk-nl.so preloaded,
 *                       so its rtnetlink sockets and the namespace's sysfs
 *                       files (netdevsim's bus) reach NAME, and its
 *                       children's too
 *
 * The daemon owns one struct qdk_net (qdk_api.h) and answers the netlink
 * datagrams that libqdk-nl.so forwards from tc and ip (usertc/ns_proto.h),
 * one at a time, in arrival order, through the protocol's one server
 * (ns_server.c). Exit status: 0 ok, 1 failure, 2 usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ns_proto.h"
#include "ns_server.h"
#include "qdk_api.h"

/* a client that does not take its replies within this is dropped */
#define SEND_TIMEOUT_S 5

static const char *prog = "qdk-ns";

static void die(int code, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

static void usage(FILE *f)
{
	fputs("usage: qdk-ns add NAME | del NAME | list | serve NAME | exec NAME CMD [ARG...]\n"
	      "  add    start the user-space namespace NAME (no-op if it runs)\n"
	      "  del    remove NAME: its devices and qdiscs are freed, its daemon exits\n"
	      "  list   the running namespaces of this user\n"
	      "  serve  run NAME's daemon in the foreground\n"
	      "  exec   run CMD inside NAME: its netlink sockets and netdevsim's sysfs files reach NAME\n"
	      "NAME: 1..64 of [A-Za-z0-9._-]. qdk-tc and qdk-ip use $QDK_NS (default \"default\").\n",
	      f);
}

static int ns_connect(const char *name)
{
	struct timeval tv = { .tv_sec = QDK_NS_TIMEOUT_DEFAULT };
	struct sockaddr_un sun;
	socklen_t len = qdk_ns_addr(name, getuid(), &sun);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -1;
	if (connect(fd, (struct sockaddr *)&sun, len) < 0) {
		int err = errno;

		close(fd);
		errno = err;
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	return fd;
}

/* ---- the daemon --------------------------------------------------------- */

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

static void log_ts(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "qdk-ns[%d]: ", (int)getpid());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void log_drop(const char *what)
{
	log_ts("%s", what);
}

/*
 * $QDK_NS_DUMP=DIR: each netlink request is also written to DIR/NNNNNN.nl,
 * byte for byte as the client sent it (what tc asked, for a bug report or
 * a fuzzer's seed: fuzz/seeds.py). Never a file of the user's overwritten.
 */
static void dump_request(void *ctx, const void *buf, size_t len)
{
	static unsigned int seq;
	const char *dir = getenv("QDK_NS_DUMP");
	char path[4096];
	int fd;

	if (!dir || !*dir || seq >= 999999)
		return;
	snprintf(path, sizeof(path), "%s/%06u.nl", dir, ++seq);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		log_ts("QDK_NS_DUMP: %s: %s", path, strerror(errno));
		return;
	}
	if (write(fd, buf, len) != (ssize_t)len)
		log_ts("QDK_NS_DUMP: %s: short write", path);
	close(fd);
}

/* the host's CLOCK_MONOTONIC: nanoseconds since boot */
static uint64_t host_boot_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * The daemon's life: listen (the bound name is the namespace's lock), tell
 * the starter through ready_fd, answer clients until destroyed or signalled.
 * Returns the exit status.
 */
static int serve(const char *name, int ready_fd)
{
	struct ns_server srv = {
		.send_timeout_s = SEND_TIMEOUT_S, .on_request = dump_request, .log = log_drop,
	};
	long leaks;
	int err;

	err = ns_server_listen(&srv, name);
	if (err) {
		if (ready_fd >= 0)
			dprintf(ready_fd, "%s\n", err == -EADDRINUSE ? "running" : strerror(-err));
		if (err == -EADDRINUSE)
			return 0;	/* another starter won: the namespace runs */
		fprintf(stderr, "%s: cannot listen for namespace \"%s\": %s\n",
			prog, name, strerror(-err));
		return 1;
	}
	if (qdk_init(1) || !(srv.net = qdk_net_new())) {
		if (ready_fd >= 0)
			dprintf(ready_fd, "the shim did not start\n");
		return 1;
	}
	/*
	 * The kernel's clock counts from boot, so a namespace's qdiscs see
	 * a large ktime_get_ns() (fq's next_packet_delay of an idle qdisc is
	 * negative, and tc leaves it out): the virtual clock starts where this
	 * host's monotonic clock stands, and stays there (no traffic runs).
	 */
	qdk_clock_advance(host_boot_ns());
	signal(SIGPIPE, SIG_IGN);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	if (ready_fd >= 0) {
		dprintf(ready_fd, "ok\n");
		close(ready_fd);
	}
	log_ts("namespace \"%s\" ready", name);

	while (!stop) {
		int r = ns_server_poll(&srv, NULL, 0);

		if (r)
			break;	/* destroyed, or poll failed */
	}
	/* the name is free again as soon as the listener closes */
	ns_server_close(&srv);
	qdk_net_free(srv.net);
	leaks = qdk_exit();
	if (leaks)
		log_ts("%ld allocations leaked", leaks);
	if (qdk_warnings())
		log_ts("%lu kernel warnings", qdk_warnings());
	log_ts("namespace \"%s\" removed", name);
	if (srv.destroy_fd >= 0) {
		/* the destroyer learns it is done when this closes */
		send(srv.destroy_fd, "ok", 2, MSG_NOSIGNAL);
		close(srv.destroy_fd);
	}
	return leaks ? 1 : 0;
}

/* ---- commands ------------------------------------------------------------- */

/* the daemon's stderr: $QDK_NS_LOG, or nowhere */
static void daemon_stdio(void)
{
	const char *log = getenv("QDK_NS_LOG");
	int fd = open("/dev/null", O_RDWR);

	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		if (!log || !*log)
			dup2(fd, 2);
		close(fd);
	}
	if (log && *log) {
		fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
		if (fd >= 0) {
			dup2(fd, 2);
			close(fd);
		}
	}
}

static int cmd_add(const char *name)
{
	char msg[256] = "";
	int pfd[2], fd, status;
	ssize_t n = 0, r;
	pid_t pid;

	fd = ns_connect(name);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	if (pipe2(pfd, O_CLOEXEC) < 0)
		die(1, "pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		die(1, "fork: %s", strerror(errno));
	if (pid == 0) {
		/* detached grandchild: not a child of tc's shell, no tty */
		close(pfd[0]);
		if (setsid() < 0 || (pid = fork()) < 0)
			_exit(1);
		if (pid > 0)
			_exit(0);
		daemon_stdio();
		if (chdir("/") < 0)
			_exit(1);
		_exit(serve(name, pfd[1]));
	}
	close(pfd[1]);
	waitpid(pid, &status, 0);
	/* the first line the daemon writes; EOF without one: it died */
	while ((size_t)n < sizeof(msg) - 1 &&
	       (r = read(pfd[0], msg + n, sizeof(msg) - 1 - n)) > 0) {
		n += r;
		if (memchr(msg, '\n', n))
			break;
	}
	close(pfd[0]);
	msg[n] = '\0';
	msg[strcspn(msg, "\n")] = '\0';
	if (!strcmp(msg, "ok") || !strcmp(msg, "running"))
		return 0;
	die(1, "namespace \"%s\" did not start: %s", name,
	    msg[0] ? msg : "the daemon exited (QDK_NS_LOG=FILE keeps its messages)");
	return 1;
}

static int cmd_del(const char *name)
{
	struct qdk_ns_hdr hdr = { .magic = QDK_NS_MAGIC, .op = QDK_NS_OP_DESTROY };
	char ack[8];
	int fd = ns_connect(name);
	ssize_t n;

	if (fd < 0)
		die(1, "no namespace \"%s\" is running", name);
	if (send(fd, &hdr, sizeof(hdr), MSG_NOSIGNAL) != sizeof(hdr))
		die(1, "namespace \"%s\": %s", name, strerror(errno));
	n = recv(fd, ack, sizeof(ack), 0);
	close(fd);
	if (n != 2 || memcmp(ack, "ok", 2))
		die(1, "namespace \"%s\" did not confirm its removal", name);
	return 0;
}

/* the abstract names in /proc/net/unix that are ours, listening */
static int cmd_list(void)
{
	char line[512], prefix[64];
	FILE *f = fopen("/proc/net/unix", "r");
	size_t plen;

	if (!f)
		die(1, "/proc/net/unix: %s", strerror(errno));
	snprintf(prefix, sizeof(prefix), "@" QDK_NS_PREFIX "%u/", getuid());
	plen = strlen(prefix);
	while (fgets(line, sizeof(line), f)) {
		char *path = strrchr(line, ' ');
		unsigned int flags = 0;

		if (!path)
			continue;
		path++;
		path[strcspn(path, "\n")] = '\0';
		/* Num RefCount Protocol Flags(0x10000 = listening) ... */
		if (sscanf(line, "%*s %*s %*s %x", &flags) != 1 || !(flags & 0x10000))
			continue;
		if (!strncmp(path, prefix, plen))
			printf("%s\n", path + plen);
	}
	fclose(f);
	return 0;
}

/* `ip netns exec`: the preload (beside this program) and the name, then CMD */
static int cmd_exec(const char *name, char **argv)
{
	char self[4096], lib[4200], *slash, *pre;
	const char *old = getenv("LD_PRELOAD");
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n < 0)
		die(1, "/proc/self/exe: %s", strerror(errno));
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (slash)
		*slash = '\0';
	snprintf(lib, sizeof(lib), "%s/libqdk-nl.so", self);
	if (access(lib, R_OK))
		die(1, "%s: %s", lib, strerror(errno));
	cmd_add(name);
	if (old && *old) {
		pre = malloc(strlen(lib) + strlen(old) + 2);
		if (!pre)
			die(1, "out of memory");
		sprintf(pre, "%s %s", lib, old);
	} else {
		pre = lib;
	}
	if (setenv("QDK_NS", name, 1) || setenv("LD_PRELOAD", pre, 1))
		die(1, "setenv: %s", strerror(errno));
	execvp(argv[0], argv);
	die(127, "%s: %s", argv[0], strerror(errno));
	return 127;
}

int main(int argc, char **argv)
{
	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
			  !strcmp(argv[1], "help"))) {
		usage(stdout);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "list"))
		return cmd_list();
	if (argc >= 4 && !strcmp(argv[1], "exec")) {
		if (qdk_ns_name_check(argv[2]))
			die(2, "\"%s\" is not a namespace name (1..64 of [A-Za-z0-9._-])", argv[2]);
		return cmd_exec(argv[2], argv + 3);
	}
	if (argc != 3) {
		usage(stderr);
		return 2;
	}
	if (qdk_ns_name_check(argv[2]))
		die(2, "\"%s\" is not a namespace name (1..64 of [A-Za-z0-9._-])", argv[2]);
	if (!strcmp(argv[1], "add"))
		return cmd_add(argv[2]);
	if (!strcmp(argv[1], "del"))
		return cmd_del(argv[2]);
	if (!strcmp(argv[1], "serve"))
		return serve(argv[2], -1);
	usage(stderr);
	return 2;
}
