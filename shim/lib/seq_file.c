// SPDX-License-Identifier: GPL-2.0
/*
 * seq_file.c - sequential files (linux/seq_file.h), following fs/seq_file.c's
 * rules: a read first hands out what the buffer still holds, then makes one
 * non-empty record (start/show/next, SEQ_SKIP skipped; a record that does
 * not fit doubles the buffer and starts again), then adds records while
 * they fit and the read wants more; a read at another position than where
 * the last one ended makes the records again from the first and skips to
 * it, a read at 0 starts over. Errors from start/show end the read with
 * that error when nothing was copied. seq_read() is seq_read_iter() over
 * the user's buffer, as in the kernel.
 */
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uio.h>
#include <linux/list.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <qdk/unmodelled.h>

static void *seq_buf_alloc(size_t size)
{
	return kmalloc(size, GFP_KERNEL);
}

int seq_open(struct file *file, const struct seq_operations *op)
{
	struct seq_file *p;

	WARN_ON(file->private_data);
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	file->private_data = p;
	mutex_init(&p->lock);
	p->op = op;
	p->file = file;
	/* no pwrite() of a seq_file */
	file->f_mode &= ~FMODE_PWRITE;
	return 0;
}

/* Make the records from the first until pos; the buffer then holds pos on. */
static int traverse(struct seq_file *m, loff_t offset)
{
	loff_t pos = 0;
	int error = 0;
	void *p;

	m->index = 0;
	m->count = m->from = 0;
	if (!offset)
		return 0;
	if (!m->buf) {
		m->buf = seq_buf_alloc(m->size = PAGE_SIZE);
		if (!m->buf)
			return -ENOMEM;
	}
	p = m->op->start(m, &m->index);
	while (p) {
		error = PTR_ERR(p);
		if (IS_ERR(p))
			break;
		error = m->op->show(m, p);
		if (error < 0)
			break;
		if (unlikely(error)) {
			error = 0;
			m->count = 0;
		}
		if (seq_has_overflowed(m))
			goto Eoverflow;
		p = m->op->next(m, p, &m->index);
		if (pos + m->count > offset) {
			m->from = offset - pos;
			m->count -= m->from;
			break;
		}
		pos += m->count;
		m->count = 0;
		if (pos == offset)
			break;
	}
	m->op->stop(m, p);
	return error;

Eoverflow:
	m->op->stop(m, p);
	kfree(m->buf);
	m->count = 0;
	m->buf = seq_buf_alloc(m->size <<= 1);
	return !m->buf ? -ENOMEM : -EAGAIN;
}

/*
 * A read of the records' text at iocb->ki_pos into iter: what the buffer
 * still holds first, then records while they fit and the read wants more.
 * A read at 0 starts the records over; a read at another position than the
 * last one ended at walks the records to it (traverse()).
 */
ssize_t seq_read_iter(struct kiocb *iocb, struct iov_iter *iter)
{
	struct seq_file *m = iocb->ki_filp->private_data;
	size_t copied = 0, n;
	int err = 0;
	void *p;

	if (!iov_iter_count(iter))
		return 0;
	mutex_lock(&m->lock);
	if (iocb->ki_pos == 0) {
		m->index = 0;
		m->count = 0;
	}
	if (iocb->ki_pos != m->read_pos) {
		while ((err = traverse(m, iocb->ki_pos)) == -EAGAIN)
			;
		if (err) {
			m->read_pos = 0;
			m->index = 0;
			m->count = 0;
			goto Done;
		}
		m->read_pos = iocb->ki_pos;
	}
	if (!m->buf) {
		m->buf = seq_buf_alloc(m->size = PAGE_SIZE);
		if (!m->buf)
			goto Enomem;
	}
	/* what the buffer still holds */
	if (m->count) {
		n = copy_to_iter(m->buf + m->from, m->count, iter);
		m->count -= n;
		m->from += n;
		copied += n;
		if (m->count)	/* the read is full, or faulted */
			goto Done;
	}
	/* one non-empty record */
	m->from = 0;
	p = m->op->start(m, &m->index);
	while (1) {
		err = PTR_ERR(p);
		if (!p || IS_ERR(p))	/* the end, or an error */
			break;
		err = m->op->show(m, p);
		if (err < 0)
			break;
		if (unlikely(err))
			m->count = 0;
		if (unlikely(!m->count)) {
			p = m->op->next(m, p, &m->index);
			continue;
		}
		if (!seq_has_overflowed(m))
			goto Fill;
		/* it does not fit: twice the buffer, and again */
		m->op->stop(m, p);
		kfree(m->buf);
		m->count = 0;
		m->buf = seq_buf_alloc(m->size <<= 1);
		if (!m->buf)
			goto Enomem;
		p = m->op->start(m, &m->index);
	}
	m->op->stop(m, p);
	m->count = 0;
	goto Done;
Fill:
	/* more records while they fit and the read wants more */
	while (1) {
		size_t offs = m->count;
		loff_t pos = m->index;

		p = m->op->next(m, p, &m->index);
		if (pos == m->index) {
			pr_info("buggy .next function %ps did not update position index\n",
					    m->op->next);
			m->index++;
		}
		if (!p || IS_ERR(p))
			break;
		if (m->count >= iov_iter_count(iter))
			break;
		err = m->op->show(m, p);
		if (err > 0) {		/* SEQ_SKIP */
			m->count = offs;
		} else if (err || seq_has_overflowed(m)) {
			m->count = offs;
			break;
		}
	}
	m->op->stop(m, p);
	n = copy_to_iter(m->buf, m->count, iter);
	copied += n;
	m->count -= n;
	m->from = n;
Done:
	if (unlikely(!copied)) {
		copied = m->count ? -EFAULT : err;
	} else {
		iocb->ki_pos += copied;
		m->read_pos += copied;
	}
	mutex_unlock(&m->lock);
	return copied;
Enomem:
	err = -ENOMEM;
	goto Done;
}

/* read(2) on a seq_file: seq_read_iter() over the user buffer */
ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos)
{
	struct iovec iov = { .iov_base = buf, .iov_len = size };
	struct kiocb kiocb;
	struct iov_iter iter;
	ssize_t ret;

	init_sync_kiocb(&kiocb, file);
	iov_iter_init(&iter, ITER_DEST, &iov, 1, size);
	kiocb.ki_pos = *ppos;
	ret = seq_read_iter(&kiocb, &iter);
	*ppos = kiocb.ki_pos;
	return ret;
}

loff_t seq_lseek(struct file *file, loff_t offset, int whence)
{
	struct seq_file *m = file->private_data;
	int err;

	switch (whence) {
	case SEEK_CUR:
		offset += file->f_pos;
		fallthrough;
	case SEEK_SET:
		if (offset < 0)
			return -EINVAL;
		if (offset != m->read_pos) {
			while ((err = traverse(m, offset)) == -EAGAIN)
				;
			if (err) {
				file->f_pos = 0;
				m->read_pos = 0;
				return err;
			}
			m->read_pos = offset;
			file->f_pos = offset;
		}
		return offset;
	default:
		return -EINVAL;
	}
}

int seq_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	kfree(m->buf);
	kfree(m);
	return 0;
}

void *__seq_open_private(struct file *f, const struct seq_operations *ops, int psize)
{
	void *private = kzalloc(psize, GFP_KERNEL);
	struct seq_file *seq;

	if (!private)
		return NULL;
	if (seq_open(f, ops)) {
		kfree(private);
		return NULL;
	}
	seq = f->private_data;
	seq->private = private;
	return private;
}

int seq_open_private(struct file *filp, const struct seq_operations *ops, int psize)
{
	return __seq_open_private(filp, ops, psize) ? 0 : -ENOMEM;
}

int seq_release_private(struct inode *inode, struct file *file)
{
	struct seq_file *seq = file->private_data;

	kfree(seq->private);
	seq->private = NULL;
	return seq_release(inode, file);
}

static void *single_start(struct seq_file *p, loff_t *pos)
{
	return *pos ? NULL : (void *)1;
}

static void *single_next(struct seq_file *p, void *v, loff_t *pos)
{
	++*pos;
	return NULL;
}

static void single_stop(struct seq_file *p, void *v)
{
}

int single_open(struct file *file, int (*show)(struct seq_file *, void *), void *data)
{
	struct seq_operations *op = kmalloc(sizeof(*op), GFP_KERNEL);
	int res;

	if (!op)
		return -ENOMEM;
	op->start = single_start;
	op->next = single_next;
	op->stop = single_stop;
	op->show = show;
	res = seq_open(file, op);
	if (!res)
		((struct seq_file *)file->private_data)->private = data;
	else
		kfree(op);
	return res;
}

int single_release(struct inode *inode, struct file *file)
{
	const struct seq_operations *op = ((struct seq_file *)file->private_data)->op;
	int res = seq_release(inode, file);

	kfree(op);
	return res;
}

/* ---- output --------------------------------------------------------------- */

void seq_vprintf(struct seq_file *m, const char *f, va_list args)
{
	int len;

	if (m->count < m->size) {
		len = vsnprintf(m->buf + m->count, m->size - m->count, f, args);
		if (m->count + len < m->size) {
			m->count += len;
			return;
		}
	}
	m->count = m->size;	/* overflowed: seq_has_overflowed() */
}

void seq_printf(struct seq_file *m, const char *f, ...)
{
	va_list args;

	va_start(args, f);
	seq_vprintf(m, f, args);
	va_end(args);
}

void seq_write(struct seq_file *m, const void *data, size_t len)
{
	if (m->count + len < m->size) {
		memcpy(m->buf + m->count, data, len);
		m->count += len;
		return;
	}
	m->count = m->size;
}

void seq_puts(struct seq_file *m, const char *s)
{
	seq_write(m, s, strlen(s));
}

void seq_putc(struct seq_file *m, char c)
{
	if (m->count >= m->size)
		return;
	m->buf[m->count++] = c;
}

void seq_put_decimal_ull(struct seq_file *m, const char *delimiter, unsigned long long num)
{
	seq_printf(m, "%s%llu", delimiter, num);
}

void seq_put_decimal_ll(struct seq_file *m, const char *delimiter, long long num)
{
	seq_printf(m, "%s%lld", delimiter, num);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void __seq_puts(struct seq_file *m, const char *s)
{
	seq_write(m, s, strlen(s));
}
#endif

/* spaces from here up to the width seq_setwidth() set, then c (unless 0) */
void seq_pad(struct seq_file *m, char c)
{
	int size = m->pad_until - m->count;

	if (size > 0) {
		if (size + m->count > m->size) {
			m->count = m->size;	/* overflowed */
			return;
		}
		memset(m->buf + m->count, ' ', size);
		m->count += size;
	}
	if (c)
		seq_putc(m, c);
}

void qdk_seq_escape_octal(struct seq_file *m, const char *s, const char *esc)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if (esc && *esc && strchr(esc, c))
			seq_printf(m, "\\%03o", c);
		else
			seq_putc(m, c);
	}
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
char *mangle_path(char *s, const char *p, const char *esc)
#else
char *seq_mangle_path(char *s, const char *p, const char *esc)
#endif
{
	while (s <= p) {
		char c = *p++;

		if (!c)
			return s;
		if (!strchr(esc, c)) {
			*s++ = c;
		} else if (s + 4 > p) {
			break;		/* the escape would overwrite what is left of p */
		} else {
			*s++ = '\\';
			*s++ = '0' + ((c & 0300) >> 6);
			*s++ = '0' + ((c & 070) >> 3);
			*s++ = '0' + (c & 07);
		}
	}
	return NULL;
}

/* hex_dump_to_buffer()'s lines, each with its prefix */
void seq_hex_dump(struct seq_file *m, const char *prefix_str, int prefix_type, int rowsize,
		  int groupsize, const void *buf, size_t len, bool ascii)
{
	const u8 *ptr = buf;
	int i, linelen, remaining = len;
	char *buffer;
	size_t size;
	int ret;

	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	for (i = 0; i < len && !seq_has_overflowed(m); i += rowsize) {
		linelen = min(remaining, rowsize);
		remaining -= rowsize;
		switch (prefix_type) {
		case DUMP_PREFIX_ADDRESS:
			seq_printf(m, "%s%p: ", prefix_str, ptr + i);
			break;
		case DUMP_PREFIX_OFFSET:
			seq_printf(m, "%s%.8x: ", prefix_str, i);
			break;
		default:
			seq_printf(m, "%s", prefix_str);
			break;
		}
		size = seq_get_buf(m, &buffer);
		ret = hex_dump_to_buffer(ptr + i, linelen, rowsize, groupsize, buffer, size,
					 ascii);
		seq_commit(m, ret < size ? ret : -1);
		seq_putc(m, '\n');
	}
}

int single_open_size(struct file *file, int (*show)(struct seq_file *, void *), void *data,
		     size_t size)
{
	char *buf = seq_buf_alloc(size);
	int ret;

	if (!buf)
		return -ENOMEM;
	ret = single_open(file, show, data);
	if (ret) {
		kfree(buf);
		return ret;
	}
	((struct seq_file *)file->private_data)->buf = buf;
	((struct seq_file *)file->private_data)->size = size;
	return 0;
}

/* ---- iterators ------------------------------------------------------------ */

struct list_head *seq_list_start(struct list_head *head, loff_t pos)
{
	struct list_head *lh;

	list_for_each(lh, head)
		if (pos-- == 0)
			return lh;
	return NULL;
}

/* position 0 is the head itself (a header line), the entries follow */
struct list_head *seq_list_start_head(struct list_head *head, loff_t pos)
{
	if (!pos)
		return head;
	return seq_list_start(head, pos - 1);
}

struct list_head *seq_list_next(void *v, struct list_head *head, loff_t *ppos)
{
	struct list_head *lh = ((struct list_head *)v)->next;

	++*ppos;
	return lh == head ? NULL : lh;
}

/* one CPU, no concurrent writers: the RCU walks are the plain ones */
struct list_head *seq_list_start_rcu(struct list_head *head, loff_t pos)
{
	return seq_list_start(head, pos);
}

struct list_head *seq_list_start_head_rcu(struct list_head *head, loff_t pos)
{
	return seq_list_start_head(head, pos);
}

struct list_head *seq_list_next_rcu(void *v, struct list_head *head, loff_t *ppos)
{
	return seq_list_next(v, head, ppos);
}

struct hlist_node *seq_hlist_start(struct hlist_head *head, loff_t pos)
{
	struct hlist_node *node;

	hlist_for_each(node, head)
		if (pos-- == 0)
			return node;
	return NULL;
}

/* SEQ_START_TOKEN at position 0, the nodes after it */
struct hlist_node *seq_hlist_start_head(struct hlist_head *head, loff_t pos)
{
	if (!pos)
		return SEQ_START_TOKEN;
	return seq_hlist_start(head, pos - 1);
}

struct hlist_node *seq_hlist_next(void *v, struct hlist_head *head, loff_t *ppos)
{
	struct hlist_node *node = v;

	++*ppos;
	if (v == SEQ_START_TOKEN)
		return head->first;
	return node->next;
}

struct hlist_node *seq_hlist_start_rcu(struct hlist_head *head, loff_t pos)
{
	return seq_hlist_start(head, pos);
}

struct hlist_node *seq_hlist_start_head_rcu(struct hlist_head *head, loff_t pos)
{
	return seq_hlist_start_head(head, pos);
}

struct hlist_node *seq_hlist_next_rcu(void *v, struct hlist_head *head, loff_t *ppos)
{
	return seq_hlist_next(v, head, ppos);
}

/* the per-CPU lists one after the other (the shim has CPU 0 only) */
struct hlist_node *seq_hlist_start_percpu(struct hlist_head __percpu *head, int *cpu,
					  loff_t pos)
{
	struct hlist_node *node;

	for_each_possible_cpu(*cpu) {
		hlist_for_each(node, per_cpu_ptr(head, *cpu)) {
			if (pos-- == 0)
				return node;
		}
	}
	return NULL;
}

struct hlist_node *seq_hlist_next_percpu(void *v, struct hlist_head __percpu *head,
					 int *cpu, loff_t *pos)
{
	struct hlist_node *node = v;

	++*pos;
	if (node->next)
		return node->next;
	for (*cpu = *cpu + 1; *cpu < num_possible_cpus(); ++*cpu) {
		struct hlist_head *bucket = per_cpu_ptr(head, *cpu);

		if (!hlist_empty(bucket))
			return bucket->first;
	}
	return NULL;
}

int seq_path(struct seq_file *m, const struct path *path, const char *esc)
{
	QDK_UNMODELLED(seq_path, "user space has no dentries or mounts");
}

int seq_file_path(struct seq_file *m, struct file *file, const char *esc)
{
	QDK_UNMODELLED(seq_file_path, "user space has no dentries or mounts");
}

int seq_dentry(struct seq_file *m, struct dentry *dentry, const char *esc)
{
	QDK_UNMODELLED(seq_dentry, "user space has no dentries");
}
