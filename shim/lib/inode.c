// SPDX-License-Identifier: GPL-2.0
/*
 * inode.c - the inode cache of a super block (allocation, the hash,
 * lookups, iput() to eviction), an inode's link count and dirty state (the
 * kernel's fs/inode.c, fs/fs-writeback.c). Nothing writes a shim inode
 * back: marking it dirty only records the flags in i_state.
 *
 * Why one file past 800 lines: the kernel's fs/inode.c holds the same
 * cache and life cycle; what it shares with fs-writeback.c (the dirty
 * state) is a few functions that only make sense beside it.
 */
#include <linux/bug.h>
#include <linux/export.h>
#include <linux/fs.h>
#include <linux/hash.h>
#include <linux/minmax.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <qdk/unmodelled.h>

void clear_nlink(struct inode *inode)
{
	if (inode->i_nlink)
		inode->__i_nlink = 0;
}

void set_nlink(struct inode *inode, unsigned int nlink)
{
	if (!nlink)
		clear_nlink(inode);
	else
		inode->__i_nlink = nlink;
}

void inc_nlink(struct inode *inode)
{
	inode->__i_nlink++;
}

/* dropping a link the inode does not have is a file system's bug */
void drop_nlink(struct inode *inode)
{
	WARN_ON(inode->i_nlink == 0);
	inode->__i_nlink--;
}

void __mark_inode_dirty(struct inode *inode, int flags)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	inode->i_state |= flags;
#else
	inode->i_state.__state |= flags;
#endif
}

/* inode numbers for pseudo files: never 0, as the kernel's */
unsigned int get_next_ino(void)
{
	static unsigned int last_ino;

	if (unlikely(!++last_ino))
		++last_ino;
	return last_ino;
}

/*
 * Now for a timestamp: the coarse realtime clock, cut to the super block's
 * granularity (the shim's inodes have none: nanoseconds).
 */
struct timespec64 current_time(struct inode *inode)
{
	struct timespec64 now;
	u32 gran = inode->i_sb ? inode->i_sb->s_time_gran : 1;

	ktime_get_coarse_real_ts64(&now);
	if (gran > 1 && gran <= NSEC_PER_SEC)
		now.tv_nsec -= now.tv_nsec % gran;
	return now;
}

int current_umask(void)
{
	return 0022;
}

int file_update_time(struct file *file)
{
	QDK_UNMODELLED(file_update_time, "user space has no file systems");
}

/* drop_inode() that never keeps an inode cached */
int generic_delete_inode(struct inode *inode)
{
	return 1;
}

struct inode *igrab(struct inode *inode)
{
	struct inode *ret = inode;
	unsigned long state;

	spin_lock(&inode->i_lock);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	state = inode->i_state;
#else
	state = inode->i_state.__state;
#endif
	if (state & (I_FREEING | I_WILL_FREE))
		ret = NULL;	/* on its way out: no new reference */
	else
		__iget(inode);
	spin_unlock(&inode->i_lock);
	return ret;
}

/* a number above max_reserved no hashed inode of sb has */
static bool inode_number_used(struct super_block *sb, ino_t ino);

ino_t iunique(struct super_block *sb, ino_t max_reserved)
{
	static DEFINE_SPINLOCK(iunique_lock);
	static unsigned int counter;
	ino_t res;

	spin_lock(&iunique_lock);
	do {
		if (counter <= max_reserved)
			counter = max_reserved + 1;
		res = counter++;
	} while (inode_number_used(sb, res));
	spin_unlock(&iunique_lock);
	return res;
}

int inode_needs_sync(struct inode *inode)
{
	if (IS_SYNC(inode))
		return 1;
	if (S_ISDIR(inode->i_mode) && IS_DIRSYNC(inode))
		return 1;
	return 0;
}

/* only an inode being freed, and only once, is cleared */
void clear_inode(struct inode *inode)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	BUG_ON(!(inode->i_state & I_FREEING));
	BUG_ON(inode->i_state & I_CLEAR);
	inode->i_state = I_FREEING | I_CLEAR;
#else
	BUG_ON(!(inode->i_state.__state & I_FREEING));
	BUG_ON(inode->i_state.__state & I_CLEAR);
	inode->i_state.__state = I_FREEING | I_CLEAR;
#endif
}

/* flags outside mask are the caller's bug: they are dropped */
void inode_set_flags(struct inode *inode, unsigned int flags, unsigned int mask)
{
	unsigned int old;

	WARN_ON_ONCE(flags & ~mask);
	do {
		old = READ_ONCE(inode->i_flags);
	} while (cmpxchg(&inode->i_flags, old, (old & ~mask) | (flags & mask)) != old);
}

/*
 * The shim's inodes have no super block: no range and nanosecond
 * granularity, t as it is (as current_time() does).
 */
struct timespec64 timestamp_truncate(struct timespec64 t, struct inode *inode)
{
	struct super_block *sb = inode->i_sb;
	unsigned int gran;

	if (!sb)
		return t;
	gran = sb->s_time_gran;
	t.tv_sec = clamp(t.tv_sec, sb->s_time_min, sb->s_time_max);
	/* a clamped time has no fraction */
	if (unlikely(t.tv_sec == sb->s_time_max || t.tv_sec == sb->s_time_min))
		t.tv_nsec = 0;
	if (gran == 1)
		;
	else if (gran == NSEC_PER_SEC)
		t.tv_nsec = 0;
	else if (gran > 1 && gran < NSEC_PER_SEC)
		t.tv_nsec -= t.tv_nsec % gran;
	else
		WARN(1, "invalid file time granularity: %u", gran);
	return t;
}


/*
 * The inode hash: a table of chains by super block and number (or a file
 * system's hash value), as the kernel's inode_hashtable.
 */
#define QDK_INODE_HASH_BITS	8
static struct hlist_head inode_hashtable[1 << QDK_INODE_HASH_BITS];
static DEFINE_SPINLOCK(inode_hash_lock);

static struct hlist_head *inode_hash_head(struct super_block *sb, u64 hashval)
{
	return &inode_hashtable[hash_64((unsigned long)sb ^ hashval, QDK_INODE_HASH_BITS)];
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
void __insert_inode_hash(struct inode *inode, unsigned long hashval)
#else
void __insert_inode_hash(struct inode *inode, u64 hashval)
#endif
{
	struct hlist_head *head = inode_hash_head(inode->i_sb, hashval);

	spin_lock(&inode_hash_lock);
	spin_lock(&inode->i_lock);
	hlist_add_head(&inode->i_hash, head);
	spin_unlock(&inode->i_lock);
	spin_unlock(&inode_hash_lock);
}

void __remove_inode_hash(struct inode *inode)
{
	spin_lock(&inode_hash_lock);
	spin_lock(&inode->i_lock);
	hlist_del_init(&inode->i_hash);
	spin_unlock(&inode->i_lock);
	spin_unlock(&inode_hash_lock);
}

/* what the kernel's slab constructor of inodes does: zeroed, lists and locks ready */
void inode_init_once(struct inode *inode)
{
	memset(inode, 0, sizeof(*inode));
	INIT_HLIST_NODE(&inode->i_hash);
	INIT_LIST_HEAD(&inode->i_devices);
	INIT_LIST_HEAD(&inode->i_sb_list);
	spin_lock_init(&inode->i_lock);
	init_rwsem(&inode->i_rwsem);
	init_rwsem(&inode->i_data.i_mmap_rwsem);
	init_rwsem(&inode->i_data.invalidate_lock);
	xa_init_flags(&inode->i_data.i_pages, XA_FLAGS_LOCK_IRQ | XA_FLAGS_ACCOUNT);
	inode->i_data.i_mmap = RB_ROOT_CACHED;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	spin_lock_init(&inode->i_data.private_lock);
	INIT_LIST_HEAD(&inode->i_data.private_list);
#else
	spin_lock_init(&inode->i_data.i_private_lock);
#endif
}

struct timespec64 inode_set_ctime_current(struct inode *inode)
{
	return inode_set_ctime_to_ts(inode, current_time(inode));
}

/*
 * Direct I/O drains when its count is 0. With I/O in flight the kernel's
 * caller sleeps until inode_dio_end() of another task; the shim's one
 * thread has none to run: the uninterruptible wait warns and returns, the
 * interruptible one returns as a signal would end it.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
bool inode_dio_finished(const struct inode *inode)
{
	return atomic_read(&inode->i_dio_count) == 0;
}

void inode_dio_wait_interruptible(struct inode *inode)
{
}
#endif

void inode_dio_wait(struct inode *inode)
{
	WARN(atomic_read(&inode->i_dio_count),
	     "inode_dio_wait(): direct I/O in flight would be waited for forever\n");
}

/*
 * Two inodes (or mappings) locked in address order, the second with
 * lockdep's subclass for a second lock of the class; one given twice, or a
 * NULL, is locked once. 6.1 skips directories, later series warn.
 */
void lock_two_nondirectories(struct inode *inode1, struct inode *inode2)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (inode1)
		WARN_ON_ONCE(S_ISDIR(inode1->i_mode));
	if (inode2)
		WARN_ON_ONCE(S_ISDIR(inode2->i_mode));
#else
	if (inode1 && S_ISDIR(inode1->i_mode))
		inode1 = NULL;
	if (inode2 && S_ISDIR(inode2->i_mode))
		inode2 = NULL;
#endif
	if (inode1 > inode2)
		swap(inode1, inode2);
	if (inode1)
		inode_lock(inode1);
	if (inode2 && inode2 != inode1)
		inode_lock_nested(inode2, I_MUTEX_NONDIR2);
}

void unlock_two_nondirectories(struct inode *inode1, struct inode *inode2)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (inode1)
		WARN_ON_ONCE(S_ISDIR(inode1->i_mode));
	if (inode2)
		WARN_ON_ONCE(S_ISDIR(inode2->i_mode));
#else
	if (inode1 && S_ISDIR(inode1->i_mode))
		inode1 = NULL;
	if (inode2 && S_ISDIR(inode2->i_mode))
		inode2 = NULL;
#endif
	if (inode1)
		inode_unlock(inode1);
	if (inode2 && inode2 != inode1)
		inode_unlock(inode2);
}

void filemap_invalidate_lock_two(struct address_space *mapping1,
				 struct address_space *mapping2)
{
	if (mapping1 > mapping2)
		swap(mapping1, mapping2);
	if (mapping1)
		down_write(&mapping1->invalidate_lock);
	if (mapping2 && mapping1 != mapping2)
		down_write_nested(&mapping2->invalidate_lock, 1);
}

void filemap_invalidate_unlock_two(struct address_space *mapping1,
				   struct address_space *mapping2)
{
	if (mapping1)
		up_write(&mapping1->invalidate_lock);
	if (mapping2 && mapping1 != mapping2)
		up_write(&mapping2->invalidate_lock);
}

void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev)
{
	inode->i_mode = mode;
	switch (mode & S_IFMT) {
	case S_IFCHR:
		inode->i_fop = &def_chr_fops;
		inode->i_rdev = rdev;
		break;
	case S_IFBLK:
		/* no block layer: no def_blk_fops */
		inode->i_rdev = rdev;
		break;
	case S_IFIFO:
	case S_IFSOCK:
		break;
	default:
		pr_debug("init_special_inode: bogus i_mode (%o) for inode %lu\n", mode,
			 (unsigned long)inode->i_ino);
		break;
	}
}

void inode_nohighmem(struct inode *inode)
{
	inode->i_mapping->gfp_mask = GFP_USER;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int inode_just_drop(struct inode *inode)
{
	return 1;
}

/* a reference that was the last, or an inode on its way out, is the caller's bug */
void iput_not_last(struct inode *inode)
{
	BUG_ON(inode_state_read_once(inode) & (I_FREEING | I_CLEAR));
	BUG_ON(icount_read_once(inode) < 2);
	WARN_ON(atomic_sub_return(1, &inode->i_count) == 0);
}
#endif

/* ---- the inode cache -------------------------------------------------------- */

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define QDK_ISTATE(inode)	((inode)->i_state)
#else
#define QDK_ISTATE(inode)	((inode)->i_state.__state)
#endif

static const struct inode_operations empty_iops;

/* a new inode's file operations until the file system sets its own */
static int no_open(struct inode *inode, struct file *file)
{
	return -ENXIO;
}

static const struct file_operations no_open_fops = {
	.open = no_open,
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int inode_init_always(struct super_block *sb, struct inode *inode)
#else
int inode_init_always_gfp(struct super_block *sb, struct inode *inode, gfp_t gfp)
#endif
{
	struct address_space *const mapping = &inode->i_data;

	inode->i_sb = sb;
	inode->i_blkbits = sb->s_blocksize_bits;
	inode->i_flags = 0;
	inode->i_opflags = 0;
	QDK_ISTATE(inode) = 0;
	atomic_set(&inode->i_count, 1);
	inode->i_op = &empty_iops;
	inode->i_fop = &no_open_fops;
	inode->i_ino = 0;
	inode->__i_nlink = 1;
	inode->i_uid = GLOBAL_ROOT_UID;
	inode->i_gid = GLOBAL_ROOT_GID;
	atomic_set(&inode->i_writecount, 0);
	atomic_set(&inode->i_readcount, 0);
	atomic_set(&inode->i_dio_count, 0);
	inode->i_size = 0;
	inode->i_blocks = 0;
	inode->i_bytes = 0;
	inode->i_generation = 0;
	inode->i_rdev = 0;
	inode->i_cdev = NULL;
	inode->i_link = NULL;
	inode->i_private = NULL;
	mapping->a_ops = &empty_aops;
	mapping->host = inode;
	mapping->flags = 0;
	mapping->wb_err = 0;
	mapping->gfp_mask = GFP_HIGHUSER_MOVABLE;
	mapping->nrpages = 0;
	mapping->writeback_index = 0;
	inode->i_mapping = mapping;
	return 0;
}
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
EXPORT_SYMBOL(inode_init_always);
#else
EXPORT_SYMBOL(inode_init_always_gfp);
#endif

/* what the kernel releases of an inode before freeing it: nothing the shim keeps */
void __destroy_inode(struct inode *inode)
{
	WARN_ON(!hlist_unhashed(&inode->i_hash) && !hlist_fake(&inode->i_hash));
}
EXPORT_SYMBOL(__destroy_inode);

/* an inode the shim allocated (no alloc_inode() of the file system) */
void free_inode_nonrcu(struct inode *inode)
{
	kfree(inode);
}
EXPORT_SYMBOL(free_inode_nonrcu);

static void destroy_inode(struct inode *inode)
{
	const struct super_operations *ops = inode->i_sb->s_op;

	__destroy_inode(inode);
	if (ops && ops->destroy_inode) {
		ops->destroy_inode(inode);
		if (!ops->free_inode)
			return;
	}
	/* the kernel frees after an RCU grace period; no reader outlives the call here */
	if (ops && ops->free_inode)
		ops->free_inode(inode);
	else
		free_inode_nonrcu(inode);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static
#endif
struct inode *alloc_inode(struct super_block *sb)
{
	const struct super_operations *ops = sb->s_op;
	struct inode *inode;

	if (ops && ops->alloc_inode) {
		inode = ops->alloc_inode(sb);
	} else {
		inode = kmalloc(sizeof(*inode), GFP_KERNEL);
		if (inode)
			inode_init_once(inode);
	}
	if (!inode)
		return NULL;
	if (unlikely(inode_init_always(sb, inode))) {
		if (ops && ops->destroy_inode) {
			ops->destroy_inode(inode);
			if (!ops->free_inode)
				return NULL;
		}
		if (ops && ops->free_inode)
			ops->free_inode(inode);
		else
			free_inode_nonrcu(inode);
		return NULL;
	}
	return inode;
}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
EXPORT_SYMBOL(alloc_inode);
#endif

/* a super block the shim did not set up (no sget()) gets its list at its first inode */
void inode_sb_list_add(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;

	if (!sb->s_inodes.next) {
		INIT_LIST_HEAD(&sb->s_inodes);
		spin_lock_init(&sb->s_inode_list_lock);
	}
	spin_lock(&sb->s_inode_list_lock);
	list_add(&inode->i_sb_list, &sb->s_inodes);
	spin_unlock(&sb->s_inode_list_lock);
}
EXPORT_SYMBOL_GPL(inode_sb_list_add);

static void inode_sb_list_del(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;

	if (list_empty(&inode->i_sb_list))
		return;
	spin_lock(&sb->s_inode_list_lock);
	list_del_init(&inode->i_sb_list);
	spin_unlock(&sb->s_inode_list_lock);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
struct inode *new_inode_pseudo(struct super_block *sb)
{
	return alloc_inode(sb);
}
EXPORT_SYMBOL(new_inode_pseudo);
#endif

struct inode *new_inode(struct super_block *sb)
{
	struct inode *inode = new_inode_pseudo(sb);

	if (inode)
		inode_sb_list_add(inode);
	return inode;
}
EXPORT_SYMBOL(new_inode);

/* off its super block's list, emptied by the file system, unhashed, freed */
static void evict(struct inode *inode)
{
	const struct super_operations *op = inode->i_sb->s_op;

	BUG_ON(!(QDK_ISTATE(inode) & I_FREEING));
	inode_sb_list_del(inode);
	if (op && op->evict_inode) {
		op->evict_inode(inode);
	} else {
		/* the shim's mappings hold no pages: nothing to truncate */
		clear_inode(inode);
	}
	remove_inode_hash(inode);
	destroy_inode(inode);
}

static void iput_final(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;
	const struct super_operations *op = sb->s_op;
	int drop;

	if (op && op->drop_inode)
		drop = op->drop_inode(inode);
	else
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
		drop = generic_drop_inode(inode);
#else
		drop = inode_generic_drop(inode);
#endif
	if (!drop && !(QDK_ISTATE(inode) & I_DONTCACHE) && (sb->s_flags & SB_ACTIVE)) {
		/* cached: a later lookup finds it, evict_inodes() ends it */
		QDK_ISTATE(inode) |= I_REFERENCED;
		spin_unlock(&inode->i_lock);
		return;
	}
	QDK_ISTATE(inode) |= I_FREEING;
	spin_unlock(&inode->i_lock);
	evict(inode);
}

void iput(struct inode *inode)
{
	if (!inode)
		return;
	BUG_ON(QDK_ISTATE(inode) & I_CLEAR);
	/* the shim's own nodes (no super block) belong to its VFS: only the count */
	if (!inode->i_sb) {
		WARN_ON(atomic_dec_return(&inode->i_count) < 0);
		return;
	}
	if (atomic_dec_and_lock(&inode->i_count, &inode->i_lock))
		iput_final(inode);
}
EXPORT_SYMBOL(iput);

/* a further reference: the caller must hold one */
void ihold(struct inode *inode)
{
	WARN_ON(atomic_inc_return(&inode->i_count) < 2);
}
EXPORT_SYMBOL(ihold);

/*
 * The kernel sleeps until the creator's unlock_new_inode(); the shim's one
 * task is that creator, which has not unlocked it: a bug in the caller.
 */
static void wait_on_inode(struct inode *inode)
{
	WARN_ONCE(QDK_ISTATE(inode) & I_NEW,
		  "waits for inode %lu, which is still I_NEW (no other task to unlock it)",
		  (unsigned long)inode->i_ino);
}

/*
 * Under inode_hash_lock: the live inode test() matches, referenced; an
 * inode still being created (I_CREATING) is -ESTALE, one being freed is
 * skipped (the kernel waits for it to go).
 */
static struct inode *find_inode(struct super_block *sb, struct hlist_head *head,
				int (*test)(struct inode *, void *), void *data)
{
	struct inode *inode;

	hlist_for_each_entry(inode, head, i_hash) {
		if (inode->i_sb != sb || !test(inode, data))
			continue;
		spin_lock(&inode->i_lock);
		if (QDK_ISTATE(inode) & (I_FREEING | I_WILL_FREE)) {
			spin_unlock(&inode->i_lock);
			continue;
		}
		if (unlikely(QDK_ISTATE(inode) & I_CREATING)) {
			spin_unlock(&inode->i_lock);
			return ERR_PTR(-ESTALE);
		}
		__iget(inode);
		spin_unlock(&inode->i_lock);
		return inode;
	}
	return NULL;
}

static int test_ino(struct inode *inode, void *data)
{
	return inode->i_ino == *(__qdk_hashval_t *)data;
}

static bool inode_number_used(struct super_block *sb, ino_t ino)
{
	struct hlist_head *head = inode_hash_head(sb, ino);
	struct inode *inode;
	bool used = false;

	spin_lock(&inode_hash_lock);
	hlist_for_each_entry(inode, head, i_hash) {
		if (inode->i_sb == sb && inode->i_ino == ino) {
			used = true;
			break;
		}
	}
	spin_unlock(&inode_hash_lock);
	return used;
}

/* a found inode, waited for; NULL when it went meanwhile (the caller looks again) */
static struct inode *found_inode(struct inode *inode, bool *again)
{
	*again = false;
	if (IS_ERR_OR_NULL(inode))
		return NULL;
	wait_on_inode(inode);
	if (unlikely(inode_unhashed(inode))) {
		iput(inode);
		*again = true;
		return NULL;
	}
	return inode;
}

struct inode *inode_insert5(struct inode *inode, __qdk_hashval_t hashval,
			    int (*test)(struct inode *, void *),
			    int (*set)(struct inode *, void *), void *data)
{
	struct hlist_head *head = inode_hash_head(inode->i_sb, hashval);
	struct inode *old;
	bool again;

	do {
		spin_lock(&inode_hash_lock);
		old = find_inode(inode->i_sb, head, test, data);
		if (!old)
			break;
		spin_unlock(&inode_hash_lock);
		if (IS_ERR(old))
			return NULL;
		old = found_inode(old, &again);
		if (old)
			return old;
	} while (again);
	if (set && set(inode, data)) {
		inode = NULL;
		goto unlock;
	}
	spin_lock(&inode->i_lock);
	QDK_ISTATE(inode) |= I_NEW;
	hlist_add_head(&inode->i_hash, head);
	spin_unlock(&inode->i_lock);
	if (list_empty(&inode->i_sb_list))
		inode_sb_list_add(inode);
unlock:
	spin_unlock(&inode_hash_lock);
	return inode;
}
EXPORT_SYMBOL(inode_insert5);

struct inode *iget5_locked(struct super_block *sb, __qdk_hashval_t hashval,
			   int (*test)(struct inode *, void *),
			   int (*set)(struct inode *, void *), void *data)
{
	struct inode *inode = ilookup5(sb, hashval, test, data);
	struct inode *new;

	if (inode)
		return inode;
	new = alloc_inode(sb);
	if (!new)
		return NULL;
	inode = inode_insert5(new, hashval, test, set, data);
	if (unlikely(inode != new))
		destroy_inode(new);
	return inode;
}
EXPORT_SYMBOL(iget5_locked);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct inode *iget5_locked_rcu(struct super_block *sb, __qdk_hashval_t hashval,
			       int (*test)(struct inode *, void *),
			       int (*set)(struct inode *, void *), void *data)
{
	return iget5_locked(sb, hashval, test, set, data);
}
EXPORT_SYMBOL_GPL(iget5_locked_rcu);
#endif

struct inode *iget_locked(struct super_block *sb, __qdk_hashval_t ino)
{
	struct inode *inode = ilookup(sb, ino);

	if (inode)
		return inode;
	inode = alloc_inode(sb);
	if (!inode)
		return NULL;
	spin_lock(&inode_hash_lock);
	inode->i_ino = ino;
	spin_lock(&inode->i_lock);
	QDK_ISTATE(inode) = I_NEW;
	hlist_add_head(&inode->i_hash, inode_hash_head(sb, ino));
	spin_unlock(&inode->i_lock);
	inode_sb_list_add(inode);
	spin_unlock(&inode_hash_lock);
	return inode;
}
EXPORT_SYMBOL(iget_locked);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
struct inode *ilookup5_nowait(struct super_block *sb, unsigned long hashval,
			      int (*test)(struct inode *, void *), void *data)
#else
struct inode *ilookup5_nowait(struct super_block *sb, u64 hashval,
			      int (*test)(struct inode *, void *), void *data, bool *isnew)
#endif
{
	struct inode *inode;

	spin_lock(&inode_hash_lock);
	inode = find_inode(sb, inode_hash_head(sb, hashval), test, data);
	spin_unlock(&inode_hash_lock);
	if (IS_ERR(inode))
		return NULL;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
	if (inode)
		*isnew = !!(QDK_ISTATE(inode) & I_NEW);
#endif
	return inode;
}
EXPORT_SYMBOL(ilookup5_nowait);

struct inode *ilookup5(struct super_block *sb, __qdk_hashval_t hashval,
		       int (*test)(struct inode *, void *), void *data)
{
	struct inode *inode;
	bool again;

	do {
		spin_lock(&inode_hash_lock);
		inode = find_inode(sb, inode_hash_head(sb, hashval), test, data);
		spin_unlock(&inode_hash_lock);
		inode = found_inode(inode, &again);
	} while (again);
	return inode;
}
EXPORT_SYMBOL(ilookup5);

struct inode *ilookup(struct super_block *sb, __qdk_hashval_t ino)
{
	return ilookup5(sb, ino, test_ino, &ino);
}
EXPORT_SYMBOL(ilookup);

struct inode *find_inode_nowait(struct super_block *sb, __qdk_hashval_t hashval,
				int (*match)(struct inode *, __qdk_hashval_t, void *),
				void *data)
{
	struct inode *inode, *ret = NULL;
	int mval;

	spin_lock(&inode_hash_lock);
	hlist_for_each_entry(inode, inode_hash_head(sb, hashval), i_hash) {
		if (inode->i_sb != sb)
			continue;
		mval = match(inode, hashval, data);
		if (mval == 0)
			continue;
		if (mval == 1)
			ret = inode;
		break;
	}
	spin_unlock(&inode_hash_lock);
	return ret;
}
EXPORT_SYMBOL(find_inode_nowait);

struct inode *find_inode_rcu(struct super_block *sb, __qdk_hashval_t hashval,
			     int (*test)(struct inode *, void *), void *data)
{
	struct inode *inode;

	hlist_for_each_entry(inode, inode_hash_head(sb, hashval), i_hash) {
		if (inode->i_sb == sb && !(QDK_ISTATE(inode) & (I_FREEING | I_WILL_FREE)) &&
		    test(inode, data))
			return inode;
	}
	return NULL;
}
EXPORT_SYMBOL(find_inode_rcu);

struct inode *find_inode_by_ino_rcu(struct super_block *sb, __qdk_hashval_t ino)
{
	return find_inode_rcu(sb, ino, test_ino, &ino);
}
EXPORT_SYMBOL(find_inode_by_ino_rcu);

int insert_inode_locked(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;
	__qdk_hashval_t ino = inode->i_ino;
	struct hlist_head *head = inode_hash_head(sb, ino);
	struct inode *old;

	for (;;) {
		spin_lock(&inode_hash_lock);
		hlist_for_each_entry(old, head, i_hash) {
			if (old->i_ino != ino || old->i_sb != sb)
				continue;
			spin_lock(&old->i_lock);
			if (QDK_ISTATE(old) & (I_FREEING | I_WILL_FREE)) {
				spin_unlock(&old->i_lock);
				continue;
			}
			break;
		}
		if (likely(!old)) {
			spin_lock(&inode->i_lock);
			QDK_ISTATE(inode) |= I_NEW | I_CREATING;
			hlist_add_head(&inode->i_hash, head);
			spin_unlock(&inode->i_lock);
			spin_unlock(&inode_hash_lock);
			return 0;
		}
		if (unlikely(QDK_ISTATE(old) & I_CREATING)) {
			spin_unlock(&old->i_lock);
			spin_unlock(&inode_hash_lock);
			return -EBUSY;
		}
		__iget(old);
		spin_unlock(&old->i_lock);
		spin_unlock(&inode_hash_lock);
		wait_on_inode(old);
		if (unlikely(!inode_unhashed(old))) {
			iput(old);
			return -EBUSY;
		}
		iput(old);
	}
}
EXPORT_SYMBOL(insert_inode_locked);

int insert_inode_locked4(struct inode *inode, __qdk_hashval_t hashval,
			 int (*test)(struct inode *, void *), void *data)
{
	struct inode *old;

	might_sleep();
	spin_lock(&inode->i_lock);
	QDK_ISTATE(inode) |= I_CREATING;
	spin_unlock(&inode->i_lock);
	old = inode_insert5(inode, hashval, test, NULL, data);
	if (old != inode) {
		iput(old);
		return -EBUSY;
	}
	return 0;
}
EXPORT_SYMBOL(insert_inode_locked4);

void unlock_new_inode(struct inode *inode)
{
	spin_lock(&inode->i_lock);
	WARN_ON(!(QDK_ISTATE(inode) & I_NEW));
	QDK_ISTATE(inode) &= ~(I_NEW | I_CREATING);
	spin_unlock(&inode->i_lock);
}
EXPORT_SYMBOL(unlock_new_inode);

void discard_new_inode(struct inode *inode)
{
	unlock_new_inode(inode);
	iput(inode);
}
EXPORT_SYMBOL(discard_new_inode);

void iget_failed(struct inode *inode)
{
	make_bad_inode(inode);
	unlock_new_inode(inode);
	iput(inode);
}
EXPORT_SYMBOL(iget_failed);

/* the unused inodes of sb (count 0, not new, not going) are evicted */
void evict_inodes(struct super_block *sb)
{
	struct inode *inode;
	bool found;

	if (!sb->s_inodes.next)
		return;
	do {
		found = false;
		spin_lock(&sb->s_inode_list_lock);
		list_for_each_entry(inode, &sb->s_inodes, i_sb_list) {
			if (atomic_read(&inode->i_count))
				continue;
			spin_lock(&inode->i_lock);
			if (QDK_ISTATE(inode) & (I_NEW | I_FREEING | I_WILL_FREE)) {
				spin_unlock(&inode->i_lock);
				continue;
			}
			QDK_ISTATE(inode) |= I_FREEING;
			spin_unlock(&inode->i_lock);
			found = true;
			break;
		}
		spin_unlock(&sb->s_inode_list_lock);
		if (found)
			evict(inode);
	} while (found);
}
EXPORT_SYMBOL_GPL(evict_inodes);
