// bc as models use it from bash scripts: the same whole script in GNU bash (with GNU bc 1.07.1 on PATH) and in
// toolshell's shell, stdout bytes and exit code compared, in worker and inline mode.
import { describe, expect, it } from "vitest";
import { againstBash } from "../../bash-reference.js";
import { MODES } from "../../helpers.js";

const SCRIPTS: readonly [string, string][] = [
  ["a division at scale 2", 'a=7; b=3; echo "scale=2; $a / $b" | bc'],
  ["a percentage", 'done=37; total=120; echo "scale=1; $done * 100 / $total" | bc'],
  [
    "an average of a list",
    "prices='19.99 5.25 100 42.5'; sum=0; n=0\n" +
      'for p in $prices; do sum=$(echo "$sum + $p" | bc); n=$((n + 1)); done\n' +
      'echo "sum=$sum avg=$(echo "scale=2; $sum / $n" | bc)"',
  ],
  [
    "money with scale=2 and a here-string",
    'total=$(bc <<< "scale=2; 19.99 * 3 + 4.50"); echo "total: $total"',
  ],
  [
    "a tax rate that truncates",
    'echo "scale=2; 59.97 * 0.0825" | bc; echo "scale=2; 59.97 * 0.0825 / 1" | bc',
  ],
  [
    "a comparison in if (( ))",
    'x=2.5; y=1.75\nif (( $(echo "$x > $y" | bc -l) )); then echo "$x is bigger"; else echo "$y is bigger"; fi',
  ],
  [
    "a comparison in [ ]",
    'score=0.82; if [ "$(echo "$score >= 0.8" | bc)" -eq 1 ]; then echo pass; else echo fail; fi',
  ],
  ["a square root", 'echo "scale=4; sqrt(2)" | bc; echo "sqrt(144)" | bc'],
  ["pi from the math library", 'pi=$(echo "scale=10; 4*a(1)" | bc -l); echo "pi=$pi"'],
  ["-l's default scale", 'echo "10 / 3" | bc -l; echo "e(1)" | bc -l'],
  ["hex and binary output", 'echo "obase=16; 255" | bc; echo "obase=2; 10" | bc; echo "ibase=16; FF" | bc'],
  [
    "a loop in bc and a function",
    'bc <<\'EOF\'\ndefine f(n) {\n  auto i, p\n  p = 1\n  for (i = 2; i <= n; i++) p *= i\n  return (p)\n}\nf(20)\nfor (i = 1; i <= 3; i++) { print i, ": ", i^2, "\\n" }\nEOF',
  ],
  ["a big integer", 'echo "2^200" | bc'],
  ["several lines from printf", "printf '%s\\n' 'scale=3' '1/7' '22/7' | bc"],
  ["a division by zero goes on with the next line", 'printf "1/0\\n5+5\\n" | bc; echo "status $?"'],
  ["a syntax error", 'echo "2 +* 3" | bc; echo "status $?"'],
  ["quit", 'printf "1+1\\nquit\\n3\\n" | bc'],
  ["-q and a rounding idiom", 'echo "scale=2; (2.675 * 100 + 0.5) / 1 / 100" | bc -q'],
  ["negative results print as -.5", 'echo "0.5 - 1" | bc; echo "scale=3; -1/8" | bc'],
  ["an empty program", 'echo "" | bc; echo "status $?"'],
];

describe.each(MODES)("bc in bash scripts (%s)", (mode) => {
  it.each(SCRIPTS)("%s prints what GNU bash with GNU bc prints", async (_name, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
