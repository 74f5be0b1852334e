// SPDX-License-Identifier: GPL-2.0
/*
 * inet_connection_sock.c - what modules call of
 * net/ipv4/inet_connection_sock.c: 7.x's out-of-line __reqsk_free(). The
 * listening and accepting machinery (inet_csk_accept(), the request hash)
 * is not modelled.
 */
#include <linux/slab.h>
#include <linux/version.h>
#include <net/inet_connection_sock.h>
#include <net/request_sock.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the protocol's destructor, the listener's reference, the saved SYN, the object */
void __reqsk_free(struct request_sock *req)
{
	req->rsk_ops->destructor(req);
	if (req->rsk_listener)
		sock_put(req->rsk_listener);
	kfree(req->saved_syn);
	kmem_cache_free(req->rsk_ops->slab, req);
}
#endif
