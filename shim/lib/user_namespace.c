// SPDX-License-Identifier: GPL-2.0
/*
 * user_namespace.c - user namespaces' id maps (kernel/user_namespace.c).
 * The shim runs in one user namespace, the initial one, whose map is the
 * identity on 0 .. 4294967294: (uid_t)-1 is never mapped, so make_kuid() of
 * it is INVALID_UID and from_kuid() of INVALID_UID is (uid_t)-1, as in the
 * kernel. A namespace argument is therefore always the initial namespace.
 */
#include <linux/export.h>
#include <linux/uidgid.h>

/* the kernel's is struct user_namespace; nothing reads it in the shim */
struct user_namespace {
	int level;
};

struct user_namespace init_user_ns;
EXPORT_SYMBOL_GPL(init_user_ns);

/* /proc/sys/kernel/overflowuid's default (DEFAULT_OVERFLOWUID) */
#define QDK_OVERFLOWID	65534

kuid_t make_kuid(struct user_namespace *ns, uid_t uid)
{
	return KUIDT_INIT(uid);
}
EXPORT_SYMBOL(make_kuid);

kgid_t make_kgid(struct user_namespace *ns, gid_t gid)
{
	return KGIDT_INIT(gid);
}
EXPORT_SYMBOL(make_kgid);

uid_t from_kuid(struct user_namespace *targ, kuid_t kuid)
{
	return __kuid_val(kuid);
}
EXPORT_SYMBOL(from_kuid);

gid_t from_kgid(struct user_namespace *targ, kgid_t kgid)
{
	return __kgid_val(kgid);
}
EXPORT_SYMBOL(from_kgid);

uid_t from_kuid_munged(struct user_namespace *targ, kuid_t kuid)
{
	uid_t uid = from_kuid(targ, kuid);

	return uid == (uid_t)-1 ? QDK_OVERFLOWID : uid;
}
EXPORT_SYMBOL(from_kuid_munged);

gid_t from_kgid_munged(struct user_namespace *targ, kgid_t kgid)
{
	gid_t gid = from_kgid(targ, kgid);

	return gid == (gid_t)-1 ? QDK_OVERFLOWID : gid;
}
EXPORT_SYMBOL(from_kgid_munged);
