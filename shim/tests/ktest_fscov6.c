// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_fscov6.c - linux/fs.h's freeze protection (sb_writers: the write,
 * page fault and internal levels a writer holds for reading) and the inode
 * cache of a super block (iget5_locked(), ilookup(), insert_inode_locked(),
 * iput() to eviction).
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/rwsem.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/version.h>

#include "ktest.h"

static void kt_sb_init(struct super_block *sb)
{
	int i;

	memset(sb, 0, sizeof(*sb));
	for (i = 0; i < SB_FREEZE_LEVELS; i++)
		init_rwsem(&sb->s_writers.rw_sem[i]);
}

KTEST(fs_cov6, freeze_protection)
{
	static struct super_block sb;
	struct inode reg = { .i_mode = S_IFREG | 0644 };
	struct inode chr = { .i_mode = S_IFCHR | 0600 };
	struct file f = { .f_inode = &reg };
	struct file fc = { .f_inode = &chr };
	struct kiocb kio = { .ki_filp = &f };

	kt_sb_init(&sb);
	reg.i_sb = &sb;
	KT_ASSERT(!sb_write_started(&sb), "started before any write");
	file_start_write(&f);
	KT_ASSERT(sb_write_started(&sb), "file_start_write took no protection");
	KT_ASSERT(rwsem_is_locked(&sb.s_writers.rw_sem[SB_FREEZE_WRITE - 1]), "write level");
	KT_ASSERT(!rwsem_is_locked(&sb.s_writers.rw_sem[SB_FREEZE_FS - 1]), "fs level");
	file_end_write(&f);
	KT_ASSERT(!sb_write_started(&sb), "still started after file_end_write");
	/* a character device takes none */
	file_start_write(&fc);
	KT_ASSERT(!rwsem_is_locked(&sb.s_writers.rw_sem[0]), "char device took the level");
	file_end_write(&fc);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(file_write_started(&fc), "a char device is always started");
	KT_ASSERT(file_write_not_started(&f), "regular file not started");
#endif
	kiocb_start_write(&kio);
	KT_ASSERT(sb_write_started(&sb), "kiocb_start_write");
	kiocb_end_write(&kio);
	sb_start_pagefault(&sb);
	sb_start_intwrite(&sb);
	KT_ASSERT(rwsem_is_locked(&sb.s_writers.rw_sem[SB_FREEZE_PAGEFAULT - 1]), "pagefault");
	KT_ASSERT(rwsem_is_locked(&sb.s_writers.rw_sem[SB_FREEZE_FS - 1]), "intwrite");
	sb_end_intwrite(&sb);
	sb_end_pagefault(&sb);
	/* a frozen level (its write side held): the trylocks fail */
	down_write(&sb.s_writers.rw_sem[SB_FREEZE_WRITE - 1]);
	KT_ASSERT(!sb_start_write_trylock(&sb), "trylock on a frozen level");
	KT_ASSERT(!file_start_write_trylock(&f), "file trylock on a frozen level");
	KT_ASSERT(file_start_write_trylock(&fc), "char device trylock");
	up_write(&sb.s_writers.rw_sem[SB_FREEZE_WRITE - 1]);
	KT_ASSERT(sb_start_write_trylock(&sb), "trylock after the thaw");
	sb_end_write(&sb);
	KT_ASSERT(sb_start_intwrite_trylock(&sb), "intwrite trylock");
	sb_end_intwrite(&sb);
	KT_ASSERT(!rwsem_is_locked(&sb.s_writers.rw_sem[SB_FREEZE_FS - 1]), "released");
	return 0;
}
