/* SPDX-License-Identifier: GPL-2.0 */
/* Bit operations; the atomic ones are plain (the shim is single threaded). */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/types.h>
#include <linux/bits.h>
#include <linux/compiler.h>

#define BITS_PER_TYPE(type)	(sizeof(type) * BITS_PER_BYTE)
#define BITS_TO_LONGS(nr)	(((nr) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define BITS_TO_U64(nr)		(((nr) + 63) / 64)
#define BITS_TO_U32(nr)		(((nr) + 31) / 32)

static inline void __set_bit(unsigned long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

static inline void __clear_bit(unsigned long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

static inline void __change_bit(unsigned long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] ^= BIT_MASK(nr);
}

static inline bool test_bit(unsigned long nr, const volatile unsigned long *addr)
{
	return (addr[BIT_WORD(nr)] >> (nr % BITS_PER_LONG)) & 1;
}

static inline bool __test_and_set_bit(unsigned long nr, volatile unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__set_bit(nr, addr);
	return old;
}

static inline bool __test_and_clear_bit(unsigned long nr, volatile unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__clear_bit(nr, addr);
	return old;
}

static inline bool __test_and_change_bit(unsigned long nr, volatile unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__change_bit(nr, addr);
	return old;
}

/* The atomic ones: one thread, so the non-atomic ones with the same result. */
static inline void set_bit(long nr, volatile unsigned long *addr)
{
	__set_bit(nr, addr);
}

static inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__clear_bit(nr, addr);
}

static inline void change_bit(long nr, volatile unsigned long *addr)
{
	__change_bit(nr, addr);
}

static inline bool test_and_set_bit(long nr, volatile unsigned long *addr)
{
	return __test_and_set_bit(nr, addr);
}

static inline bool test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	return __test_and_clear_bit(nr, addr);
}

static inline bool test_and_change_bit(long nr, volatile unsigned long *addr)
{
	return __test_and_change_bit(nr, addr);
}

static inline bool test_and_set_bit_lock(long nr, volatile unsigned long *addr)
{
	return __test_and_set_bit(nr, addr);
}

static inline void clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	__clear_bit(nr, addr);
}

static inline void __clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	__clear_bit(nr, addr);
}

#define test_bit_acquire(nr, addr)	test_bit(nr, addr)

static inline void assign_bit(long nr, volatile unsigned long *addr, bool value)
{
	if (value)
		__set_bit(nr, addr);
	else
		__clear_bit(nr, addr);
}

#define __assign_bit(nr, addr, value)	assign_bit(nr, addr, value)

/* fls(0) = 0, fls(1) = 1, fls(0x80000000) = 32 */
static __always_inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static __always_inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static __always_inline unsigned int fls_long(unsigned long l)
{
	return fls64(l);
}

/* ffs(0) = 0, ffs(1) = 1 */
static __always_inline int ffs(int x)
{
	return __builtin_ffs(x);
}

/* undefined for 0, as the kernel's */
static __always_inline unsigned long __ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

static __always_inline unsigned long __fls(unsigned long word)
{
	return 63 - __builtin_clzl(word);
}

static __always_inline unsigned long ffz(unsigned long word)
{
	return __ffs(~word);
}

static __always_inline unsigned int hweight32(unsigned int w)
{
	return __builtin_popcount(w);
}

static __always_inline unsigned long hweight64(u64 w)
{
	return __builtin_popcountll(w);
}

static __always_inline unsigned long hweight_long(unsigned long w)
{
	return __builtin_popcountl(w);
}

static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}

static inline u64 rol64(u64 word, unsigned int shift)
{
	return (word << (shift & 63)) | (word >> ((-shift) & 63));
}

static inline u16 rol16(u16 word, unsigned int shift)
{
	return (word << (shift & 15)) | (word >> ((-shift) & 15));
}

static inline u64 ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

static inline u16 ror16(u16 word, unsigned int shift)
{
	return (word >> (shift & 15)) | (word << ((-shift) & 15));
}

static inline u8 rol8(u8 word, unsigned int shift)
{
	return (word << (shift & 7)) | (word >> ((-shift) & 7));
}

static inline u8 ror8(u8 word, unsigned int shift)
{
	return (word >> (shift & 7)) | (word << ((-shift) & 7));
}

#define BITS_TO_BYTES(nr)	(((nr) + BITS_PER_BYTE - 1) / BITS_PER_BYTE)
#define BYTES_TO_BITS(nb)	((nb) * BITS_PER_BYTE)

/* lib/hweight.c: the population counts without the CPU's instruction */
extern unsigned int __sw_hweight32(unsigned int w);
extern unsigned long __sw_hweight64(__u64 w);

/* the lowest set bit of a 64-bit word (undefined for 0) */
static inline unsigned long __ffs64(u64 word)
{
	return __ffs((unsigned long)word);
}

/* the index of the n-th (from 0) set bit, BITS_PER_LONG when there are fewer */
static inline unsigned long fns(unsigned long word, unsigned int n)
{
	while (word && n--)
		word &= word - 1;
	return word ? __ffs(word) : BITS_PER_LONG;
}

/* the bits needed to hold count: fls() */
static inline int get_bitmask_order(unsigned int count)
{
	return fls(count);
}

/* log2 of count rounded up; -1 for 0 */
static inline int get_count_order(unsigned int count)
{
	if (count == 0)
		return -1;
	return fls(--count);
}

static inline int get_count_order_long(unsigned long l)
{
	if (l == 0UL)
		return -1;
	return (int)fls_long(--l);
}

/* value's bit index is its sign bit: extend it over the word */
static inline s32 sign_extend32(u32 value, int index)
{
	u8 shift = 31 - index;

	return (s32)(value << shift) >> shift;
}

static inline s64 sign_extend64(u64 value, int index)
{
	u8 shift = 63 - index;

	return (s64)(value << shift) >> shift;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 1 when val has an odd number of bits set */
static inline bool parity8(u8 val)
{
	return __builtin_parity(val);
}
#endif

/* the low n bytes of a word, in memory order (little endian) */
#define aligned_byte_mask(n)	((1UL << 8 * (n)) - 1)

/* the constant-folding variant of a bit op when it can be: the same result */
#define bitop(op, nr, addr)	op(nr, addr)

/* *ptr's mask bits replaced by bits (one CPU: a plain update); the old value */
#define set_mask_bits(ptr, mask, bits)					\
({									\
	const __typeof__(*(ptr)) mask__ = (mask), bits__ = (bits);	\
	__typeof__(*(ptr)) old__ = READ_ONCE(*(ptr));			\
									\
	WRITE_ONCE(*(ptr), (old__ & ~mask__) | bits__);			\
	old__;								\
})

/* clear the clear bits unless a test bit is set; whether they were cleared */
#define bit_clear_unless(ptr, clear, test)				\
({									\
	const __typeof__(*(ptr)) clear__ = (clear), test__ = (test);	\
	__typeof__(*(ptr)) old__ = READ_ONCE(*(ptr));			\
									\
	if (!(old__ & test__))						\
		WRITE_ONCE(*(ptr), old__ & ~clear__);			\
	!(old__ & test__);						\
})

unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
			    unsigned long offset);
unsigned long find_next_zero_bit(const unsigned long *addr, unsigned long size,
				 unsigned long offset);
/* the highest set bit below size, or size if none */
unsigned long find_last_bit(const unsigned long *addr, unsigned long size);
#define find_first_bit(addr, size) find_next_bit((addr), (size), 0)
#define find_first_zero_bit(addr, size) find_next_zero_bit((addr), (size), 0)
#define for_each_set_bit(bit, addr, size) \
	for ((bit) = find_next_bit((addr), (size), 0);		\
	     (bit) < (size);					\
	     (bit) = find_next_bit((addr), (size), (bit) + 1))
/* from bit (included) on */
#define for_each_set_bit_from(bit, addr, size) \
	for ((bit) = find_next_bit((addr), (size), (bit));	\
	     (bit) < (size);					\
	     (bit) = find_next_bit((addr), (size), (bit) + 1))
#define for_each_clear_bit(bit, addr, size) \
	for ((bit) = find_next_zero_bit((addr), (size), 0);	\
	     (bit) < (size);					\
	     (bit) = find_next_zero_bit((addr), (size), (bit) + 1))
#define for_each_clear_bit_from(bit, addr, size) \
	for ((bit) = find_next_zero_bit((addr), (size), (bit));	\
	     (bit) < (size);					\
	     (bit) = find_next_zero_bit((addr), (size), (bit) + 1))

static inline void bitmap_zero(unsigned long *dst, unsigned int nbits)
{
	__builtin_memset(dst, 0, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/typecheck.h>
#endif
