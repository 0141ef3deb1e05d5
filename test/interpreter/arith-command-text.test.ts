// Arithmetic as bash reads it, three differences issue 13's arithmetic fixes left:
// - patch 0605-arith-assoc-key-spaces: an associative array's key inside (( )) is the subscript's text, spaces
//   included: (( m[ $k ]++ )) counts under " a ", as bash does (just-bash trimmed it to "a").
// - patch 0606-arith-single-quote-error: a single quote is no operand in (( )) either: (( '5' + 1 )) is a syntax
//   error with status 1 in bash 5.2 (just-bash read it as 5).
// - patch 0607-arith-command-subst-text: in (( )), $var and $(...) are expanded as text before the expression is
//   parsed, as in $(( )) (patch 0222): (( y = $(echo 2+3) * 2 )) is 2+3*2, 8 (just-bash computed 10).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const KEYS = [
  'declare -A m; k=a; (( m[ $k ]++ )); for x in "${!m[@]}"; do echo "[$x]"; done',
  'declare -A m; k=a; (( m[ $k ] = 1 )); (( m[ b ]++ )); (( m[$k]++ )); (( m[c] += 2 )); echo $(( m[ b ] + m[c] )); for x in "${!m[@]}"; do echo "[$x]=${m[$x]}"; done | sort',
  'declare -A m; k=a; echo $(( m[ $k ]++ )); : $(( m[ x ]++ )); for x in "${!m[@]}"; do echo "[$x]"; done | sort',
  'a=(1 2 3); i=1; (( a[ i ]++ )); (( a[ $i + 1 ] = 9 )); echo "${a[@]}"',
];

const QUOTES = [
  "(( '5' + 1 )); echo $?",
  "(( x = '5' )) || echo failed; echo \"x=$x\"",
  "let \"y = '3'\"; echo $? y=$y",
  "set -e; (( '1' )) || echo caught; (( \"2\" + 1 )) && echo double; echo end",
];

const TEXT = [
  'x="2+3"; (( y = $x * 2 )); echo $y',
  "(( y = $(echo 2+3) * 2 )); echo $y; (( $(echo 2+3) * 2 == 8 )) && echo eight",
  'declare -A m; k="a b"; (( m[$k]++ )); (( m[$k] += 2 )); for x in "${!m[@]}"; do echo "[$x]=${m[$x]}"; done',
  "f() { echo 3; }; (( n = $(f) * 2 )); echo $n; i=0; while (( i < $(echo 3) )); do (( i++ )); done; echo $i",
  "x=1; (( x = $x + 1, y = $x )); echo $x $y",
  "set -u; (( $nope + 1 )); echo after",
  'set -euo pipefail\ntotal=0\nfor line in "a 2+1" "b 4"; do\n  read -r name expr <<< "$line"\n  (( total += $expr * 2 ))\ndone\necho "total=$total"',
];

describe.each(MODES)("arithmetic commands (%s)", (mode) => {
  it.each([...KEYS, ...QUOTES, ...TEXT])("is what bash gives: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
