// Patches 0301-sort-gnu-keys, 0302-sort-gnu-order and 0310-sort-option-clusters: `sort` finds key fields, orders
// lines and reads its options as GNU sort does under LC_ALL=C.UTF-8 (the locale bash runs in here and in the
// differential suite).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

/** 0301: fields start where a blank follows a non-blank; leading blanks belong to the field. */
const KEYS = [
  "printf 'b\\nb\\na\\nc\\nb\\n' | sort | uniq -c | sort -k1,1nr -k2",
  "printf '   3 b\\n  10 a\\n   3 a\\n' | sort -k1,1nr -k2,2",
  [
    "set -euo pipefail",
    "words='the cat the dog the cat a'",
    'for w in $words; do echo "$w"; done | sort | uniq -c | sort -k1,1nr -k2 | head -3 |',
    '  while read -r n w; do printf \'%s=%s\\n\' "$w" "$n"; done',
  ].join("\n"),
  "printf 'x  b 2\\ny a 1\\nz  c 3\\n' | sort -k2",
  "printf 'x  b 2\\ny a 1\\nz  c 3\\n' | sort -k2,2",
  "printf 'x  b 2\\ny a 1\\nz  c 3\\n' | sort -b -k2,2",
  "printf 'x abcz\\ny abaa\\nz  abb\\n' | sort -k2.3",
  "printf 'x  abc\\ny ab\\n' | sort -k2.2,2.3",
  "printf 'a,b,10\\nc,d,9\\ne,f,100\\n' | sort -t, -k3n",
  "printf 'a,b,10\\nc,d,9\\ne,f,100\\n' | sort -t, -k3,3nr",
  "printf 'x::b\\ny:a:\\n' | sort -t: -k2",
  "printf 'b\\tx 1\\na\\ty 2\\n' | sort -t$'\\t' -k2",
  "printf 'alice eng 120\\nbob ops 95\\ncarol eng 120\\ndave ops 130\\n' | sort -k3,3nr -k1,1",
  "printf '1 a\\n2 b\\n' | sort -r -k1,1n",
  "printf 'foo 1\\nbar 2\\n' | sort -k 2 -n -r",
  "printf '3 x\\n1 y\\n3 a\\n2 z\\n' | sort -k1n,1 -k2,2r",
  "printf 'a 1\\nb 1\\na 2\\n' | sort -u -k1,1",
  "printf 'z 1\\ny 1\\nx 2\\n' | sort -s -k2,2n",
];

/** 0302: code-point order, exact -n, -f folding to upper case, -h, -V, -u on equal keys. */
const ORDER = [
  "printf 'b\\nB\\na\\nA\\n_\\n1\\n' | sort",
  "printf 'ä\\nz\\nA\\n€\\n\\n' | sort",
  "printf 'b\\na\\nc\\n' | sort -r",
  "printf 'Apple\\napple\\nBanana\\n_x\\n' | sort -f",
  "printf 'b_\\nB-\\na\\n' | sort -fu",
  "printf '10\\n9\\n-1\\n1.5\\n 3\\nabc\\n1e3\\n' | sort -n",
  "printf '+5\\n3\\n-2\\n-0\\n0\\n.5\\n-.5\\n1.50\\n1.5\\n' | sort -n",
  "printf '10\\n9\\n-1\\n1.5\\n 3\\nabc\\n' | sort -rn",
  "printf '1\\n01\\n1\\n' | sort -nu",
  "printf '1000\\n1K\\n2000\\n1M\\n-1K\\n0\\n1k\\n1.5G\\n' | sort -h",
  "printf 'v1.10\\nv1.2\\nv1.9\\nv2\\n' | sort -V",
  "printf 'a.tar.gz\\na.tar\\na-1.2\\na-1.10\\na-1.2~rc1\\n.b\\n.\\n..\\n1.0a\\n1.0\\n' | sort -V",
  "printf 'a-b\\nab\\na b\\n' | sort -d",
  "printf '1\\n1\\n2\\n' | sort -u -r",
  [
    "set -euo pipefail",
    "declare -A total=([web]=30 [api]=120 [db]=30 [cache]=7)",
    'for k in "${!total[@]}"; do echo "${total[$k]} $k"; done | sort -rn | head -3',
  ].join("\n"),
];

describe.each(MODES)("sort keys (%s)", (mode) => {
  it.each(KEYS)("finds the fields GNU sort finds: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

describe.each(MODES)("sort order (%s)", (mode) => {
  it.each(ORDER)("orders lines as GNU sort does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

/** 0310: option clusters with a value (-nk2, -rt,), -g, -C, and exit 2 for a bad -k or -t. */
const OPTIONS = [
  "printf 'a 3\\nb 10\\nc 2\\n' | sort -nk2",
  "printf 'a 3\\nb 10\\nc 2\\n' | sort -rnk2",
  "printf 'a,3\\nb,10\\nc,2\\n' | sort -t, -nk2",
  "printf 'b,1\\na,2\\n' | sort -rt, -k2",
  "printf 'b 1\\na 2\\n' | sort -bnk2 -r",
  "printf 'a 10\\nb 9\\n' | sort --numeric-sort --key=2",
  "printf '1e3\\n5\\n-2e-1\\n0x10\\nabc\\n' | sort -g",
  "printf 'a 1.5e3\\nb 2e2\\nc -inf\\nd x\\n' | sort -gr -k2,2",
  "printf 'b\\na\\n' | sort -C; echo \"rc=$?\"",
  "printf 'a b\\n' | sort -k0; echo \"rc=$?\"",
  "printf 'b 1\\na 2\\n' | sort -k2x; echo \"rc=$?\"",
  "printf 'b 1\\na 2\\n' | sort -k; echo \"rc=$?\"",
  "printf 'a:1\\nb:2\\n' | sort -t ab -k2; echo \"rc=$?\"",
  "printf 'a 1\\nb 2\\n' | sort -t '' -k2; echo \"rc=$?\"",
];

describe.each(MODES)("sort options (%s)", (mode) => {
  it.each(OPTIONS)("reads options as GNU sort does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
