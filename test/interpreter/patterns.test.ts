// Patches 0400-bracket-negation and 0401-ere-bracket-bang: bracket expressions in patterns read as GNU bash reads
// them. `[!...]` negates like `[^...]` in case, [[ == ]], [[ != ]] and ${x#...}/${x%...}/${x//...} (just-bash read
// `[!0-9]` in case and [[ ]] as "! or a digit", inverting `*[!0-9]*`), a `]` right after `[` or `[!` is a member,
// and in [[ =~ ]] (a regular expression, not a pattern) `[!a]` is "! or a", not a negation.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const CASE = [
  // The number check models write most.
  `for x in 12 1a abc "" 7 -3; do case $x in ''|*[!0-9]*) echo "$x: not a number";; *) echo "$x: number";; esac; done`,
  `set -euo pipefail
is_int() { case $1 in ''|*[!0-9]*) return 1;; esac; }
for v in 42 4.2 x 007; do if is_int "$v"; then echo "$v ok"; else echo "$v bad"; fi; done`,
  `for x in 12 1a '^' '!' 5; do case $x in [^0-9]) echo "$x: non-digit";; *) echo "$x: other";; esac; done`,
  `for x in ']' a b d '!'; do case $x in []abc]) echo "$x in";; *) echo "$x out";; esac; done`,
  `for x in ']' a b d '!'; do case $x in [!]abc]) echo "$x in";; *) echo "$x out";; esac; done`,
  `for x in 1 a ' ' x; do case $x in [[:digit:]]) echo "$x digit";; [![:space:]]) echo "$x nonspace";; *) echo "$x other";; esac; done`,
  `x=A; case $x in [[:upper:][:digit:]]) echo ud;; esac; case 5 in [![:upper:][:digit:]]) echo n1;; *) echo n2;; esac`,
  `v=v1.2; case $v in v[!a-z]*) echo version;; *) echo name;; esac`,
  `x='!'; case $x in [!!]) echo a;; *) echo b;; esac`,
  `x='-'; case $x in [!a-]) echo a;; *) echo b;; esac; case $x in [a-]) echo c;; esac`,
  `x=x; case $x in [!) echo lit;; *) echo other;; esac; y='[!'; case $y in [!) echo lit;; esac`,
  `shopt -s extglob; case abc in !(*[!a-z]*)) echo alpha;; esac; case 12 in +([0-9])) echo num;; esac`,
];

const CONDITIONAL = [
  `x=abc123; [[ $x == *[!0-9]* ]] && echo has-nondigit || echo all-digits
y=123; [[ $y == *[!0-9]* ]] && echo has-nondigit || echo all-digits`,
  `y=123; [[ $y != *[!0-9]* ]] && echo num; x=12a; [[ $x != *[!0-9]* ]] || echo notnum`,
  `for f in "" 0 42 -1 3.5 1e3 007; do if [[ -n $f && $f != *[!0-9]* ]]; then echo "$f int"; else echo "$f no"; fi; done`,
  `x=hello; [[ $x == h[!a]llo ]] && echo 1; [[ $x == h[^e]llo ]] && echo 2 || echo 3`,
  `x='a]b]c'; [[ $x == *[!]]* ]] && echo y1; [[ c == [!]a] ]] && echo y2; [[ ']' == [!]a] ]] || echo y3`,
  `p='[!a]'; [[ ab == a$p ]] && echo pattern; [[ ab == a"$p" ]] || echo literal`,
  `[[ '!' =~ ^[!a]$ ]] && echo bang; [[ b =~ ^[!a]$ ]] || echo not-negated; [[ ']' =~ ^[]a]$ ]] && echo bracket`,
];

const EXPANSION = [
  `x=abc123def; echo "\${x#*[!a-z]}" "\${x##*[!0-9]}" "\${x%[!a-z]*}" "\${x%%[!a-z]*}"`,
  `x=a1b2c3; echo "\${x//[!0-9]/}" "\${x//[^0-9]/}" "\${x//[[:digit:]]/_}" "\${x/[!a]/X}"`,
  `x=abc; echo "\${x%[!]a]}" "\${x%[!a]}" "\${x%[]a]}" "\${x#[!]b]}"`,
  `x=' a b '; echo "[\${x//[![:space:]]/}]" "[\${x//[[:space:]]/}]"`,
  `s="hello world"; echo "\${s//[![:alpha:]]/_}" "\${s%%[![:alnum:]]*}"`,
  `arr=(a1 b2 c3); echo "\${arr[@]//[!0-9]/}" "\${arr[@]#[!0-9]}"`,
  `set -- a1 b2; echo "\${@//[!0-9]/}" "\${*#[!0-9]}"`,
  `x=foo.txt; echo "\${x%.[!.]*}"; y=a.b.c; echo "\${y%.[!.]*}" "\${y%%.[!.]*}"`,
  `phone='(555) 123-4567'; digits=\${phone//[!0-9]/}; echo "$digits \${#digits}"`,
];

describe.each(MODES)("bracket expressions (%s)", (mode) => {
  it.each(CASE)("case reads them as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
  it.each(CONDITIONAL)("[[ ]] reads them as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
  it.each(EXPANSION)("parameter expansion reads them as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
