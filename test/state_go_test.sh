#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Saved states against Go's crypto/sha256: builds
# test/go/state_interop.go with the go on PATH (Debian's golang-go; standard
# library only, offline, caches under WORKDIR so it works as root in CI) and
# runs it against TOOL (state_tool) on the backend ctest forced.
# Usage: state_go_test.sh TOOL GO_SOURCE_DIR WORKDIR NAME
# Exit 77 (ctest: skipped) where go is missing or the backend is unsupported.
set -eu
tool=$1 src=$2 work=$3 name=$4

if ! command -v go >/dev/null 2>&1; then
    echo "go not found (apt-get install golang-go): skipped"
    exit 77
fi
# The tool's backend gate exits 77 for a backend this CPU lacks.
status=0
echo backend | "$tool" >/dev/null || status=$?
[ "$status" -eq 0 ] || exit "$status"

mkdir -p "$work/cache" "$work/path" "$work/$name"
work=$(cd "$work" && pwd) # go wants absolute paths
export GOCACHE="$work/cache" GOPATH="$work/path" GOFLAGS="" GO111MODULE=off \
    GOPROXY=off GOTOOLCHAIN=local GOTELEMETRY=off CGO_ENABLED=0
go build -o "$work/$name/state_interop" "$src/state_interop.go"
exec "$work/$name/state_interop" "$tool"
