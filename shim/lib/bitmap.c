// SPDX-License-Identifier: GPL-2.0
/*
 * bitmap.c - the bitmap operations of linux/bitmap.h, word at a time, with
 * lib/bitmap.c's treatment of the bits past nbits (masked where the result
 * is an answer), and the bitmaps allocated whole (kmalloc, devm_).
 */
#include <linux/bitmap.h>
#include <linux/device.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/slab.h>

#define LAST(nbits)	BITMAP_LAST_WORD_MASK(nbits)

/* the number of whole words, and whether a partial one follows */
#define FULL(nbits)	((nbits) / BITS_PER_LONG)
#define PART(nbits)	((nbits) % BITS_PER_LONG)

unsigned long *bitmap_alloc(unsigned int nbits, gfp_t flags)
{
	return kmalloc_array(BITS_TO_LONGS(nbits), sizeof(unsigned long), flags);
}
EXPORT_SYMBOL(bitmap_alloc);

unsigned long *bitmap_zalloc(unsigned int nbits, gfp_t flags)
{
	return bitmap_alloc(nbits, flags | __GFP_ZERO);
}
EXPORT_SYMBOL(bitmap_zalloc);

unsigned long *bitmap_alloc_node(unsigned int nbits, gfp_t flags, int node)
{
	return bitmap_alloc(nbits, flags);
}
EXPORT_SYMBOL(bitmap_alloc_node);

unsigned long *bitmap_zalloc_node(unsigned int nbits, gfp_t flags, int node)
{
	return bitmap_zalloc(nbits, flags);
}
EXPORT_SYMBOL(bitmap_zalloc_node);

void bitmap_free(const unsigned long *bitmap)
{
	kfree(bitmap);
}
EXPORT_SYMBOL(bitmap_free);

unsigned long *devm_bitmap_alloc(struct device *dev, unsigned int nbits, gfp_t flags)
{
	return devm_kmalloc_array(dev, BITS_TO_LONGS(nbits), sizeof(unsigned long), flags);
}
EXPORT_SYMBOL_GPL(devm_bitmap_alloc);

unsigned long *devm_bitmap_zalloc(struct device *dev, unsigned int nbits, gfp_t flags)
{
	return devm_bitmap_alloc(dev, nbits, flags | __GFP_ZERO);
}
EXPORT_SYMBOL_GPL(devm_bitmap_zalloc);

bool __bitmap_equal(const unsigned long *a, const unsigned long *b, unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < FULL(nbits); k++)
		if (a[k] != b[k])
			return false;
	return !PART(nbits) || !((a[k] ^ b[k]) & LAST(nbits));
}
EXPORT_SYMBOL(__bitmap_equal);

bool __bitmap_or_equal(const unsigned long *a, const unsigned long *b, const unsigned long *c,
		       unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < FULL(nbits); k++)
		if ((a[k] | b[k]) != c[k])
			return false;
	return !PART(nbits) || !(((a[k] | b[k]) ^ c[k]) & LAST(nbits));
}

void __bitmap_complement(unsigned long *dst, const unsigned long *src, unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < BITS_TO_LONGS(nbits); k++)
		dst[k] = ~src[k];
}
EXPORT_SYMBOL(__bitmap_complement);

/*
 * Right: word k of the result is made of src words off + k and off + k + 1
 * (the last word masked to nbits first); the top off words become zero.
 */
void __bitmap_shift_right(unsigned long *dst, const unsigned long *src, unsigned int shift,
			  unsigned int nbits)
{
	unsigned int lim = BITS_TO_LONGS(nbits), off = shift / BITS_PER_LONG;
	unsigned int rem = shift % BITS_PER_LONG, k;

	for (k = 0; off + k < lim; k++) {
		unsigned long lo = src[off + k], hi = 0;

		if (off + k == lim - 1)
			lo &= LAST(nbits);
		if (rem && off + k + 1 < lim) {
			hi = src[off + k + 1];
			if (off + k + 1 == lim - 1)
				hi &= LAST(nbits);
			hi <<= BITS_PER_LONG - rem;
		}
		dst[k] = (lo >> rem) | hi;
	}
	if (off)
		memset(&dst[lim - off], 0, off * sizeof(unsigned long));
}
EXPORT_SYMBOL(__bitmap_shift_right);

/* left: from the top word down, so that dst may be src; the low off words zero */
void __bitmap_shift_left(unsigned long *dst, const unsigned long *src, unsigned int shift,
			 unsigned int nbits)
{
	int lim = BITS_TO_LONGS(nbits), off = shift / BITS_PER_LONG, k;
	unsigned int rem = shift % BITS_PER_LONG;

	for (k = lim - off - 1; k >= 0; k--) {
		unsigned long lo = rem && k > 0 ? src[k - 1] >> (BITS_PER_LONG - rem) : 0;

		dst[k + off] = (src[k] << rem) | lo;
	}
	if (off)
		memset(dst, 0, off * sizeof(unsigned long));
}
EXPORT_SYMBOL(__bitmap_shift_left);

/* remove bits [first, first + cut) and move the ones above down */
void bitmap_cut(unsigned long *dst, const unsigned long *src, unsigned int first,
		unsigned int cut, unsigned int nbits)
{
	unsigned int len = BITS_TO_LONGS(nbits);
	unsigned long keep = 0, carry;
	int i;

	if (first % BITS_PER_LONG)
		keep = src[first / BITS_PER_LONG] & (~0UL >> (BITS_PER_LONG - first % BITS_PER_LONG));
	memmove(dst, src, len * sizeof(*dst));
	while (cut--) {
		for (i = first / BITS_PER_LONG; i < len; i++) {
			carry = i < len - 1 ? dst[i + 1] & 1UL : 0;
			dst[i] = (dst[i] >> 1) | (carry << (BITS_PER_LONG - 1));
		}
	}
	dst[first / BITS_PER_LONG] &= ~0UL << (first % BITS_PER_LONG);
	dst[first / BITS_PER_LONG] |= keep;
}
EXPORT_SYMBOL(bitmap_cut);

bool __bitmap_and(unsigned long *dst, const unsigned long *a, const unsigned long *b,
		  unsigned int nbits)
{
	unsigned long any = 0;
	unsigned int k;

	for (k = 0; k < FULL(nbits); k++)
		any |= (dst[k] = a[k] & b[k]);
	if (PART(nbits))
		any |= (dst[k] = a[k] & b[k] & LAST(nbits));
	return any != 0;
}
EXPORT_SYMBOL(__bitmap_and);

void __bitmap_or(unsigned long *dst, const unsigned long *a, const unsigned long *b,
		 unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < BITS_TO_LONGS(nbits); k++)
		dst[k] = a[k] | b[k];
}
EXPORT_SYMBOL(__bitmap_or);

void __bitmap_xor(unsigned long *dst, const unsigned long *a, const unsigned long *b,
		  unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < BITS_TO_LONGS(nbits); k++)
		dst[k] = a[k] ^ b[k];
}
EXPORT_SYMBOL(__bitmap_xor);

bool __bitmap_andnot(unsigned long *dst, const unsigned long *a, const unsigned long *b,
		     unsigned int nbits)
{
	unsigned long any = 0;
	unsigned int k;

	for (k = 0; k < FULL(nbits); k++)
		any |= (dst[k] = a[k] & ~b[k]);
	if (PART(nbits))
		any |= (dst[k] = a[k] & ~b[k] & LAST(nbits));
	return any != 0;
}
EXPORT_SYMBOL(__bitmap_andnot);

void __bitmap_replace(unsigned long *dst, const unsigned long *old, const unsigned long *new,
		      const unsigned long *mask, unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < BITS_TO_LONGS(nbits); k++)
		dst[k] = (old[k] & ~mask[k]) | (new[k] & mask[k]);
}
EXPORT_SYMBOL(__bitmap_replace);

bool __bitmap_intersects(const unsigned long *a, const unsigned long *b, unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < FULL(nbits); k++)
		if (a[k] & b[k])
			return true;
	return PART(nbits) && (a[k] & b[k] & LAST(nbits));
}
EXPORT_SYMBOL(__bitmap_intersects);

bool __bitmap_subset(const unsigned long *a, const unsigned long *b, unsigned int nbits)
{
	unsigned int k;

	for (k = 0; k < FULL(nbits); k++)
		if (a[k] & ~b[k])
			return false;
	return !PART(nbits) || !(a[k] & ~b[k] & LAST(nbits));
}
EXPORT_SYMBOL(__bitmap_subset);

unsigned int __bitmap_weight(const unsigned long *map, unsigned int nbits)
{
	unsigned int k, w = 0;

	for (k = 0; k < FULL(nbits); k++)
		w += hweight_long(map[k]);
	if (PART(nbits))
		w += hweight_long(map[k] & LAST(nbits));
	return w;
}
EXPORT_SYMBOL(__bitmap_weight);

unsigned int __bitmap_weight_and(const unsigned long *a, const unsigned long *b,
				 unsigned int nbits)
{
	unsigned int k, w = 0;

	for (k = 0; k < FULL(nbits); k++)
		w += hweight_long(a[k] & b[k]);
	if (PART(nbits))
		w += hweight_long(a[k] & b[k] & LAST(nbits));
	return w;
}
EXPORT_SYMBOL(__bitmap_weight_and);

unsigned int __bitmap_weight_andnot(const unsigned long *a, const unsigned long *b,
				    unsigned int nbits)
{
	unsigned int k, w = 0;

	for (k = 0; k < FULL(nbits); k++)
		w += hweight_long(a[k] & ~b[k]);
	if (PART(nbits))
		w += hweight_long(a[k] & ~b[k] & LAST(nbits));
	return w;
}
EXPORT_SYMBOL(__bitmap_weight_andnot);

/* dst takes every word of the result, as the kernel's; the weight counts nbits */
unsigned int __bitmap_weighted_or(unsigned long *dst, const unsigned long *a,
				  const unsigned long *b, unsigned int nbits)
{
	unsigned int k, w = 0;

	for (k = 0; k < BITS_TO_LONGS(nbits); k++)
		dst[k] = a[k] | b[k];
	for (k = 0; k < FULL(nbits); k++)
		w += hweight_long(dst[k]);
	if (PART(nbits))
		w += hweight_long(dst[k] & LAST(nbits));
	return w;
}
EXPORT_SYMBOL(__bitmap_weighted_or);

unsigned int __bitmap_weighted_xor(unsigned long *dst, const unsigned long *a,
				   const unsigned long *b, unsigned int nbits)
{
	unsigned int k, w = 0;

	for (k = 0; k < BITS_TO_LONGS(nbits); k++)
		dst[k] = a[k] ^ b[k];
	for (k = 0; k < FULL(nbits); k++)
		w += hweight_long(dst[k]);
	if (PART(nbits))
		w += hweight_long(dst[k] & LAST(nbits));
	return w;
}
EXPORT_SYMBOL(__bitmap_weighted_xor);

/* pos's rank among the set bits of buf, -1 when pos is not one of them */
static int pos_to_ord(const unsigned long *buf, unsigned int pos, unsigned int nbits)
{
	if (pos >= nbits || !test_bit(pos, buf))
		return -1;
	return bitmap_weight(buf, pos);
}

/* the n-th (from 0) set bit of buf */
static unsigned int nth_set_bit(const unsigned long *buf, unsigned int nbits, unsigned int n)
{
	unsigned int bit;

	for_each_set_bit(bit, buf, nbits)
		if (!n--)
			return bit;
	return nbits;
}

void bitmap_remap(unsigned long *dst, const unsigned long *src, const unsigned long *old,
		  const unsigned long *new, unsigned int nbits)
{
	unsigned int oldbit, w = bitmap_weight(new, nbits);

	bitmap_zero(dst, nbits);
	for_each_set_bit(oldbit, src, nbits) {
		int n = pos_to_ord(old, oldbit, nbits);

		/* a bit outside old, or an empty new: it stays where it is */
		if (n < 0 || !w)
			__set_bit(oldbit, dst);
		else
			__set_bit(nth_set_bit(new, nbits, n % w), dst);
	}
}
EXPORT_SYMBOL(bitmap_remap);

int bitmap_bitremap(int oldbit, const unsigned long *old, const unsigned long *new, int bits)
{
	unsigned int w = bitmap_weight(new, bits);
	int n = pos_to_ord(old, oldbit, bits);

	if (n < 0 || !w)
		return oldbit;
	return nth_set_bit(new, bits, n % w);
}
EXPORT_SYMBOL(bitmap_bitremap);

void __bitmap_set(unsigned long *map, unsigned int start, int len)
{
	for (; len > 0; start++, len--)
		map[BIT_WORD(start)] |= 1UL << (start % BITS_PER_LONG);
}
EXPORT_SYMBOL(__bitmap_set);

void __bitmap_clear(unsigned long *map, unsigned int start, int len)
{
	for (; len > 0; start++, len--)
		map[BIT_WORD(start)] &= ~(1UL << (start % BITS_PER_LONG));
}
EXPORT_SYMBOL(__bitmap_clear);

unsigned long bitmap_find_next_zero_area_off(unsigned long *map, unsigned long size,
					     unsigned long start, unsigned int nr,
					     unsigned long align_mask, unsigned long align_offset)
{
	for (;;) {
		unsigned long index = find_next_zero_bit(map, size, start), end, i;

		/* aligned (index + align_offset) to align_mask + 1 */
		index = ((index + align_offset + align_mask) & ~align_mask) - align_offset;
		end = index + nr;
		if (end > size)
			return end;
		i = find_next_bit(map, end, index);
		if (i >= end)
			return index;
		start = i + 1;
	}
}
EXPORT_SYMBOL(bitmap_find_next_zero_area_off);

static bool region_free(const unsigned long *map, unsigned int pos, int order)
{
	return find_next_bit(map, pos + (1U << order), pos) >= pos + (1U << order);
}

int bitmap_find_free_region(unsigned long *bitmap, unsigned int bits, int order)
{
	unsigned int pos, end;

	for (pos = 0; (end = pos + (1U << order)) <= bits; pos = end) {
		if (!region_free(bitmap, pos, order))
			continue;
		__bitmap_set(bitmap, pos, 1U << order);
		return pos;
	}
	return -ENOMEM;
}
EXPORT_SYMBOL(bitmap_find_free_region);

void bitmap_release_region(unsigned long *bitmap, unsigned int pos, int order)
{
	__bitmap_clear(bitmap, pos, 1U << order);
}
EXPORT_SYMBOL(bitmap_release_region);

int bitmap_allocate_region(unsigned long *bitmap, unsigned int pos, int order)
{
	if (!region_free(bitmap, pos, order))
		return -EBUSY;
	__bitmap_set(bitmap, pos, 1U << order);
	return 0;
}
EXPORT_SYMBOL(bitmap_allocate_region);

/* u32 halves, the low half first in each word; the tail past nbits cleared */
void bitmap_from_arr32(unsigned long *bitmap, const u32 *buf, unsigned int nbits)
{
	unsigned int i, halves = DIV_ROUND_UP(nbits, 32);

	for (i = 0; i < halves; i++) {
		if (i % 2 == 0)
			bitmap[i / 2] = (unsigned long)buf[i];
		else
			bitmap[i / 2] |= ((unsigned long)buf[i]) << 32;
	}
	if (PART(nbits))
		bitmap[(halves - 1) / 2] &= LAST(nbits);
}
EXPORT_SYMBOL(bitmap_from_arr32);

void bitmap_to_arr32(u32 *buf, const unsigned long *bitmap, unsigned int nbits)
{
	unsigned int i, halves = DIV_ROUND_UP(nbits, 32);

	for (i = 0; i < halves; i++)
		buf[i] = i % 2 ? (u32)(bitmap[i / 2] >> 32) : (u32)bitmap[i / 2];
	if (nbits % 32)
		buf[halves - 1] &= (u32)(UINT_MAX >> ((-nbits) & 31));
}
EXPORT_SYMBOL(bitmap_to_arr32);
