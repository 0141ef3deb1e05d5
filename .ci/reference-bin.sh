#!/usr/bin/env bash
# The reference tools the differential suite (test/differential/) runs GNU bash with: jq 1.8.2, GNU awk, GNU bc.
# Downloads pinned Debian packages (file name + sha256), unpacks them with `dpkg-deb -x` under
# .cache/reference/ (nothing is installed), and writes wrappers to .cache/reference/bin/{jq,awk,gawk,bc}.
# Idempotent: a package whose .deb is present with the right checksum is not downloaded again.
#
# jq 1.8.2 is only in Debian's unstable suite, built against glibc >= 2.39 (this Debian 12 machine has 2.36), so
# its wrapper starts it through the dynamic loader of an unpacked Debian 13 libc6 (LD_LIBRARY_PATH alone would
# mix the host's 2.36 loader with the newer libc). gawk and bc are Debian 12's, for the host's own libc.
# When Debian drops a pinned file from its pool (a newer build replaced it), the download fails naming the file:
# update the name and sha256 from `apt-cache show <package>` for that suite.
set -euo pipefail
cd "$(dirname "$0")/.."

MIRROR=${REFERENCE_MIRROR:-http://deb.debian.org/debian}
ROOT=.cache/reference
DEBS=$ROOT/debs
# name  pool path  sha256
PACKAGES=(
  "jq pool/main/j/jq/jq_1.8.2-1_amd64.deb b973a5d304f666845e8ccefab492e3850d4bc2e7aa2a1e7450862095125f2cc0"
  "libjq1 pool/main/j/jq/libjq1_1.8.2-1_amd64.deb 9a5bf964cef39ed8f0f162e20d856e31961d28a57772b5313989b42a8be7e941"
  "libonig5 pool/main/libo/libonig/libonig5_6.9.10-1+b1_amd64.deb 0987556983a91f6961afa6e325cc3af08fbf07db4f54ccb1a8aeaa5b2a26cf8a"
  "libc6 pool/main/g/glibc/libc6_2.41-12+deb13u5_amd64.deb b59b0625cd1a791375d40dab23a4d5d3d0641e3d0a773501becdc3725b7f99cf"
  "gawk pool/main/g/gawk/gawk_5.2.1-2_amd64.deb 9cd63c1b35ff082092c221a23dcb167f72c4d1c3de3a42e11f16181f42ab3b55"
  "libsigsegv2 pool/main/libs/libsigsegv/libsigsegv2_2.14-1_amd64.deb 92336a5c47989b82ba4c778adc0ea22fc84450773f2d8428fca4448b0789cfe6"
  "bc pool/main/b/bc/bc_1.07.1-3+b1_amd64.deb baaa4e935c5e3bcd57d4f2f4e7a1ddc67bd4eb8629d98f97a696548849ae01ac"
)

fail() { echo "reference-bin: $*" >&2; exit 1; }
[ "$(uname -m)" = x86_64 ] || fail "the pinned packages are amd64; this machine is $(uname -m)"
command -v dpkg-deb >/dev/null || fail "dpkg-deb is needed to unpack the packages"
command -v curl >/dev/null || fail "curl is needed to download the packages"

checksum_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

mkdir -p "$DEBS"
for entry in "${PACKAGES[@]}"; do
  read -r name path sum <<<"$entry"
  deb=$DEBS/${path##*/}
  tree=$ROOT/pkg/$name
  if ! checksum_ok "$deb" "$sum"; then
    curl -fsS --retry 3 --max-time 120 -o "$deb.part" "$MIRROR/$path" || fail "cannot download $MIRROR/$path"
    checksum_ok "$deb.part" "$sum" || fail "$path: sha256 is $(sha256sum "$deb.part" | cut -d' ' -f1), expected $sum"
    mv "$deb.part" "$deb"
    rm -rf "$tree"
  fi
  # The unpacked tree is marked with the checksum it came from, so a changed pin unpacks again.
  if [ "$(cat "$tree/.sha256" 2>/dev/null)" != "$sum" ]; then
    rm -rf "$tree"
    mkdir -p "$tree"
    dpkg-deb -x "$deb" "$tree"
    echo "$sum" >"$tree/.sha256"
  fi
done

abs=$(cd "$ROOT" && pwd)
lib=x86_64-linux-gnu
mkdir -p "$ROOT/bin"
cat >"$ROOT/bin/jq" <<EOF
#!/bin/sh
exec "$abs/pkg/libc6/usr/lib/$lib/ld-linux-x86-64.so.2" \\
  --library-path "$abs/pkg/libjq1/usr/lib/$lib:$abs/pkg/libonig5/usr/lib/$lib:$abs/pkg/libc6/usr/lib/$lib" \\
  "$abs/pkg/jq/usr/bin/jq" "\$@"
EOF
cat >"$ROOT/bin/gawk" <<EOF
#!/bin/sh
LD_LIBRARY_PATH="$abs/pkg/libsigsegv2/usr/lib/$lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" exec "$abs/pkg/gawk/usr/bin/gawk" "\$@"
EOF
cat >"$ROOT/bin/bc" <<EOF
#!/bin/sh
exec "$abs/pkg/bc/usr/bin/bc" "\$@"
EOF
chmod +x "$ROOT/bin/jq" "$ROOT/bin/gawk" "$ROOT/bin/bc"
ln -sf gawk "$ROOT/bin/awk"

# Each wrapper must run and report the pinned version, or the suite would compare against the wrong tool.
[ "$("$ROOT/bin/jq" --version)" = "jq-1.8.2" ] || fail "jq wrapper does not report jq-1.8.2"
"$ROOT/bin/awk" --version | head -1 | grep -q '^GNU Awk 5\.2\.1' || fail "awk wrapper is not GNU Awk 5.2.1"
echo "1+1" | "$ROOT/bin/bc" | grep -qx 2 || fail "bc wrapper does not compute"
echo "reference-bin: $ROOT/bin has jq-1.8.2, GNU Awk 5.2.1, bc 1.07.1"
