/* Python peer rows for fastsha256-bench's seed section: runs bench/python/seed.py
 * (hashlib per call, fastsha256 per call, sha256_many, sha256_packed) with
 * Debian's python3 and the module built in this tree, pinned like the other
 * rows, and appends one row per style. */
#ifndef FASTSHA256_BENCH_PYTHON_H
#define FASTSHA256_BENCH_PYTHON_H

#include <stddef.h>

#include "bench_report.h"

/* Interpreter: $FASTSHA256_PYTHON, else /usr/bin/python3. Module: the
 * installed one, or $FASTSHA256_PYTHONPATH, else this build's
 * bindings/python. Rows are skipped (with a progress line) when either is
 * missing. core_hz converts times to cycles; row_done is called per row.
 * Returns the number of rows whose last digest was wrong. */
int bp_seed_rows(size_t count, unsigned timeout_s, double core_hz,
                 void (*row_done)(const br_row *));

#endif /* FASTSHA256_BENCH_PYTHON_H */
