// Patch 0608-nounset-length-of-scalar: under set -u, ${#x[@]} of a variable that is no array (x=1, x=) ends the
// script with status 1 ("x: unbound variable"), as GNU bash 5.2 does; just-bash printed 1. Arrays, empty or
// not, and a declared-but-never-assigned array (0112, 0560) keep their behaviour.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  'set -u; x=1; echo "${#x[@]}"; echo after',
  'set -u; x=; echo "${#x[*]}"; echo after',
  'set -u; declare -i n=3; echo "${#n[@]}"; echo after',
  'set -u; x=(1); echo "${#x[@]}"; a=(); echo "${#a[@]}"; declare -A m=(); echo "${#m[@]}"',
  'x=1; echo "${#x[@]}"; set -u; y=(a b); echo "${#y[@]}"',
  'set -u; declare -a x; echo "${#x[@]}"; echo after',
  "set -u; declare -A m; echo $(( m[k] + 1 )); echo after",
  'set -euo pipefail\nread -ra parts <<< "a b c"\necho "${#parts[@]}"\nids="1 2"\necho "${#ids[@]}"\necho never',
];

describe.each(MODES)("set -u and the length of a scalar as an array (%s)", (mode) => {
  it.each(SCRIPTS)("is what bash gives: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
