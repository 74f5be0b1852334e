// SPDX-License-Identifier: GPL-2.0
/*
 * inode.c - an inode's link count and dirty state (the kernel's
 * fs/inode.c, fs/fs-writeback.c). Nothing writes a shim inode back:
 * marking it dirty only records the flags in i_state.
 */
#include <linux/bug.h>
#include <linux/fs.h>
#include <linux/hash.h>
#include <linux/minmax.h>
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

void iput(struct inode *inode)
{
	QDK_UNMODELLED(iput, "user space has no inode cache");
}

void ihold(struct inode *inode)
{
	QDK_UNMODELLED(ihold, "user space has no inode cache");
}

struct inode *new_inode(struct super_block *sb)
{
	QDK_UNMODELLED(new_inode, "user space has no super blocks");
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
struct inode *iget_locked(struct super_block *sb, unsigned long ino)
#else
struct inode *iget_locked(struct super_block *sb, u64 ino)
#endif
{
	QDK_UNMODELLED(iget_locked, "user space has no inode cache");
}

void unlock_new_inode(struct inode *inode)
{
	QDK_UNMODELLED(unlock_new_inode, "user space has no inode cache");
}

int file_update_time(struct file *file)
{
	QDK_UNMODELLED(file_update_time, "user space has no file systems");
}

int generic_delete_inode(struct inode *inode)
{
	QDK_UNMODELLED(generic_delete_inode, "user space has no inode cache");
}

void make_bad_inode(struct inode *inode)
{
	QDK_UNMODELLED(make_bad_inode, "user space has no file systems");
}

bool is_bad_inode(struct inode *inode)
{
	QDK_UNMODELLED(is_bad_inode, "user space has no file systems");
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

/*
 * The kernel's counter goes on until a number is free in sb's inode hash;
 * the shim hashes no inode, so the next number above max_reserved is free.
 */
ino_t iunique(struct super_block *sb, ino_t max_reserved)
{
	static DEFINE_SPINLOCK(iunique_lock);
	static unsigned int counter;
	ino_t res;

	spin_lock(&iunique_lock);
	if (counter <= max_reserved)
		counter = max_reserved + 1;
	res = counter++;
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
 * The inode hash: a table of chains by super block and number, as the
 * kernel's inode_hashtable. The shim finds nothing in it itself (no iget),
 * but an inode on it is hashed for inode_unhashed() and its removal.
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
