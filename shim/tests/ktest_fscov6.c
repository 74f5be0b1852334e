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
#include <linux/seq_file.h>
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

/* a file system's own inodes: counted alloc/evict/free, a key for iget5 */
struct kt_inode {
	struct inode vfs;
	int key;
};

static int kt_allocs, kt_evicts, kt_frees;

static struct inode *kt_alloc_inode(struct super_block *sb)
{
	struct kt_inode *ki = kmalloc(sizeof(*ki), GFP_KERNEL);

	if (!ki)
		return NULL;
	inode_init_once(&ki->vfs);
	ki->key = 0;
	kt_allocs++;
	return &ki->vfs;
}

static void kt_evict_inode(struct inode *inode)
{
	kt_evicts++;
	clear_inode(inode);
}

static void kt_free_inode(struct inode *inode)
{
	kt_frees++;
	kfree(container_of(inode, struct kt_inode, vfs));
}

static const struct super_operations kt_sops = {
	.alloc_inode = kt_alloc_inode,
	.evict_inode = kt_evict_inode,
	.free_inode = kt_free_inode,
};

static int kt_test_key(struct inode *inode, void *data)
{
	return container_of(inode, struct kt_inode, vfs)->key == *(int *)data;
}

static int kt_set_key(struct inode *inode, void *data)
{
	container_of(inode, struct kt_inode, vfs)->key = *(int *)data;
	return 0;
}

static int kt_match_ino(struct inode *inode, __qdk_hashval_t hashval, void *data)
{
	if (inode->i_ino == hashval)
		return 1;
	return 0;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define kt_ilookup5_nowait(sb, h, t, d)	ilookup5_nowait(sb, h, t, d)
#else
static bool kt_isnew;
#define kt_ilookup5_nowait(sb, h, t, d)	ilookup5_nowait(sb, h, t, d, &kt_isnew)
#endif

static unsigned long kt_state(struct inode *inode)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	return inode->i_state;
#else
	return inode->i_state.__state;
#endif
}

KTEST(fs_cov6, inode_cache)
{
	static struct super_block sb;
	struct inode *a, *b, *c, *d;
	int key = 7, other = 8;

	kt_sb_init(&sb);
	sb.s_op = &kt_sops;
	sb.s_blocksize_bits = 12;
	sb.s_flags = SB_ACTIVE;
	kt_allocs = kt_evicts = kt_frees = 0;

	/* iget_locked(): a new inode, I_NEW, one reference, the defaults */
	a = iget_locked(&sb, 42);
	KT_ASSERT(a != NULL, "iget_locked");
	KT_EQ(kt_allocs, 1);
	KT_ASSERT(kt_state(a) & I_NEW, "not I_NEW");
	KT_EQ(atomic_read(&a->i_count), 1);
	KT_EQ(a->i_nlink, 1);
	KT_EQ(a->i_blkbits, 12);
	KT_ASSERT(a->i_mapping == &a->i_data && a->i_data.host == a, "mapping");
	KT_ASSERT(!inode_unhashed(a), "not hashed");
	a->i_mode = S_IFREG;
	unlock_new_inode(a);
	KT_ASSERT(!(kt_state(a) & I_NEW), "still I_NEW");
	/* found again: the same inode, one more reference */
	KT_ASSERT(iget_locked(&sb, 42) == a, "second iget_locked");
	KT_EQ(atomic_read(&a->i_count), 2);
	KT_ASSERT(ilookup(&sb, 42) == a, "ilookup");
	KT_EQ(atomic_read(&a->i_count), 3);
	KT_ASSERT(ilookup(&sb, 43) == NULL, "ilookup of a number not there");
	KT_ASSERT(find_inode_by_ino_rcu(&sb, 42) == a, "find_inode_by_ino_rcu");
	KT_EQ(atomic_read(&a->i_count), 3);	/* no reference */
	KT_ASSERT(find_inode_nowait(&sb, 42, kt_match_ino, NULL) == a, "find_inode_nowait");
	iput(a);
	iput(a);
	iput(a);
	KT_EQ(atomic_read(&a->i_count), 0);	/* cached: SB_ACTIVE, hashed, linked */
	/* iunique() skips a hashed number */
	KT_ASSERT(iunique(&sb, 41) != 42, "iunique returned a used number");

	/* insert_inode_locked(): a live inode with the number: -EBUSY */
	b = new_inode(&sb);
	KT_ASSERT(b != NULL, "new_inode");
	KT_ASSERT(inode_unhashed(b), "new_inode hashed");
	b->i_ino = 42;
	KT_EQ(insert_inode_locked(b), -EBUSY);
	b->i_ino = 43;
	KT_EQ(insert_inode_locked(b), 0);
	KT_ASSERT((kt_state(b) & (I_NEW | I_CREATING)) == (I_NEW | I_CREATING), "b's state");
	/* an inode still being created is not found */
	KT_ASSERT(ilookup(&sb, 43) == NULL, "found an I_CREATING inode");
	unlock_new_inode(b);
	KT_ASSERT(ilookup(&sb, 43) == b, "ilookup after unlock");
	iput(b);

	/* iget5_locked(): by the file system's key */
	c = iget5_locked(&sb, 100, kt_test_key, kt_set_key, &key);
	KT_ASSERT(c && container_of(c, struct kt_inode, vfs)->key == 7, "iget5_locked");
	KT_ASSERT(kt_state(c) & I_NEW, "iget5 not new");
	unlock_new_inode(c);
	KT_ASSERT(iget5_locked(&sb, 100, kt_test_key, kt_set_key, &key) == c, "iget5 again");
	KT_EQ(kt_allocs, 3);	/* the lookup found it before allocating */
	KT_ASSERT(ilookup5(&sb, 100, kt_test_key, &other) == NULL, "ilookup5 other key");
	KT_ASSERT(kt_ilookup5_nowait(&sb, 100, kt_test_key, &key) == c, "ilookup5_nowait");
	KT_ASSERT(find_inode_rcu(&sb, 100, kt_test_key, &key) == c, "find_inode_rcu");
	KT_EQ(atomic_read(&c->i_count), 3);
	/* insert_inode_locked4() with a key in use: -EBUSY, nothing hashed */
	d = new_inode(&sb);
	container_of(d, struct kt_inode, vfs)->key = 7;
	KT_EQ(insert_inode_locked4(d, 100, kt_test_key, &key), -EBUSY);
	KT_EQ(insert_inode_locked4(d, 100, kt_test_key, &other), 0);
	KT_ASSERT(!(kt_state(d) & I_CREATING) || (kt_state(d) & I_NEW), "d's state");
	/* a failed read: bad, unhashed, and gone at iput (unhashed: dropped) */
	iget_failed(d);
	KT_EQ(kt_evicts, 1);
	KT_EQ(kt_frees, 1);
	iput(c);
	iput(c);
	iput(c);
	/* unused but cached (SB_ACTIVE, linked, hashed): not evicted yet */
	KT_EQ(kt_evicts, 1);
	KT_ASSERT(kt_state(c) & I_REFERENCED, "cached inode not referenced");
	/* unlinked: the last iput() (new_inode()'s reference) evicts it */
	KT_EQ(atomic_read(&b->i_count), 1);
	clear_nlink(b);
	iput(b);
	KT_EQ(kt_evicts, 2);
	KT_ASSERT(ilookup(&sb, 43) == NULL, "evicted inode found");
	/* unmount: the cached ones (42 and c) go */
	evict_inodes(&sb);
	KT_EQ(kt_evicts, 4);
	KT_EQ(kt_frees, 4);
	KT_ASSERT(list_empty(&sb.s_inodes), "inodes left on the super block");
	return 0;
}

KTEST(fs_cov6, bad_and_discarded_inodes)
{
	static struct super_block sb;
	struct inode *a;

	kt_sb_init(&sb);	/* the shim allocates and frees these */
	sb.s_flags = SB_ACTIVE;
	a = iget_locked(&sb, 9);
	KT_ASSERT(!is_bad_inode(a), "a new inode is bad");
	ihold(a);
	make_bad_inode(a);
	KT_ASSERT(is_bad_inode(a), "make_bad_inode");
	KT_ASSERT(S_ISREG(a->i_mode), "a bad inode is a regular file");
	KT_ASSERT(inode_unhashed(a), "a bad inode stays hashed");
	KT_EQ(a->i_fop->open(a, NULL), -EIO);
	iput(a);
	discard_new_inode(a);	/* unhashed: freed at its last reference */
	KT_ASSERT(ilookup(&sb, 9) == NULL, "discarded inode found");
	KT_ASSERT(list_empty(&sb.s_inodes), "discarded inode on the list");
	KT_EQ(generic_delete_inode(NULL), 1);
	return 0;
}

KTEST(fs_cov6, inode_ids)
{
	static struct super_block sb;
	struct inode node = { .i_mode = S_IFCHR };
	struct inode on_sb = { .i_sb = &sb };

	sb.s_user_ns = &init_user_ns;
	KT_ASSERT(i_user_ns(&node) == &init_user_ns, "a node without a super block");
	KT_ASSERT(i_user_ns(&on_sb) == &init_user_ns, "the super block's namespace");
	i_uid_write(&on_sb, 1000);
	i_gid_write(&on_sb, 100);
	KT_EQ(__kuid_val(on_sb.i_uid), 1000);
	KT_EQ(__kgid_val(on_sb.i_gid), 100);
	KT_EQ(i_uid_read(&on_sb), 1000);
	KT_EQ(i_gid_read(&on_sb), 100);
	/* (uid_t)-1 is mapped by no namespace: invalid, read back as -1 */
	i_uid_write(&node, (uid_t)-1);
	KT_ASSERT(!uid_valid(node.i_uid), "-1 mapped");
	KT_EQ(i_uid_read(&node), (uid_t)-1);
	return 0;
}

KTEST(fs_cov6, seq_user_ns)
{
	struct seq_file m = { 0 };

	/* every reader is in the one namespace, whose ids map to themselves */
	KT_ASSERT(seq_user_ns(&m) == &init_user_ns, "seq_user_ns");
	KT_EQ(from_kuid_munged(seq_user_ns(&m), KUIDT_INIT(1000)), 1000);
	return 0;
}
