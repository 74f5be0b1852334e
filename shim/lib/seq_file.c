// SPDX-License-Identifier: GPL-2.0
/*
 * seq_file.c - sequential files (linux/seq_file.h), following fs/seq_file.c's
 * rules: a read first hands out what the buffer still holds, then makes one
 * non-empty record (start/show/next, SEQ_SKIP skipped; a record that does
 * not fit doubles the buffer and starts again), then adds records while
 * they fit and the read wants more; a read at another position than where
 * the last one ended makes the records again from the first and skips to
 * it. Errors from start/show end the read with that error when nothing was
 * copied.
 */
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

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

ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	size_t copied = 0, n;
	int err = 0;
	void *p;

	if (!size)
		return 0;
	if (*ppos != m->read_pos) {
		while ((err = traverse(m, *ppos)) == -EAGAIN)
			;
		if (err) {
			m->read_pos = 0;
			m->index = 0;
			m->count = 0;
			return err;
		}
		m->read_pos = *ppos;
	}
	if (!m->buf) {
		m->buf = seq_buf_alloc(m->size = PAGE_SIZE);
		if (!m->buf)
			return -ENOMEM;
	}
	/* what the buffer still holds */
	if (m->count) {
		n = min(m->count, size);
		if (copy_to_user(buf, m->buf + m->from, n))
			return -EFAULT;
		m->count -= n;
		m->from += n;
		copied += n;
		if (m->count)	/* the read is full */
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
			return copied ? (ssize_t)copied : -ENOMEM;
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
		if (m->count >= size - copied)
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
	n = min(m->count, size - copied);
	if (copy_to_user(buf + copied, m->buf, n))
		return copied ? (ssize_t)copied : -EFAULT;
	copied += n;
	m->count -= n;
	m->from = n;
Done:
	if (unlikely(!copied)) {
		copied = m->count ? -EFAULT : err;
	} else {
		*ppos += copied;
		m->read_pos += copied;
	}
	return copied;
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
