// SPDX-License-Identifier: GPL-2.0
/*
 * scm.c - control messages into a received message (net/core/scm.c):
 * put_cmsg() appends one to msg_control, kernel memory or (when
 * msg_control_is_user) user memory, truncating as the kernel does.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/socket.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/ktime.h>
#include <linux/time64.h>
#include <linux/time_types.h>

/*
 * A control message of level, type and len bytes of data: what fits is
 * written and the buffer advanced by its aligned size; a message that does
 * not fit whole sets MSG_CTRUNC (no buffer, or not even a header's room:
 * nothing written). -EFAULT when user memory faults.
 */
int put_cmsg(struct msghdr *msg, int level, int type, int len, void *data)
{
	struct cmsghdr cmhdr;
	size_t cmlen = CMSG_LEN(len);

	if (!msg->msg_control || msg->msg_controllen < sizeof(struct cmsghdr)) {
		msg->msg_flags |= MSG_CTRUNC;
		return 0;
	}
	if (msg->msg_controllen < cmlen) {
		msg->msg_flags |= MSG_CTRUNC;
		cmlen = msg->msg_controllen;
	}
	cmhdr.cmsg_level = level;
	cmhdr.cmsg_type = type;
	cmhdr.cmsg_len = cmlen;
	if (msg->msg_control_is_user) {
		struct cmsghdr __user *cm = msg->msg_control_user;

		if (copy_to_user(cm, &cmhdr, sizeof(cmhdr)) ||
		    copy_to_user(CMSG_USER_DATA(cm), data, cmlen - sizeof(cmhdr)))
			return -EFAULT;
	} else {
		struct cmsghdr *cm = msg->msg_control;

		memcpy(cm, &cmhdr, sizeof(cmhdr));
		memcpy(CMSG_DATA(cm), data, cmlen - sizeof(cmhdr));
	}
	cmlen = min(CMSG_SPACE(len), msg->msg_controllen);
	msg->msg_control += cmlen;
	msg->msg_controllen -= cmlen;
	return 0;
}
EXPORT_SYMBOL(put_cmsg);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* put_cmsg() for a message that must not be cut: -ETOOSMALL rather than cut */
int put_cmsg_notrunc(struct msghdr *msg, int level, int type, int len, void *data)
{
	if (!msg->msg_control || msg->msg_controllen < CMSG_LEN(len))
		return -ETOOSMALL;
	return put_cmsg(msg, level, type, len, data);
}
EXPORT_SYMBOL(put_cmsg_notrunc);
#endif

/* timestamp i of an SCM_TIMESTAMPING set in seconds and nanoseconds */
static struct timespec64 scm_ts(const struct scm_timestamping_internal *tss, int i)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	return ktime_to_timespec64(tss->ts[i]);
#else
	return tss->ts[i];
#endif
}

/* the three timestamps as SO_TIMESTAMPING_NEW's 64-bit timespecs */
void put_cmsg_scm_timestamping64(struct msghdr *msg, struct scm_timestamping_internal *tss)
{
	struct __kernel_timespec ts[3];
	int i;

	for (i = 0; i < ARRAY_SIZE(ts); i++) {
		struct timespec64 t = scm_ts(tss, i);

		ts[i].tv_sec = t.tv_sec;
		ts[i].tv_nsec = t.tv_nsec;
	}
	put_cmsg(msg, SOL_SOCKET, SO_TIMESTAMPING_NEW, sizeof(ts), ts);
}
EXPORT_SYMBOL(put_cmsg_scm_timestamping64);

/* the same as SO_TIMESTAMPING_OLD's timespecs of long seconds */
void put_cmsg_scm_timestamping(struct msghdr *msg, struct scm_timestamping_internal *tss)
{
	struct __kernel_old_timespec ts[3];
	int i;

	for (i = 0; i < ARRAY_SIZE(ts); i++) {
		struct timespec64 t = scm_ts(tss, i);

		ts[i].tv_sec = t.tv_sec;
		ts[i].tv_nsec = t.tv_nsec;
	}
	put_cmsg(msg, SOL_SOCKET, SO_TIMESTAMPING_OLD, sizeof(ts), ts);
}
EXPORT_SYMBOL(put_cmsg_scm_timestamping);
