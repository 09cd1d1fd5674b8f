#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# crosscheck_test.sh REFERENCE|- COMMAND...: runs COMMAND (test/crosscheck.c,
# under an emulator such as wine), plainly and with FASTSHA256_HIDE=avx2 (the
# SHA-NI flavour of CPUs without AVX2). Each run must agree within itself
# (every backend the same digest) and, where REFERENCE (another build's
# crosscheck, e.g. the Linux one beside the Windows one) is given, its
# output must equal REFERENCE's line for line.
set -u
reference=$1
shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for hide in "" avx2; do
    if ! FASTSHA256_HIDE=$hide "$@" | tr -d '\r' >"$out/run"; then
        echo "FAILED: $* (FASTSHA256_HIDE=$hide) reported a mismatch"
        status=1
    fi
    cat "$out/run"
    if [ ! -s "$out/run" ] || [ "$(sed 's/.* digest=//' "$out/run" | sort -u | wc -l)" -ne 1 ]; then
        echo "FAILED: the backends' digests differ (FASTSHA256_HIDE=$hide)"
        status=1
    fi
    if [ "$reference" != - ]; then
        FASTSHA256_HIDE=$hide "$reference" >"$out/reference" || status=1
        if ! diff "$out/reference" "$out/run"; then
            echo "FAILED: differs from $reference (FASTSHA256_HIDE=$hide): above, < reference, > this build"
            status=1
        else
            echo "== equal to $reference (FASTSHA256_HIDE=$hide)"
        fi
    fi
done
exit $status
