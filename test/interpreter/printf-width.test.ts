// Patch 0309-printf-s-width-bytes: printf's %s counts width and precision in bytes, as bash's printf does (C's
// printf on the UTF-8 bytes): `printf '%-8s|' Zürich` pads with one space, not two. A precision that would cut a
// character in half keeps only the whole characters before it (bash would print the partial byte).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  "printf '[%-8s][%8s][%.2s][%-4.3s]\\n' Zürich Zürich ü€x Zürich",
  "printf '[%-10s|%5s|%.3s|%s]\\n' abc de fghij klm",
  "printf '[%-6s]\\n' 😀 日本 é",
  "printf '[%10.4s]\\n' 'Müller'",
  "printf '[%s]\\n' ''; printf '[%5s]\\n' ''",
  "printf -v x '%-8s|' 'Zürich'; echo \"$x\"",
  [
    "set -euo pipefail",
    "declare -A temp=([Zürich]=-2.5 [London]=11.5 [São Paulo]=24)",
    'for c in London "São Paulo" Zürich; do printf "%-12s %6.1f\\n" "$c" "${temp[$c]}"; done',
  ].join("\n"),
];

describe.each(MODES)("printf string width (%s)", (mode) => {
  it.each(SCRIPTS)("pads as bash's printf does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
