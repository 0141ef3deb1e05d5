// Patches 0305-printf-float-rounding (and 0313-printf-alt-g-carry, marked below): printf's %f/%e/%g format the exact
// binary value as C does, rounding half to even (bash's printf reads its argument as an x87 long double): `printf
// '%.2f' 0.125` is 0.12 and `%.0f` of 2.5 is 2 (just-bash used toFixed, which rounds ties up: 0.13, 3). Also %g's
// switch to exponent form, numbers past 1e21, -0, inf/nan, hex input, and "invalid number" (exit 1) for an argument
// that is not all number.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  "printf '%.2f %.2f %.0f %.0f %.2f %.1f\\n' 0.125 2.675 2.5 3.5 1.005 0.05",
  "printf '%.1f\\n' 0.25 0.35 0.45 -0.25",
  "printf '%.0f\\n' 0.5 1.5 2.5 -0.5 -1.5",
  "printf '%.20f\\n' 0.1",
  "printf '%g %g %g %e\\n' 0.00001 123456789 1e21 0",
  "printf '%.3g|%.10g|%G|%#g\\n' 0.0001234 1234567.891 1e-10 1.5",
  "printf '%.2f\\n' 1e21 -0 0x1p3",
  "printf '%f %F %f\\n' inf -inf nan",
  "printf '%5.1f|%-8.2f|%08.3f|%+.2e|% g\\n' 3.14159 2.5 -1.5 12345 42",
  "printf '%.*f|%*.*f|\\n' 2 0.125 8 1 0.25",
  "printf '%lf %Lf\\n' 1.5 2.5",
  `printf '%f\\n' 12abc; echo "rc=$?"`,
  `printf '%f\\n' ''; echo "rc=$?"`,
  "printf '%f\\n' \"'A\"",
  "printf -v x '%.2f' 0.125; echo \"[$x]\"",
  "printf '%s=%.1f\\n' a 0.05 b 0.15 c 0.25",
  "printf '%e\\n' 1e300 1e-300",
  // 0313: glibc's %#g when rounding carries it into the exponent form: 999.9 -> "1.e+03"
  "printf '%#.3g|%#.3g|%#.2g|%#.3g|%#g|%#.3g\\n' 999.9355 999.5 99.7 9.9996 999999.7 0.0009999",
  [
    "set -euo pipefail",
    "prices=(19.125 4.5 0.125 2.675 10)",
    'for p in "${prices[@]}"; do printf "%-8s %8.2f %6.0f\\n" "$p" "$p" "$p"; done',
    'printf "total: %.2f\\n" 36.425',
  ].join("\n"),
];

describe.each(MODES)("printf floats (%s)", (mode) => {
  it.each(SCRIPTS)("rounds as bash's printf does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
