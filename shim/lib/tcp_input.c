// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_input.c - what modules call of net/ipv4/tcp_input.c that computes on
 * a segment or a tcp_sock: the MSS option of a SYN, the receiver's first
 * MSS estimate. The receive path itself is not modelled.
 */
#include <linux/unaligned.h>
#include <net/tcp.h>

/*
 * The MSS a SYN's options announce (at most user_mss when that is set), 0
 * when none does; a malformed option list ends the walk
 */
u16 tcp_parse_mss_option(const struct tcphdr *th, u16 user_mss)
{
	const unsigned char *ptr = (const unsigned char *)(th + 1);
	int length = th->doff * 4 - (int)sizeof(struct tcphdr);
	u16 mss = 0;

	while (length > 0) {
		int opcode = *ptr++;
		int opsize;

		if (opcode == TCPOPT_EOL)
			break;
		if (opcode == TCPOPT_NOP) {
			length--;
			continue;
		}
		if (length < 2)
			break;
		opsize = *ptr++;
		/* a length under 2 or past the header is malformed */
		if (opsize < 2 || opsize > length)
			break;
		if (opcode == TCPOPT_MSS && opsize == TCPOLEN_MSS) {
			u16 in_mss = get_unaligned_be16(ptr);

			if (in_mss)
				mss = user_mss && user_mss < in_mss ? user_mss : in_mss;
		}
		ptr += opsize - 2;
		length -= opsize;
	}
	return mss;
}
EXPORT_SYMBOL_GPL(tcp_parse_mss_option);

/*
 * the peer's segment size guessed before any data arrives: the smaller of
 * ours and half the window, at most 536, at least 88
 */
void tcp_initialize_rcv_mss(struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	unsigned int hint = min_t(unsigned int, tp->advmss, tp->mss_cache);

	hint = min(hint, tp->rcv_wnd / 2);
	hint = min(hint, TCP_MSS_DEFAULT);
	hint = max(hint, TCP_MIN_MSS);
	inet_csk(sk)->icsk_ack.rcv_mss = hint;
}
EXPORT_SYMBOL(tcp_initialize_rcv_mss);
