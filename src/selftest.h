/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Known-answer self-tests (selftest.c), run on a backend flavour and a hex
 * encoder before dispatch first uses them. */
#ifndef FSHA256_SELFTEST_H
#define FSHA256_SELFTEST_H

#include "seams.h"

/* 1 when every entry of impl gives the known digests on this CPU/OS. */
int fsha256_selftest(const fsha256_impl *impl);
/* 1 when both entries of the hex encoder give the known text. */
int fsha256_selftest_hex(const fsha256_hex_encoder *hex);

#endif /* FSHA256_SELFTEST_H */
