// SPDX-License-Identifier: GPL-2.0
/*
 * af_inet.c - net/ipv4/af_inet.c's SNMP helper: a per-CPU counter summed.
 * (No IPv4 sockets here: the protocol family itself is not modelled.)
 */
#include <linux/export.h>
#include <linux/percpu.h>
#include <net/ip.h>
#include <net/inet_sock.h>

unsigned long snmp_fold_field(void __percpu *mib, int offt)
{
	unsigned long res = 0;
	int i;

	for_each_possible_cpu(i)
		res += snmp_get_cpu_field(mib, i, offt);
	return res;
}
EXPORT_SYMBOL_GPL(snmp_fold_field);

/* a socket's state changes (the kernel also fires its inet_sock_set_state trace) */
void inet_sk_set_state(struct sock *sk, int state)
{
	sk->sk_state = state;
}
EXPORT_SYMBOL(inet_sk_set_state);
