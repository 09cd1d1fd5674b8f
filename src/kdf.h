/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* HMAC internals shared with the key derivations (hmac.c), and the PBKDF2
 * chains (kdf_chains.c). */
#ifndef FSHA256_KDF_H
#define FSHA256_KDF_H

#include "fastsha256.h"
#include "seams.h"

/* A key's two states, prepared on impl (see fastsha256_hmac_key_init and
 * fastsha224_hmac_key_init). */
void fsha256_hmac_prepare(const fsha256_impl *impl, fastsha256_hmac_key *k, const void *key,
                          size_t keylen);
void fsha256_hmac224_prepare(const fsha256_impl *impl, fastsha256_hmac_key *k, const void *key,
                             size_t keylen);
/* The tag of a message from two states (see fsha256_hmac_tag_fn: tail holds
 * 64 readable bytes). */
void fsha256_hmac_tag_states(const fsha256_impl *impl, const uint32_t inner[8],
                             const uint32_t outer[8], const uint8_t *data, size_t nblocks,
                             const uint8_t *tail, size_t tail_len, uint64_t inner_len,
                             uint8_t *tag, size_t digest_size);
/* Overwrites n bytes (at most 20 KiB) of stack below the caller's frame. */
void fsha256_burn_stack(size_t n);

/* Runs `iterations` more links of n chains on impl: interleaved on the lane
 * kernels in groups of their width (impl's pbkdf2 kernels where it has
 * them), one left over on its one-chain kernel or the portable fused loop. */
void fsha256_kdf_run_chains(const fsha256_impl *impl, fsha256_kdf_chain *chains, size_t n,
                            uint64_t iterations, size_t digest_size);
/* The portable fused loop over impl's single-stream kernel. */
void fsha256_kdf_chain_blocks(const fsha256_impl *impl, const uint32_t inner[8],
                              const uint32_t outer[8], const uint32_t u[8], uint32_t t[8],
                              uint64_t iterations, size_t digest_size);
/* Self-test of impl's pbkdf2 kernels against the portable loop (1: pass). */
int fsha256_kdf_selftest(const fsha256_impl *impl);

#endif /* FSHA256_KDF_H */
