/* SPDX-License-Identifier: GPL-2.0 */
/* Module parameters keep their compiled-in default in the shim. */
#ifndef _LINUX_MODULE_PARAMS_H
#define _LINUX_MODULE_PARAMS_H

#define module_param(name, type, perm)
#define module_param_named(name, value, type, perm)
#define MODULE_PARM_DESC(_parm, desc)

#endif
