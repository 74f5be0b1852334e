/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf/bpf_core_read.h - libbpf's <bpf/bpf_core_read.h> for a BPF program
 * compiled as user-space C: the program is compiled against the very types
 * it runs on, so a CO-RE relocation is the plain C expression, and a field
 * or type always exists.
 *
 * bpf_core_type_id_local(type) is the object's size: the number the
 * verifier rewrites bpf_obj_new()'s type id into, which is all the
 * runtime's allocator needs.
 */
#ifndef __BPF_CORE_READ_H__
#define __BPF_CORE_READ_H__

#include <bpf/bpf_helpers.h>

#define bpf_core_type_id_local(type) ((__u64)sizeof(type))
#define bpf_core_type_id_kernel(type) ((__u64)sizeof(type))
#define bpf_core_field_exists(field...) 1
#define bpf_core_type_exists(type) 1
#define bpf_core_type_matches(type) 1
#define bpf_core_enum_value_exists(enum_type, enum_value) 1
#define bpf_core_field_size(field) sizeof(field)
#define bpf_core_type_size(type) sizeof(type)
#define bpf_core_enum_value(enum_type, enum_value) (enum_value)
#define bpf_core_cast(ptr, type) ((type *)(ptr))

#endif
