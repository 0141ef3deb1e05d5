// Patches 0500-param-case-toggle and 0501-array-case-modification (below). 0500: ${s~} toggles the case of the first
// character and ${s~~} of every character, with an optional pattern, as in GNU bash; just-bash's parser rejected both
// as a bad substitution.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

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

// Patch 0501-array-case-modification: "${arr[@]^}", "${arr[@]^^}", "${arr[@],,}", "${arr[@]~}" and "${@^}" change each
// element and keep one word per element, as in bash; just-bash changed the joined string, so "${a[@]^^}" was one
// word and "${a[@]^}" capitalised only the first element.
const ARRAYS = [
  `a=(abc "def ghi" jkl)\nfor x in "\${a[@]^^}"; do echo "[$x]"; done\nfor x in "\${a[@]^}" "\${a[@],,}" "\${a[@]~}"; do echo "[$x]"; done`,
  `a=(ab cd); echo "\${a[*]^}"; IFS=,; echo "\${a[*]^^}"`,
  `set -euo pipefail\nnames=(alice bob "carol ann")\nfor n in "\${names[@]^}"; do printf '%s\\n' "$n"; done`,
  `f() { echo "\${@^^}"; for w in "\${@^}"; do echo "-$w"; done; echo "\${*~}"; }\nf alpha "beta gamma"`,
  `declare -A m=([k]=vx); echo "\${m[@]^}"; s=solo; echo "\${s[@]^}"; b=(x-y z); echo "\${b[@]^^[a-x]}"`,
  `e=(); for x in "\${e[@]^}"; do echo "[$x]"; done; echo "star[\${e[*]^}]"; set --; for x in "\${@^}"; do echo "[$x]"; done`,
  `a=(x "" "y z"); for w in \${a[@]^}; do echo "[$w]"; done; for w in \${a[*]^^}; do echo "<$w>"; done; echo \${a[*]~}`,
  `f() { for w in \${@^}; do echo "-$w"; done; }; f alpha "beta gamma"; a=(a,b c); IFS=,; for w in \${a[@]^^}; do echo "[$w]"; done`,
];

describe.each(MODES)("case modification of each array element (%s)", (mode) => {
  it.each(ARRAYS)("prints what GNU bash prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

// Patch 0502-case-modification-first-char: ${s^pat} / ${s,pat} / ${s~pat} test only the first character, as in bash
// (${s^l} of hello is hello; just-bash changed the first l anywhere: heLlo). Patch 0503-case-modification-pattern-word:
// the pattern is a word, so quotes and $var work (${s^^"l"}, ${s^^$v}; just-bash matched the quotes literally).
const PATTERNS = [
  `s=hello; echo "\${s^l} \${s^h} \${s^[a-z]} \${s~[h]} \${s~l}"; S=HELLO; echo "\${S,H} \${S,E} \${S,,[EL]}"`,
  `a=(lx ab); echo "\${a[@]^l}"; name=bob; echo "\${name^[abc]}"`,
  `s=hello; v=l; echo "\${s^^$v} \${s^^"l"} \${s^^'l'} \${s^^[lo]} \${s^^l*}"`,
  `s=hello; p='[ae]'; echo "\${s^^$p}" "\${s^^"$p"}"; w="a*b"; echo "\${w^^[*]}" "\${w^^\\*}"`,
  `set -u; vowels='[aeiou]'; for w in banana kiwi; do echo "\${w^^$vowels} \${w~~"$vowels"}"; done`,
];

describe.each(MODES)("case modification with a pattern (%s)", (mode) => {
  it.each(PATTERNS)("prints what GNU bash prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
