#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Does the harness measure what the seed's code measures? Runs, for each
# runtime found, the harness (bench/js/createhash.mjs, webcrypto.mjs) and the
# seed's snippet alone (bench/js/seed_alone.mjs) alternately, ROUNDS times
# each, and prints one line per run: runtime, which, style, messages per second.
# Usage: bench/seed-check.sh [rounds=3] [sync count=5000000] [webcrypto count=100000]
# (a run of it, with the ratios: docs/results.md, "The seed table against the
# seed's snippets alone")
set -u
here=$(cd "$(dirname "$0")" && pwd)
rounds=${1:-3} nsync=${2:-5000000} nweb=${3:-100000}
export DENO_NO_UPDATE_CHECK=1
for rt in node "$here/.runtimes/bin/bun" "$here/.runtimes/bin/deno"; do
  command -v "$rt" >/dev/null 2>&1 || { echo "$(basename "$rt"): not found"; continue; }
  run() { case $rt in *deno) "$rt" run -A --quiet --no-config "$@" ;; *) "$rt" "$@" ;; esac; }
  name=$(basename "$rt")
  i=0
  while [ $i -lt "$rounds" ]; do
    i=$((i + 1))
    for style in sync webcrypto; do
      n=$nsync snippet=createhash.mjs
      [ $style = webcrypto ] && n=$nweb snippet=webcrypto.mjs
      alone=$(run "$here/js/seed_alone.mjs" $style "$n" | sed 's/.*"rate":\([0-9]*\).*/\1/')
      harness=$(run "$here/js/$snippet" "$n" 5 | node -e '
        const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
        const v = r.n.map((n, i) => n / (r.ms[i] / 1000)).sort((a, b) => a - b);
        console.log(Math.round(v[v.length >> 1]));')
      echo "$name $style round $i: alone $alone/s, harness $harness/s"
    done
  done
done
