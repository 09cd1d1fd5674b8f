/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Dispatch (dispatch.c): the active backend flavour and hex encoder, and the
 * tables they are chosen from (backends.c, hex/hex_list.c). */
#ifndef FSHA256_DISPATCH_H
#define FSHA256_DISPATCH_H

#include <stdatomic.h>

#include "seams.h"

/* The active backend flavour, NULL until resolved; fsha256_resolve() chooses
 * it at first use. fsha256_active() is inline: on the one-call path of a
 * short message a function call here cost more than the load. Never NULL. */
extern _Atomic(const fsha256_impl *) fsha256_active_impl;
const fsha256_impl *fsha256_resolve(void);
static inline const fsha256_impl *fsha256_active(void) {
    const fsha256_impl *impl = atomic_load_explicit(&fsha256_active_impl, memory_order_acquire);
    return impl ? impl : fsha256_resolve();
}
/* The active hex encoder: the best one the CPU supports, whatever the
 * backend, except that a forced scalar backend (portable code only) brings
 * the portable encoder. Never NULL. */
const fsha256_hex_encoder *fsha256_active_hex(void);
/* Every backend compiled in, best first (the order of src/backends.def),
 * NULL-terminated (backends.c). */
extern const fsha256_backend *const fsha256_backend_table[];
/* The portable backend's flavour: the last of src/backends.def, which
 * needs no CPU feature. The fallback when a self-test fails. */
const fsha256_impl *fsha256_portable_impl(void);

#endif /* FSHA256_DISPATCH_H */
