#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# secure_env_test.sh BACKEND_CHECK: the library reads FASTSHA256_* with
# secure_getenv, so a setuid program is not steered by its environment.
# Runs a setuid copy of backend_check (owner nobody, started by root: the
# kernel sets AT_SECURE) with FASTSHA256_BACKEND=scalar, which must be
# ignored wherever a faster backend exists. 77: cannot set this up here.
set -u
prog=$1
[ "$(id -u)" -eq 0 ] || { echo "skip: needs root to make a setuid copy"; exit 77; }
auto=$(FASTSHA256_EXPECT_BACKEND=x "$prog" 2>/dev/null | sed -n 's/^backend \([^,]*\),.*/\1/p')
[ -n "$auto" ] || { echo "cannot run $prog"; exit 1; }
[ "$auto" != scalar ] || { echo "skip: scalar is the only backend on this CPU"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cp "$prog" "$work/backend_check"
chown nobody "$work/backend_check" && chmod 4755 "$work/backend_check" || exit 77
# Plain environment first: the variable works for an ordinary program.
FASTSHA256_BACKEND=scalar FASTSHA256_EXPECT_BACKEND=scalar "$prog" || exit 1
out=$(FASTSHA256_BACKEND=scalar FASTSHA256_HIDE=all FASTSHA256_EXPECT_BACKEND="$auto" \
      "$work/backend_check" 2>&1)
rc=$?
echo "setuid: $out"
if [ $rc -ne 0 ] && [ "$(stat -c %u "$work/backend_check")" != 0 ] &&
   grep -q nosuid <(findmnt -no OPTIONS --target "$work" 2>/dev/null); then
    echo "skip: $work is mounted nosuid"
    exit 77
fi
exit $rc
