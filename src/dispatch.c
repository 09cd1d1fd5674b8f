/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Backend dispatch: the one-time choice of a backend flavour and of a hex
 * encoder at first use (published through atomic pointers, so concurrent
 * first calls are race-free without constructors), checked by the
 * known-answer self-test (selftest.c), and the public calls that list and
 * force backends. The tables chosen from are backends.c (the order of
 * src/backends.def) and hex/hex_list.c (of src/hex/hex_encoders.def).
 * The hash backend and the hex encoder are chosen separately, each by its
 * own CPU requirements; a flavour may also need a per-CPU choice of the
 * tuning table (tuning.c), and the table may prefer a hex encoder. Forcing
 * a backend (FASTSHA256_BACKEND, fastsha256_set_backend) leaves the hex
 * encoder to its own choice, except scalar: it means portable code only, so
 * it brings the portable encoder. */
#include <stdatomic.h>
#include <string.h>

#include "cpu.h"
#include "dispatch.h"
#include "hex/hex.h"
#include "selftest.h"
#include "tuning.h"

/* --- Resolution ---------------------------------------------------------- */

_Atomic(const fsha256_impl *) fsha256_active_impl;
static _Atomic(const fsha256_hex_encoder *) active_hex;
static atomic_int env_backend_ignored;

static int supported(uint32_t required, uint32_t features) {
    return (required & features) == required;
}

/* What the running CPU offers a flavour: its features (cpu.c) and the
 * per-CPU choices its row grants (tuning.c), both less FASTSHA256_HIDE. */
typedef struct host {
    uint32_t features, choices;
} host;

static host host_here(void) { return (host){fsha256_cpu_features(), fsha256_tuning_choices()}; }

static int flavour_supported(const fsha256_impl *f, host h) {
    return supported(f->required, h.features) && supported(f->choices, h.choices);
}

/* The first supported flavour of a NULL-terminated list (NULL itself
 * included) named name; NULL if none. */
static const fsha256_impl *first_supported(const fsha256_impl *const *flavours, const char *name,
                                           host h) {
    for (const fsha256_impl *const *f = flavours; f && *f; f++)
        if (strcmp((*f)->name, name) == 0 && flavour_supported(*f, h))
            return *f;
    return NULL;
}

/* The best supported flavour of a backend: one another backend lends it,
 * else its own; NULL if none. */
static const fsha256_impl *best_flavour(const fsha256_backend *b, host h) {
    for (const fsha256_backend *const *lender = fsha256_backend_table; *lender; lender++) {
        const fsha256_impl *lent = first_supported((*lender)->lends, b->name, h);
        if (lent)
            return lent;
    }
    return first_supported(b->flavours, b->name, h);
}

/* The named backend's best flavour here, or (name NULL) the best of all. */
static const fsha256_impl *find_supported(const char *name, host h) {
    for (const fsha256_backend *const *b = fsha256_backend_table; *b; b++) {
        if (name && strcmp((*b)->name, name) != 0)
            continue;
        const fsha256_impl *impl = best_flavour(*b, h);
        if (impl || name)
            return impl;
    }
    return NULL;
}

static int selftest_enabled(void) {
    const char *off = fsha256_getenv("FASTSHA256_NO_SELFTEST");
    return !(off && *off && strcmp(off, "0") != 0);
}

static const fsha256_impl *choose(int read_env) {
    host h = host_here();
    const fsha256_impl *chosen = NULL;
    const char *forced = read_env ? fsha256_getenv("FASTSHA256_BACKEND") : NULL;
    if (forced && *forced) {
        chosen = find_supported(forced, h);
        atomic_store(&env_backend_ignored, chosen == NULL);
    }
    if (chosen == NULL)
        chosen = find_supported(NULL, h);
    if (chosen != fsha256_portable_impl() && selftest_enabled() && !fsha256_selftest(chosen))
        chosen = fsha256_portable_impl();
    return chosen;
}

/* The hex encoder to pair with a backend: see the rule at the top. */
static const fsha256_hex_encoder *choose_hex(const fsha256_impl *impl) {
    if (impl == fsha256_portable_impl())
        return &fsha256_hex_portable;
    uint32_t features = fsha256_cpu_features();
    int check = selftest_enabled();
    const char *preferred = fsha256_tuning_here()->hex; /* this CPU's row (tuning.c) */
    for (int pass = preferred ? 0 : 1; pass < 2; pass++)
        for (const fsha256_hex_encoder *const *e = fsha256_hex_table; *e; e++)
            if ((pass || strcmp((*e)->name, preferred) == 0) && (*e)->bytes &&
                supported((*e)->required, features) && (!check || fsha256_selftest_hex(*e)))
                return *e;
    return &fsha256_hex_portable;
}

const fsha256_impl *fsha256_resolve(void) {
    const fsha256_impl *impl = atomic_load_explicit(&fsha256_active_impl, memory_order_acquire);
    if (impl)
        return impl;
    const fsha256_impl *expected = NULL;
    impl = choose(1);
    /* The first resolver wins; a concurrent set_backend also wins. */
    if (!atomic_compare_exchange_strong_explicit(&fsha256_active_impl, &expected, impl,
                                                 memory_order_acq_rel, memory_order_acquire))
        impl = expected;
    return impl;
}

const fsha256_hex_encoder *fsha256_active_hex(void) {
    const fsha256_hex_encoder *hex = atomic_load_explicit(&active_hex, memory_order_acquire);
    if (hex)
        return hex;
    const fsha256_hex_encoder *expected = NULL;
    hex = choose_hex(fsha256_active());
    /* As above; set_backend and reset_backend store theirs unconditionally. */
    if (!atomic_compare_exchange_strong_explicit(&active_hex, &expected, hex,
                                                 memory_order_acq_rel, memory_order_acquire))
        hex = expected;
    return hex;
}

/* --- Public calls ---------------------------------------------------------- */

const char *fastsha256_backend(void) { return fsha256_active()->name; }
const char *fastsha256_hex_backend(void) { return fsha256_active_hex()->name; }

int fastsha256_set_backend(const char *name) {
    if (name == NULL)
        return -1;
    const fsha256_impl *impl = find_supported(name, host_here());
    if (impl == NULL || (selftest_enabled() && !fsha256_selftest(impl)))
        return -1;
    atomic_store_explicit(&fsha256_active_impl, impl, memory_order_release);
    atomic_store_explicit(&active_hex, choose_hex(impl), memory_order_release);
    return 0;
}

void fastsha256_reset_backend(void) {
    const fsha256_impl *impl = choose(0);
    atomic_store_explicit(&fsha256_active_impl, impl, memory_order_release);
    atomic_store_explicit(&active_hex, choose_hex(impl), memory_order_release);
}

int fastsha256_env_backend_ignored(void) {
    fsha256_active();
    return atomic_load(&env_backend_ignored);
}

/* Backend names in table order, optionally only those this CPU supports. */
static size_t list_backends(const char **names, size_t max, int only_supported) {
    host h = only_supported ? host_here() : (host){~0u, ~0u};
    size_t count = 0;
    for (const fsha256_backend *const *b = fsha256_backend_table; *b; b++) {
        if (best_flavour(*b, h) == NULL)
            continue;
        if (names && count < max)
            names[count] = (*b)->name;
        count++;
    }
    return count;
}

size_t fastsha256_backends(const char **names, size_t max) { return list_backends(names, max, 1); }
size_t fastsha256_all_backends(const char **names, size_t max) {
    return list_backends(names, max, 0);
}
