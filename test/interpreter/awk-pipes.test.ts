// Patch 0800-awk-output-pipes: awk's `print ... | "cmd"` and `printf ... | "cmd"` run "cmd" in the same shell
// (the script's commands, refusals and limits) with the printed text as its stdin, when close("cmd") names it or
// when awk ends, in gawk's order: gawk flushes its buffered stdout when it opens a pipe and on close(), and closes
// the pipes still open at its end (last opened first) before it writes the rest of its stdout. close() returns
// the command's exit status (-1 for a name that is not open) and a closed "cmd" | getline runs again. just-bash
// rejected the | as a parse error. Compared with GNU awk 5.2 from .ci/reference-bin.sh (the machine's
// /usr/bin/awk is mawk); skipped with a console line when missing.
//
// Patch 0801-awk-system: system("cmd") runs cmd in the same shell as gawk does (stdout flushed first, the
// command's output next, its exit status the value); it was refused.
//
// Patch 0802-awk-dev-stdout-stderr: print > "/dev/stderr" writes to awk's stderr and > "/dev/stdout" to its
// stdout, as gawk's special files do; just-bash sent them to the (refused) filesystem: status 2, nothing printed.
// (With 2>&1 the two streams are not interleaved line by line: awk's stdout comes first.)
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { againstBash, inToolshell } from "../bash-reference.js";
import { REFERENCE_BIN } from "../differential/harness.js";
import { MODES } from "../helpers.js";

const GAWK = existsSync(join(REFERENCE_BIN, "awk"));
if (!GAWK) console.warn(`awk-pipes: skipped, no GNU awk in ${REFERENCE_BIN} (run .ci/reference-bin.sh)`);

const SCRIPTS = [
  // The usual shape: aggregate, then sort the report in END.
  [
    "set -euo pipefail",
    "printf 'ann eng\\nbob ops\\ncat eng\\ndan ops\\neve qa\\n' | awk '",
    '  { teams[$2] = teams[$2] (teams[$2] ? "," : "") $1 }',
    '  END { for (t in teams) print t ": " teams[t] | "sort" }',
    "'",
  ].join("\n"),
  // Sorted rows, then a total printed after them (stdout is flushed after the pipe closes at the end).
  [
    "set -euo pipefail",
    "printf 'b 3\\na 5\\nc 1\\na 2\\n' | awk '{ s[$1] += $2 } END {",
    '  for (k in s) printf "%s %d\\n", k, s[k] | "sort -k2,2nr"',
    '  print "total", NR',
    "}'",
  ].join("\n"),
  // close() runs the command there: its output comes before what awk prints next.
  [
    "printf 'b 1\\na 2\\nb 3\\n' | awk '{ c[$1]++ } END {",
    '  print "== counts"',
    '  for (k in c) print k, c[k] | "sort"',
    '  close("sort")',
    '  print "== done"',
    "}'",
  ].join("\n"),
  // Output printed before the pipe opened comes first; output after it waits for the end.
  `awk 'BEGIN { print "a"; print "z" | "sort"; print "y" | "sort"; print "b" }'`,
  `awk 'BEGIN { print "a"; print "z" | "sort"; print "b"; close("sort"); print "c" }'`,
  // Two pipes at the end: the last opened closes first.
  `awk 'BEGIN { print "2" | "sort"; print "1" | "sort -r"; print "3" | "sort"; print "0" | "sort -r"; print "x" }'`,
  // close() returns the exit status; a name that is not open gives -1.
  `awk 'BEGIN { print "q" | "sort; exit 4"; print "status", close("sort; exit 4"); print "none", close("nope") }'`,
  // Pipelines and options in the command string, a command built by concatenation, a command in a variable.
  `printf 'x\\ny\\nx\\nz\\nx\\n' | awk '{ print | "sort | uniq -c | sort -rn" }'`,
  `awk 'BEGIN { n = 2; print "a 2\\nb 10\\nc 1" | "sort -k" n " -n" }'`,
  `printf '3\\n1\\n2\\n5\\n' | awk -v cmd='sort -n | head -n 2' '{ print | cmd } END { print "rows:", NR }'`,
  `awk 'BEGIN { printf "%s\\n", "banana" | "tr a-z A-Z"; printf "%05.1f\\n", 3.14159 | "cat" }'`,
  // fflush() flushes awk's stdout, so what came before it is not held back until the end.
  `awk 'BEGIN { print "a" | "sort"; print "b"; fflush(); print "c" | "sort"; print "d" }'`,
  // getline from a command: close() returns its status and runs it again next time.
  [
    'awk \'BEGIN { "echo a" | getline v; "echo a" | getline w; print v "|" w "|" close("echo a")',
    '  "echo a" | getline u; print u; "exit 3" | getline; print close("exit 3") }\'',
  ].join("\n"),
  // One command per record, closed each time (the usual way to call a command per line).
  [
    "set -euo pipefail",
    "printf 'ab\\ncd\\nab\\n' | awk '{",
    '  cmd = "echo " $1 " | tr a-z A-Z"',
    "  cmd | getline up; close(cmd)",
    "  print NR, up",
    "}'",
  ].join("\n"),
  // In a pipeline under strict mode, awk's status and the text after it.
  [
    "set -euo pipefail",
    "out=$(printf 'k3\\nk1\\nk2\\n' | awk '{ print | \"sort\" }')",
    'echo "$out" | tr "\\n" " "; echo',
    "echo status=$?",
  ].join("\n"),
];

const SYSTEM = [
  `awk 'BEGIN { print "before"; system("echo from-system"); print "after" }'`,
  `awk 'BEGIN { r = system("exit 3"); print "r=" r }'`,
  `printf 'a\\nb\\n' | awk '{ system("echo line " $1) } END { print NR }'`,
  // Pipes still open are not closed by system(): sort's output comes at the end, before the buffered "end".
  `awk 'BEGIN { print "z" | "sort"; print "y" | "sort"; system("echo mid"); print "end" }'`,
  `awk 'BEGIN { if (system("test -n x") == 0) print "yes"; else print "no" }'`,
  [
    "set -euo pipefail",
    "printf '1\\n2\\n' | awk '{ cmd = sprintf(\"echo $(( %d * 10 ))\", $1); system(cmd) }'",
  ].join("\n"),
];

const SPECIAL_FILES = [
  `echo 'a b' | awk '{ printf "%s\\n", $0 > "/dev/stderr" }'`,
  `printf 'a b\\n' | awk '{ print $1 > "/dev/stdout" }'`,
  `awk 'BEGIN { print "e" >> "/dev/stderr"; print "o" > "/dev/fd/1" }'`,
  [
    "printf 'ok 1\\nbad x\\nok 2\\n' | awk '",
    '  $2 !~ /^[0-9]+$/ { print "skip: " $0 > "/dev/stderr"; next }',
    "  { s += $2 } END { print s }'",
  ].join("\n"),
  [
    "set -euo pipefail",
    "out=$(printf '1\\n2\\n' | awk '{ print \"dbg \" $1 > \"/dev/stderr\"; print $1 * 2 }' 2>/dev/null)",
    'echo "$out"',
  ].join("\n"),
];

describe.runIf(GAWK).each(MODES)("awk > /dev/stderr, /dev/stdout (%s)", (mode) => {
  it.each(SPECIAL_FILES)("prints what GNU awk prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode, REFERENCE_BIN);
    expect(toolshell).toEqual(bash);
  });

  it("the text sent to /dev/stderr is on stderr", async () => {
    const result = await inToolshell(`awk 'BEGIN { print "warn: x" > "/dev/stderr"; print "out" }'`, mode);
    expect(result).toMatchObject({ stdout: "out\n", stderr: "warn: x\n", exitCode: 0 });
  });
});

describe.runIf(GAWK).each(MODES)("awk system() (%s)", (mode) => {
  it.each(SYSTEM)("prints what GNU awk prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode, REFERENCE_BIN);
    expect(toolshell).toEqual(bash);
  });
});

describe.runIf(GAWK).each(MODES)("awk print | command (%s)", (mode) => {
  it.each(SCRIPTS)("prints what GNU awk prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode, REFERENCE_BIN);
    expect(toolshell).toEqual(bash);
  });
});

describe.each(MODES)("awk print | command stays in the shell (%s)", (mode) => {
  it("a command in the pipe gets the shell's refusals: nothing is written, awk goes on", async () => {
    const result = await inToolshell(
      `awk 'BEGIN { print "x" | "cat > /tmp/awk-pipe-out"; print "after" }'`,
      mode,
    );
    expect(result.stdout).toBe("after\n");
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("refused");
    expect(existsSync("/tmp/awk-pipe-out")).toBe(false);
  });

  it("system() gets the shell's refusals too: the command fails, awk goes on with its status", async () => {
    const result = await inToolshell(`awk 'BEGIN { r = system("cat /etc/passwd"); print "r=" r }'`, mode);
    expect(result.stdout).toBe("r=1\n");
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("refused");
  });

  it("the command's stderr is awk's stderr", async () => {
    const result = await inToolshell(`awk 'BEGIN { print "oops" | "cat 1>&2"; print "ok" }'`, mode);
    expect(result).toMatchObject({ stdout: "ok\n", stderr: "oops\n", exitCode: 0 });
  });
});
