/* SPDX-License-Identifier: GPL-2.0 */
/* TCP declarations qdiscs include for constants; no TCP stack here. */
#ifndef _TCP_H
#define _TCP_H

#include <linux/tcp.h>
#include <net/sock.h>
#include <net/tcp_states.h>
#include <net/inet_ecn.h>

#define MAX_TCP_HEADER	320
#define TCP_MSS_DEFAULT	536U

#endif
