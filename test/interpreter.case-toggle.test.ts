// Patch 0500-param-case-toggle: ${s~} toggles the case of the first character and ${s~~} of every character, with an
// optional pattern, as in GNU bash; just-bash's parser rejected both as a bad substitution.
import { describe, expect, it } from "vitest";
import { againstBash } from "./bash-reference.js";
import { MODES } from "./helpers.js";

const SCRIPTS = [
  `set -euo pipefail\ns="hello World"\necho "\${s^} \${s^^} \${s,,} \${s~~}"`,
  `s="hello World"; echo "\${s~}|\${s~~}|\${s~~[a-l]}|\${s~[a-l]}"`,
  `name="Ada Lovelace"; flipped=\${name~~}; echo "$flipped"`,
  `x="éa Ü"; echo "\${x~~}"; y=ß; echo "\${y~~}"; e=""; echo "[\${e~}][\${e~~}]"`,
  `declare -A m=([k]=Ab); echo "\${m[k]~~}"; a=(abc DEF); echo "\${a[1]~~} \${a[@]~~}"`,
  `set -u; for w in alpha BETA Gamma; do printf '%s -> %s\\n' "$w" "\${w~~}"; done`,
  `f() { local v="$1"; echo "\${v~}"; }; f mixedCase; f Upper`,
];

describe.each(MODES)("case toggle expansions (%s)", (mode) => {
  it.each(SCRIPTS)("prints what GNU bash prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
