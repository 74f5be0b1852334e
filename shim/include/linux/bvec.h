/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A piece of a page (struct bio_vec), as an ITER_BVEC iterator walks them
 * (linux/uio.h), and the helpers that set one up or reach its bytes. The
 * block layer's bvec_iter walks are not here: the shim has no block layer.
 */
#ifndef _QDK_SHIM_LINUX_BVEC_H
#define _QDK_SHIM_LINUX_BVEC_H

#include <linux/types.h>
#include <linux/mm.h>		/* page_address() */
#include <linux/string.h>

struct bio_vec {
	struct page	*bv_page;
	unsigned int	bv_len;
	unsigned int	bv_offset;
};

static inline void bvec_set_page(struct bio_vec *bv, struct page *page, unsigned int len,
				 unsigned int offset)
{
	bv->bv_page = page;
	bv->bv_len = len;
	bv->bv_offset = offset;
}

/* a kernel virtual address: its page and the offset in it */
static inline void bvec_set_virt(struct bio_vec *bv, void *vaddr, unsigned int len)
{
	bvec_set_page(bv, virt_to_page(vaddr), len, offset_in_page(vaddr));
}

/* the address of the piece (no highmem on x86-64) */
static inline void *bvec_virt(struct bio_vec *bvec)
{
	return page_address(bvec->bv_page) + bvec->bv_offset;
}

static inline void *bvec_kmap_local(struct bio_vec *bvec)
{
	return bvec_virt(bvec);
}

static inline void memcpy_from_bvec(char *to, struct bio_vec *bvec)
{
	memcpy(to, bvec_virt(bvec), bvec->bv_len);
}

static inline void memcpy_to_bvec(struct bio_vec *bvec, const char *from)
{
	memcpy(bvec_virt(bvec), from, bvec->bv_len);
}

static inline void memzero_bvec(struct bio_vec *bvec)
{
	memset(bvec_virt(bvec), 0, bvec->bv_len);
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/kconfig.h>
#include <linux/notifier.h>
#include <linux/idr.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>
#endif
