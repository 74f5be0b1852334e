/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_BH_H
#define _LINUX_BH_H

#define local_bh_disable()	do { } while (0)
#define local_bh_enable()	do { } while (0)

#endif
