// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_rtnl.c - libFuzzer target: netlink datagrams to the shim's rtnetlink, as
 * the stock tc sends them to a NETLINK_ROUTE socket (usertc/, harness/
 * tcns.c): qdisc and class create, change, replace, graft, delete, dumps,
 * links. Each input runs in a fresh namespace that already has a dummy
 * device, so the fuzzer spends its time on qdisc requests.
 *
 * Input: datagrams, each a 2-byte little-endian length and its bytes; the
 * first byte of the input picks the socket options (extack, cap_ack,
 * strict checking). A kernel WARN, a leak or a sanitizer report is a crash.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qdk_api.h"
#include "fuzz.h"

static int drop_reply(void *ctx, const void *buf, size_t len)
{
	(void)ctx;
	(void)buf;
	(void)len;
	return 0;
}

/* The ack's error (NLMSG_ERROR: header, then the error as an int). */
static int ack_error(void *ctx, const void *buf, size_t len)
{
	uint16_t type;

	memcpy(&type, (const uint8_t *)buf + 4, 2);
	if (len >= 20 && type == 2)
		memcpy(ctx, (const uint8_t *)buf + 16, 4);
	return 0;
}

/*
 * RTM_NEWLINK (create, excl, ack) for a 4-queue dummy "d0": ifinfomsg,
 * IFLA_IFNAME, IFLA_NUM_TX_QUEUES, IFLA_LINKINFO { IFLA_INFO_KIND "dummy" }
 */
static const uint8_t newlink[] = {
	0x40, 0, 0, 0, 16, 0, 0x05, 0x06, 1, 0, 0, 0, 0, 0, 0, 0,	/* nlmsghdr */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,		/* ifinfomsg */
	7, 0, 3, 0, 'd', '0', 0, 0,					/* IFLA_IFNAME */
	8, 0, 31, 0, 4, 0, 0, 0,					/* IFLA_NUM_TX_QUEUES */
	16, 0, 18, 0, 10, 0, 1, 0, 'd', 'u', 'm', 'm', 'y', 0, 0, 0,	/* IFLA_LINKINFO */
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct qdk_net *net;
	int err = 1;

	(void)argc;
	(void)argv;
	qdk_init(1);
	/* the device every input starts with must exist, or nothing is fuzzed */
	net = qdk_net_new();
	if (!net || qdk_rtnl_rcv(net, newlink, sizeof(newlink), 1000, 0, ack_error, &err) || err) {
		fprintf(stderr, "fuzz rtnl: the dummy device was not created (error %d)\n", err);
		abort();
	}
	qdk_net_free(net);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct qdk_net *net;
	unsigned int flags;
	uint64_t mark;
	size_t off = 1;

	if (size < 1)
		return 0;
	flags = data[0] & (QDK_NL_EXT_ACK | QDK_NL_CAP_ACK | QDK_NL_STRICT_CHK);
	mark = qdk_mem_mark();
	net = qdk_net_new();
	if (!net)
		return 0;
	qdk_rtnl_rcv(net, newlink, sizeof(newlink), 1000, flags, drop_reply, NULL);
	while (off + 2 <= size) {
		size_t n = (size_t)data[off] | (size_t)data[off + 1] << 8;

		off += 2;
		if (n > size - off)
			n = size - off;
		qdk_rtnl_rcv(net, data + off, n, 1000, flags, drop_reply, NULL);
		off += n;
	}
	qdk_net_free(net);
	/* a BPF program's maps outlive its qdiscs: empty them, as its unload would */
	qdk_bpf_maps_unload();
	fuzz_check(mark, "rtnl");
	return 0;
}
