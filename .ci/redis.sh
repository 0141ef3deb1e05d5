#!/usr/bin/env bash
# redis-server (Debian's package) for test/redis: prints the folder that holds a working `redis-server`.
# Uses the one on PATH when there is one; otherwise installs Debian's redis-server when it can (root, or sudo
# without a password), else downloads Debian's packages with `apt-get download` and unpacks them with
# `dpkg-deb -x` under .cache/redis/ (nothing installed), with a wrapper that finds their libraries.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "redis: $*" >&2; exit 1; }

found=$(command -v redis-server || true)
if [ -n "$found" ]; then dirname "$found"; exit 0; fi

install() { DEBIAN_FRONTEND=noninteractive "$@" apt-get install -y -q --no-install-recommends redis-server >&2; }
if [ "$(id -u)" = 0 ]; then
  install || { apt-get update -q >&2 && install; } || fail "apt-get install redis-server failed"
  dirname "$(command -v redis-server)"
  exit 0
fi
if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  install sudo || { sudo apt-get update -q >&2 && install sudo; } || fail "sudo apt-get install redis-server failed"
  dirname "$(command -v redis-server)"
  exit 0
fi

ROOT=.cache/redis
mkdir -p "$ROOT/debs" "$ROOT/tree" "$ROOT/bin"
(cd "$ROOT/debs" && apt-get download redis-tools libjemalloc2 liblzf1 >&2) ||
  fail "apt-get download redis-tools libjemalloc2 liblzf1 failed (are Debian's package lists there?)"
for deb in "$ROOT"/debs/*.deb; do dpkg-deb -x "$deb" "$ROOT/tree"; done
# redis-server is redis-check-rdb started under the name redis-server (a link in the redis-server package).
ln -sf redis-check-rdb "$ROOT/tree/usr/bin/redis-server"
abs=$(cd "$ROOT" && pwd)
cat >"$ROOT/bin/redis-server" <<WRAPPER
#!/bin/sh
LD_LIBRARY_PATH="$abs/tree/usr/lib/x86_64-linux-gnu\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" exec "$abs/tree/usr/bin/redis-server" "\$@"
WRAPPER
chmod +x "$ROOT/bin/redis-server"
"$ROOT/bin/redis-server" --version >&2 || fail "the unpacked redis-server does not run"
echo "$abs/bin"
