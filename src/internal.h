/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Private interfaces shared by generic code, backends and the tests: an
 * umbrella over the one-concern headers. The generic files of src/ include the
 * headers they need instead, so they cannot name a backend's kernels. */
#ifndef FASTSHA256_INTERNAL_H
#define FASTSHA256_INTERNAL_H

#include "compiler.h"  /* architecture tests, inlining attributes */
#include "seams.h"     /* kernel entry types, backend descriptors, constants */
#include "bytes.h"     /* byte order, padding, digest stores, wiping */
#include "cpu.h"       /* CPU features, FASTSHA256_* settings */
#include "tuning.h"    /* per-CPU choices */
#include "ctx.h"       /* streaming context states */
#include "many.h"      /* the batch scheduler */
#include "dispatch.h"  /* the active backend and hex encoder, the backend table */
#include "selftest.h"  /* known-answer tests of a backend flavour and a hex encoder */
#include "kdf.h"       /* HMAC internals for the key derivations, PBKDF2 chains */

/* Each backend's and the hex encoders' own declarations, for the backends
 * that reuse each other's kernels and the tests and benchmarks that call
 * kernels directly. A new backend need not be added here. */
#include "hex/hex.h"
#include "scalar/scalar.h"
#include "shani/shani.h"
#include "avx2/avx2.h"
#include "avx512/avx512.h"
#include "armv8/armv8.h"
#include "simd128/simd128.h"


#endif /* FASTSHA256_INTERNAL_H */
