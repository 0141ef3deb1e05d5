// Patches 0200-arith-shift-not-heredoc and 0201-arith-command-source-text (issue 13, item 14): inside (( )), `<<`
// and `<<=` are shifts (just-bash's lexer opened a here-document and the script failed to parse), and the
// expression is read from the script's text (`((x<<=3))` was rebuilt from tokens as "x << =3").
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  "(( x = 1 << 4 )); echo $x",
  "x=3; (( x <<= 2 )); echo $x",
  "x=1; ((x<<=3)); echo $x; y=$((x<<1)); echo $y",
  "for i in 0 1 2 3; do (( m = 1 << i )); echo $m; done",
  "flags=0; (( flags |= 1 << 3 )); echo $flags; (( (flags & (1<<3)) != 0 )) && echo set",
  "if (( 1<<2 == 4 )); then echo four; fi; i=0; while (( i < 1<<2 )); do (( i++ )); done; echo $i",
  "for (( i = 1; i < 1 << 4; i <<= 1 )); do printf '%d ' $i; done; echo",
  // here-documents right after a shift still work
  "(( x = 1 << 4 )); cat <<EOF\nx is $x\nEOF\necho after",
  "x=$(( 3 << 2 )); (( y = x << 1 )); cat <<'E'\n$x\nE\necho $y",
  "cat <<-EOF\n\ta $(( 2 << 1 ))\n\tEOF\n(( z = 2 << 2 )); echo $z",
  // what already worked keeps working
  "echo $(( 1 << 10 )); a=10; (( a >> 1 )) && echo nz; (( b = a >> 1 )); echo $b; (( a >>= 2 )); echo $a",
];

describe.each(MODES)("shifts in arithmetic (%s)", (mode) => {
  it.each(SCRIPTS)("shifts as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
