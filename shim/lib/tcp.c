// SPDX-License-Identifier: GPL-2.0
/*
 * tcp.c - TCP's global memory state (net/ipv4/tcp.c): the pages all TCP
 * sockets hold, the limits net.ipv4.tcp_mem sets on them, and the pressure
 * flag tcp_under_memory_pressure() reads. The flag holds the jiffies when
 * the pressure began (never 0 while set), as the kernel's does. The TCP
 * stack itself (sendmsg, recvmsg ...) is not modelled.
 */
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <net/sock.h>
#include <net/tcp.h>

/*
 * low, pressure, high in pages: what tcp_init_mem() sets on a machine with
 * 4 GiB of buffer pages (1/16 of them, at 3/4, 1 and 3/2 of that)
 */
long sysctl_tcp_mem[3] __read_mostly = { 49152, 65536, 98304 };

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
atomic_long_t tcp_memory_allocated = ATOMIC_LONG_INIT(0);
#endif

unsigned long tcp_memory_pressure __read_mostly;

void tcp_enter_memory_pressure(struct sock *sk)
{
	unsigned long val;

	if (READ_ONCE(tcp_memory_pressure))
		return;
	val = jiffies;
	if (!val)
		val--;
	cmpxchg(&tcp_memory_pressure, 0, val);
}

void tcp_leave_memory_pressure(struct sock *sk)
{
	if (!READ_ONCE(tcp_memory_pressure))
		return;
	xchg(&tcp_memory_pressure, 0);
}
