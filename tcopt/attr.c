// SPDX-License-Identifier: GPL-2.0
/*
 * attr.c - building and reading netlink attribute streams in user space.
 *
 * The layout is the kernel's (struct nlattr: u16 len, u16 type, payload padded
 * to 4 bytes), written in host byte order like tc does, so the bytes handed
 * to a qdisc's init() are exactly what tc would have sent.
 */
#include <stdlib.h>
#include <string.h>

#include "tcopt.h"

#define ALIGN4(x) (((x) + 3u) & ~(size_t)3u)
#define NLA_HDRLEN 4u
/* The top two bits of nla_type are flags (NLA_F_NESTED, NLA_F_NET_BYTEORDER). */
#define NLA_TYPE_MASK 0x3fffu

void tcopt_buf_init(struct tcopt_buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->oom = false;
}

void tcopt_buf_free(struct tcopt_buf *b)
{
	free(b->data);
	tcopt_buf_init(b);
}

/* Make room for n more bytes; false (and oom set) when that fails. */
static bool reserve(struct tcopt_buf *b, size_t n)
{
	size_t cap;
	uint8_t *p;

	if (b->oom)
		return false;
	if (b->len + n <= b->cap)
		return true;
	cap = b->cap ? b->cap : 64;
	while (cap < b->len + n)
		cap *= 2;
	p = realloc(b->data, cap);
	if (!p) {
		b->oom = true;
		return false;
	}
	b->data = p;
	b->cap = cap;
	return true;
}

void tcopt_put_raw(struct tcopt_buf *b, const void *data, size_t len)
{
	if (!reserve(b, len))
		return;
	if (len)
		memcpy(b->data + b->len, data, len);
	b->len += len;
}

static void put_hdr(struct tcopt_buf *b, uint16_t type, size_t payload)
{
	uint16_t hdr[2] = { (uint16_t)(NLA_HDRLEN + payload), type };

	tcopt_put_raw(b, hdr, sizeof(hdr));
}

void tcopt_put(struct tcopt_buf *b, uint16_t type, const void *data, size_t len)
{
	static const uint8_t pad[4];

	if (len > 0xffff - NLA_HDRLEN) {
		b->oom = true;	/* cannot be represented: make the buffer unusable */
		return;
	}
	put_hdr(b, type, len);
	tcopt_put_raw(b, data, len);
	tcopt_put_raw(b, pad, ALIGN4(len) - len);
}

void tcopt_put_u8(struct tcopt_buf *b, uint16_t type, uint8_t v)
{
	tcopt_put(b, type, &v, sizeof(v));
}

void tcopt_put_u16(struct tcopt_buf *b, uint16_t type, uint16_t v)
{
	tcopt_put(b, type, &v, sizeof(v));
}

void tcopt_put_u32(struct tcopt_buf *b, uint16_t type, uint32_t v)
{
	tcopt_put(b, type, &v, sizeof(v));
}

void tcopt_put_u64(struct tcopt_buf *b, uint16_t type, uint64_t v)
{
	tcopt_put(b, type, &v, sizeof(v));
}

void tcopt_put_flag(struct tcopt_buf *b, uint16_t type)
{
	tcopt_put(b, type, NULL, 0);
}

size_t tcopt_nest_start(struct tcopt_buf *b, uint16_t type)
{
	size_t start = b->len;

	put_hdr(b, type, 0);
	return start;
}

void tcopt_nest_end(struct tcopt_buf *b, size_t start)
{
	size_t len;
	uint16_t l;

	if (b->oom || start + NLA_HDRLEN > b->len)
		return;
	len = b->len - start;
	if (len > 0xffff) {
		b->oom = true;
		return;
	}
	l = (uint16_t)len;
	memcpy(b->data + start, &l, sizeof(l));
}

int tcopt_parse_attrs(struct tcopt_attr *tb, int max, const void *data, size_t len)
{
	const uint8_t *p = data;
	size_t off = 0;

	memset(tb, 0, sizeof(*tb) * (size_t)(max + 1));
	while (off + NLA_HDRLEN <= len) {
		uint16_t alen, type;

		memcpy(&alen, p + off, 2);
		memcpy(&type, p + off + 2, 2);
		type &= NLA_TYPE_MASK;
		if (alen < NLA_HDRLEN || off + alen > len)
			return -1;
		if (type <= max) {
			tb[type].data = p + off + NLA_HDRLEN;
			tb[type].len = (uint16_t)(alen - NLA_HDRLEN);
		}
		off += ALIGN4(alen);
	}
	/* Trailing bytes shorter than a header are malformed, padding is not. */
	if (off < len && len - off >= NLA_HDRLEN)
		return -1;
	return 0;
}

uint32_t tcopt_attr_u32(const struct tcopt_attr *a)
{
	uint32_t v = 0;

	if (a->data)
		memcpy(&v, a->data, a->len < sizeof(v) ? a->len : sizeof(v));
	return v;
}

uint64_t tcopt_attr_u64(const struct tcopt_attr *a)
{
	uint64_t v = 0;

	if (a->data)
		memcpy(&v, a->data, a->len < sizeof(v) ? a->len : sizeof(v));
	return v;
}

bool tcopt_attr_has_u32(const struct tcopt_attr *a)
{
	return a->data && a->len >= sizeof(uint32_t);
}
