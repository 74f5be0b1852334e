/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bitmaps: arrays of unsigned long holding nbits bits (shim/lib/bitmap.c,
 * lib/bitmap.c's semantics). As in the kernel, the bits past nbits in the
 * last word are "don't care": the operations that answer (equal, empty,
 * weight ...) ignore them, some that write (fill, complement) set them.
 * Parsing and printing (bitmap_parse*, bitmap_print_*) and the remapping
 * calls (bitmap_remap, bitmap_onto, bitmap_fold) are not there.
 */
#ifndef __LINUX_BITMAP_H
#define __LINUX_BITMAP_H

#include <linux/bitops.h>
#include <linux/gfp_types.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/cleanup.h>
#include <linux/version.h>

struct device;

#define BITMAP_FIRST_WORD_MASK(start)	(~0UL << ((start) & (BITS_PER_LONG - 1)))
#define BITMAP_LAST_WORD_MASK(nbits)	(~0UL >> (-(nbits) & (BITS_PER_LONG - 1)))
#define bitmap_size(nbits)		(ALIGN(nbits, BITS_PER_LONG) / BITS_PER_BYTE)
#define BITMAP_MEM_ALIGNMENT		8
#define BITMAP_MEM_MASK			(BITMAP_MEM_ALIGNMENT - 1)
#define BITMAP_FROM_U64(n)		(n)

unsigned long *bitmap_alloc(unsigned int nbits, gfp_t flags);
unsigned long *bitmap_zalloc(unsigned int nbits, gfp_t flags);
unsigned long *bitmap_alloc_node(unsigned int nbits, gfp_t flags, int node);
unsigned long *bitmap_zalloc_node(unsigned int nbits, gfp_t flags, int node);
void bitmap_free(const unsigned long *bitmap);
unsigned long *devm_bitmap_alloc(struct device *dev, unsigned int nbits, gfp_t flags);
unsigned long *devm_bitmap_zalloc(struct device *dev, unsigned int nbits, gfp_t flags);

bool __bitmap_equal(const unsigned long *bitmap1, const unsigned long *bitmap2,
		    unsigned int nbits);
bool __bitmap_or_equal(const unsigned long *src1, const unsigned long *src2,
		       const unsigned long *src3, unsigned int nbits);
void __bitmap_complement(unsigned long *dst, const unsigned long *src, unsigned int nbits);
void __bitmap_shift_right(unsigned long *dst, const unsigned long *src, unsigned int shift,
			  unsigned int nbits);
void __bitmap_shift_left(unsigned long *dst, const unsigned long *src, unsigned int shift,
			 unsigned int nbits);
void bitmap_cut(unsigned long *dst, const unsigned long *src, unsigned int first,
		unsigned int cut, unsigned int nbits);
bool __bitmap_and(unsigned long *dst, const unsigned long *bitmap1,
		  const unsigned long *bitmap2, unsigned int nbits);
void __bitmap_or(unsigned long *dst, const unsigned long *bitmap1,
		 const unsigned long *bitmap2, unsigned int nbits);
void __bitmap_xor(unsigned long *dst, const unsigned long *bitmap1,
		  const unsigned long *bitmap2, unsigned int nbits);
bool __bitmap_andnot(unsigned long *dst, const unsigned long *bitmap1,
		     const unsigned long *bitmap2, unsigned int nbits);
void __bitmap_replace(unsigned long *dst, const unsigned long *old, const unsigned long *new,
		      const unsigned long *mask, unsigned int nbits);
bool __bitmap_intersects(const unsigned long *bitmap1, const unsigned long *bitmap2,
			 unsigned int nbits);
bool __bitmap_subset(const unsigned long *bitmap1, const unsigned long *bitmap2,
		     unsigned int nbits);
unsigned int __bitmap_weight(const unsigned long *bitmap, unsigned int nbits);
unsigned int __bitmap_weight_andnot(const unsigned long *bitmap1,
				   const unsigned long *bitmap2, unsigned int nbits);
unsigned int __bitmap_weighted_or(unsigned long *dst, const unsigned long *bitmap1,
				  const unsigned long *bitmap2, unsigned int nbits);
unsigned int __bitmap_weighted_xor(unsigned long *dst, const unsigned long *bitmap1,
				   const unsigned long *bitmap2, unsigned int nbits);
/* map(old, new): the n-th set bit of old goes to the (n mod weight(new))-th of new */
void bitmap_remap(unsigned long *dst, const unsigned long *src, const unsigned long *old,
		  const unsigned long *new, unsigned int nbits);
int bitmap_bitremap(int oldbit, const unsigned long *old, const unsigned long *new, int bits);
unsigned int __bitmap_weight_and(const unsigned long *bitmap1, const unsigned long *bitmap2,
				 unsigned int nbits);
void __bitmap_set(unsigned long *map, unsigned int start, int len);
void __bitmap_clear(unsigned long *map, unsigned int start, int len);

/* the first run of nr zero bits from start, aligned; > size when none */
unsigned long bitmap_find_next_zero_area_off(unsigned long *map, unsigned long size,
					     unsigned long start, unsigned int nr,
					     unsigned long align_mask, unsigned long align_offset);

static inline unsigned long bitmap_find_next_zero_area(unsigned long *map, unsigned long size,
						       unsigned long start, unsigned int nr,
						       unsigned long align_mask)
{
	return bitmap_find_next_zero_area_off(map, size, start, nr, align_mask, 0);
}

/* aligned regions of 2^order bits */
int bitmap_find_free_region(unsigned long *bitmap, unsigned int bits, int order);
void bitmap_release_region(unsigned long *bitmap, unsigned int pos, int order);
int bitmap_allocate_region(unsigned long *bitmap, unsigned int pos, int order);

#define bitmap_copy_le bitmap_copy

static inline void bitmap_fill(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0xff, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

static inline void bitmap_copy(unsigned long *dst, const unsigned long *src, unsigned int nbits)
{
	memcpy(dst, src, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

/* the copy with the bits past nbits cleared */
static inline void bitmap_copy_clear_tail(unsigned long *dst, const unsigned long *src,
					  unsigned int nbits)
{
	bitmap_copy(dst, src, nbits);
	if (nbits % BITS_PER_LONG)
		dst[nbits / BITS_PER_LONG] &= BITMAP_LAST_WORD_MASK(nbits);
}

/* 64-bit: u32 arrays need their halves placed (lib/bitmap.c), u64 ones are the words */
void bitmap_from_arr32(unsigned long *bitmap, const u32 *buf, unsigned int nbits);
void bitmap_to_arr32(u32 *buf, const unsigned long *bitmap, unsigned int nbits);
#define bitmap_from_arr64(bitmap, buf, nbits)			\
	bitmap_copy_clear_tail((unsigned long *)(bitmap), (const unsigned long *)(buf), (nbits))
#define bitmap_to_arr64(buf, bitmap, nbits)			\
	bitmap_copy_clear_tail((unsigned long *)(buf), (const unsigned long *)(bitmap), (nbits))

/* true when the result has a bit set */
static inline bool bitmap_and(unsigned long *dst, const unsigned long *src1,
			      const unsigned long *src2, unsigned int nbits)
{
	return __bitmap_and(dst, src1, src2, nbits);
}

static inline void bitmap_or(unsigned long *dst, const unsigned long *src1,
			     const unsigned long *src2, unsigned int nbits)
{
	__bitmap_or(dst, src1, src2, nbits);
}

static inline void bitmap_xor(unsigned long *dst, const unsigned long *src1,
			      const unsigned long *src2, unsigned int nbits)
{
	__bitmap_xor(dst, src1, src2, nbits);
}

static inline bool bitmap_andnot(unsigned long *dst, const unsigned long *src1,
				 const unsigned long *src2, unsigned int nbits)
{
	return __bitmap_andnot(dst, src1, src2, nbits);
}

static inline void bitmap_complement(unsigned long *dst, const unsigned long *src,
				     unsigned int nbits)
{
	__bitmap_complement(dst, src, nbits);
}

static inline bool bitmap_equal(const unsigned long *src1, const unsigned long *src2,
				unsigned int nbits)
{
	return __bitmap_equal(src1, src2, nbits);
}

/* (src1 | src2) == src3 */
static inline bool bitmap_or_equal(const unsigned long *src1, const unsigned long *src2,
				   const unsigned long *src3, unsigned int nbits)
{
	return __bitmap_or_equal(src1, src2, src3, nbits);
}

static inline bool bitmap_intersects(const unsigned long *src1, const unsigned long *src2,
				     unsigned int nbits)
{
	return __bitmap_intersects(src1, src2, nbits);
}

/* every bit of src1 is in src2 */
static inline bool bitmap_subset(const unsigned long *src1, const unsigned long *src2,
				 unsigned int nbits)
{
	return __bitmap_subset(src1, src2, nbits);
}

static inline bool bitmap_empty(const unsigned long *src, unsigned int nbits)
{
	return find_first_bit(src, nbits) == nbits;
}

static inline bool bitmap_full(const unsigned long *src, unsigned int nbits)
{
	return find_first_zero_bit(src, nbits) == nbits;
}

static __always_inline unsigned int bitmap_weight(const unsigned long *src, unsigned int nbits)
{
	return __bitmap_weight(src, nbits);
}

static __always_inline unsigned long bitmap_weight_and(const unsigned long *src1,
						       const unsigned long *src2,
						       unsigned int nbits)
{
	return __bitmap_weight_and(src1, src2, nbits);
}

static __always_inline void bitmap_set(unsigned long *map, unsigned int start, unsigned int nbits)
{
	__bitmap_set(map, start, nbits);
}

static __always_inline void bitmap_clear(unsigned long *map, unsigned int start,
					 unsigned int nbits)
{
	__bitmap_clear(map, start, nbits);
}

static inline void bitmap_shift_right(unsigned long *dst, const unsigned long *src,
				      unsigned int shift, unsigned int nbits)
{
	__bitmap_shift_right(dst, src, shift, nbits);
}

static inline void bitmap_shift_left(unsigned long *dst, const unsigned long *src,
				     unsigned int shift, unsigned int nbits)
{
	__bitmap_shift_left(dst, src, shift, nbits);
}

/* the bits of new where mask is set, of old elsewhere */
static inline void bitmap_replace(unsigned long *dst, const unsigned long *old,
				  const unsigned long *new, const unsigned long *mask,
				  unsigned int nbits)
{
	__bitmap_replace(dst, old, new, mask, nbits);
}

/* the next run of set bits from *rs: [*rs, *re) */
static inline void bitmap_next_set_region(unsigned long *bitmap, unsigned int *rs,
					  unsigned int *re, unsigned int end)
{
	*rs = find_next_bit(bitmap, end, *rs);
	*re = find_next_zero_bit(bitmap, end, *rs + 1);
}

static inline void bitmap_from_u64(unsigned long *dst, u64 mask)
{
	bitmap_from_arr64(dst, &mask, 64);
}

/* the byte at start (a multiple of 8) */
static inline unsigned long bitmap_get_value8(const unsigned long *map, unsigned long start)
{
	const size_t index = BIT_WORD(start);
	const unsigned long offset = start % BITS_PER_LONG;

	return (map[index] >> offset) & 0xFF;
}

static inline void bitmap_set_value8(unsigned long *map, unsigned long value,
				     unsigned long start)
{
	const size_t index = BIT_WORD(start);
	const unsigned long offset = start % BITS_PER_LONG;

	map[index] &= ~(0xFFUL << offset);
	map[index] |= value << offset;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
DEFINE_FREE(bitmap, unsigned long *, if (_T) bitmap_free(_T))

/* the bits set in src1 and not in src2 */
static __always_inline unsigned long bitmap_weight_andnot(const unsigned long *src1,
							  const unsigned long *src2,
							  unsigned int nbits)
{
	return __bitmap_weight_andnot(src1, src2, nbits);
}

/*
 * Scatter: the n-th bit of src goes to where mask has its n-th set bit.
 * Gather: the reverse, the bits of src at mask's set bits packed from 0.
 */
static __always_inline void bitmap_scatter(unsigned long *dst, const unsigned long *src,
					   const unsigned long *mask, unsigned int nbits)
{
	unsigned int bit, n = 0;

	bitmap_zero(dst, nbits);
	for_each_set_bit(bit, mask, nbits) {
		if (test_bit(n, src))
			__set_bit(bit, dst);
		n++;
	}
}

static __always_inline void bitmap_gather(unsigned long *dst, const unsigned long *src,
					  const unsigned long *mask, unsigned int nbits)
{
	unsigned int bit, n = 0;

	bitmap_zero(dst, nbits);
	for_each_set_bit(bit, mask, nbits) {
		if (test_bit(bit, src))
			__set_bit(n, dst);
		n++;
	}
}

/* nbits (1..BITS_PER_LONG) at start, possibly across two words; 0 for other widths */
static __always_inline unsigned long bitmap_read(const unsigned long *map, unsigned long start,
						 unsigned long nbits)
{
	const unsigned long *w = map + BIT_WORD(start);
	unsigned long shift = start % BITS_PER_LONG;
	unsigned long lo;

	if (unlikely(!nbits || nbits > BITS_PER_LONG))
		return 0;
	lo = w[0] >> shift;
	if (shift + nbits > BITS_PER_LONG)
		lo |= w[1] << (BITS_PER_LONG - shift);
	return lo & BITMAP_LAST_WORD_MASK(nbits);
}

/* value's low nbits (1..BITS_PER_LONG) stored at start; other widths store nothing */
static __always_inline void bitmap_write(unsigned long *map, unsigned long value,
					 unsigned long start, unsigned long nbits)
{
	unsigned long *w = map + BIT_WORD(start);
	unsigned long shift = start % BITS_PER_LONG;
	unsigned long mask;

	if (unlikely(!nbits || nbits > BITS_PER_LONG))
		return;
	mask = BITMAP_LAST_WORD_MASK(nbits);
	value &= mask;
	w[0] = (w[0] & ~(mask << shift)) | (value << shift);
	if (shift + nbits > BITS_PER_LONG) {
		unsigned long spill = BITS_PER_LONG - shift;

		w[1] = (w[1] & ~(mask >> spill)) | (value >> spill);
	}
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* dst = src1 | src2 (or ^), returning the weight of the result */
static __always_inline unsigned int bitmap_weighted_or(unsigned long *dst,
						       const unsigned long *src1,
						       const unsigned long *src2,
						       unsigned int nbits)
{
	return __bitmap_weighted_or(dst, src1, src2, nbits);
}

static __always_inline unsigned int bitmap_weighted_xor(unsigned long *dst,
							const unsigned long *src1,
							const unsigned long *src2,
							unsigned int nbits)
{
	return __bitmap_weighted_xor(dst, src1, src2, nbits);
}

/* the set bits in [start, end); end itself when the range is empty, as the kernel's */
static __always_inline unsigned long bitmap_weight_from(const unsigned long *bitmap,
							unsigned int start, unsigned int end)
{
	if (unlikely(start >= end))
		return end;
	return bitmap_weight(bitmap, end) - bitmap_weight(bitmap, start);
}
#endif

/* the first count bits of from, then zeros up to size (whole words) */
static inline void bitmap_copy_and_extend(unsigned long *to, const unsigned long *from,
					  unsigned int count, unsigned int size)
{
	unsigned int words = BITS_TO_LONGS(count);

	memcpy(to, from, words * sizeof(long));
	if (count % BITS_PER_LONG)
		to[words - 1] &= BITMAP_LAST_WORD_MASK(count);
	memset(to + words, 0, bitmap_size(size) - words * sizeof(long));
}

#endif
