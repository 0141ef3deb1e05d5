// Patch 0700-command-word-splitting: a command word that comes from an expansion is split like any other word, its
// first field the command and the rest arguments, as in GNU bash: `run() { "$@"; }; run echo hi`,
// `c=(get_user --id 3); "${c[@]}"`, `c="echo a b"; $c`. just-bash expanded it to one string and answered
// `bash: echo hi: command not found` (127). An expansion with no fields and no words after it does nothing (status
// 0, or the last command substitution's); with words after it the next word is the command. A command named only at
// run time still goes through toolshell's guard, as the command it became: `c="source f"; $c` is refused as
// `source f` is, `c=help; $c` is toolshell's help.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES, shop } from "../helpers.js";

const WORDS: Record<string, string> = {
  "a run wrapper": `run() { "$@"; }; run echo hi`,
  "a logging run wrapper in strict mode": [
    "set -euo pipefail",
    `run() { echo "+ $*" >&2; "$@"; }`,
    `run printf '%s\\n' b a | sort`,
    `run echo "done"`,
  ].join("\n"),
  "a command array": `c=(printf '%s|' a 'b c'); "\${c[@]}"; echo`,
  "a command array built up": [
    "set -euo pipefail",
    "cmd=(echo list --team sales)",
    `if [[ \${ONLY:-yes} == yes ]]; then cmd+=(--active true); fi`,
    `"\${cmd[@]}" | tr a-z A-Z`,
  ].join("\n"),
  "a command string": `c="echo a  b"; $c; c='echo $HOME *'; $c`,
  "words in a string are only words": `c="echo x > /nonexistent/f | cat"; $c; echo "st $?"`,
  "IFS splits the command word": `IFS=,; c="echo,x y"; $c; IFS=' '`,
  "a function through an array": `f() { echo "f:$#:$*"; }; c=(f "a b" c); "\${c[@]}"`,
  "a quoted name is one field": `n=echo; "$n" q; n='echo q'; "$n" 2>/dev/null; echo "st $?"`,
  "brace expansion as the command": `{echo,brace} x`,
  "a substitution as the command": `t=$(echo echo); $t sub; $(echo echo) sub2 b; \`echo echo\` sub3`,
  "array slices and elements": `a=(echo x); \${a[@]}; \${a[0]} y; "\${a[@]:0:1}" z`,
  "a builtin from a string": `c="declare x=1 y"; $c; echo "[$x]"; c="printf %s-%s a b"; $c; echo`,
  "true and false from a variable": `c=true; if $c; then echo yes; fi; c=false; $c || echo no; ! $c && echo neg`,
  "a retry loop": [
    `retry() { local n=0; until "$@"; do n=$((n+1)); [ $n -ge 3 ] && return 1; done; }`,
    "retry test 1 -eq 1 && echo ok",
    "retry false || echo failed",
  ].join("\n"),
  "a timed wrapper": `timed() { local s=$SECONDS; "$@"; local rc=$?; echo "rc=$rc"; return $rc; }; timed echo hi; timed false || echo "failed $?"`,
  "wrappers: command, eval, timeout": `set -- echo hi; command "$@"; eval "$*"; c='echo e'; eval "$c"; timeout 5 "$@"; echo $?`,
  "an empty expansion is a no-op with status 0": `false; $e; echo "a $?"; false; "$@"; echo "b $?"; false; "\${none[@]}"; echo "c $?"`,
  "an empty expansion keeps a substitution's status": `$(exit 3); echo "a $?"; x=$(false) $e; echo "b $?"`,
  "assignments before an empty expansion stay": `X=1 $e; echo "X=$X"; Y=2 "$@"; echo "Y=$Y"`,
  "assignments before an expanded command are its own": `f() { echo "X=$X"; }; set -- f; X=5 "$@"; echo "[$X]"`,
  "an empty expansion then a command": `set --; "$@" echo hi; $e echo there; $e"$@" echo joined`,
  "an empty quoted name is not found": `""; echo "a $?"; e=; "$e" 2>/dev/null; echo "b $?"`,
  "an unknown command from a variable": `c="nosuchcmd --x"; $c 2>/dev/null; echo "st $?"`,
  "exit status of the expanded command": `set -- sh_fn; sh_fn() { return 7; }; "$@"; echo $?; c=(return 3); f() { "\${c[@]}"; echo no; }; f; echo $?`,
  "strict mode stops at a failing expanded command": `set -e; c=(false); echo before; "\${c[@]}"; echo after`,
  "a pipeline of expanded commands": `a=(printf '%s\\n' c a b); s=(sort -r); "\${a[@]}" | "\${s[@]}"`,
};

describe.each(MODES)("a command word from an expansion splits as in bash (%s)", (mode) => {
  it.each(Object.entries(WORDS))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const NO_FS = "this shell has no filesystem";

describe.each(MODES)("a command named at run time goes through toolshell (%s)", (mode) => {
  it("tool commands run from an array, a string and a wrapper", async () => {
    const script = [
      "set -euo pipefail",
      `run() { "$@"; }`,
      "c=(get_user --id 42)",
      `"\${c[@]}" | jq -r .name`,
      `s="get_user --id 42"`,
      "$s | jq -r .email",
      "run get_user --id 42 | jq -r .tier",
    ].join("\n");
    const result = await shop(mode).execute(script);
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
      stdout: "Jane Doe\njane@example.com\ngold\n",
      stderr: "",
      exitCode: 0,
    });
    expect(result.trace.map((entry) => entry.name)).toEqual(["get_user", "get_user", "get_user"]);
  });

  it("a file read from a string is refused as when written out", async () => {
    const written = await shop(mode).execute(`cat /etc/passwd; echo "st $?"`);
    const expanded = await shop(mode).execute(`c="cat /etc/passwd"; $c; echo "st $?"`);
    expect(expanded).toMatchObject({ stdout: "st 1\n", stderr: written.stderr, exitCode: 0 });
    expect(expanded.stderr).toContain(NO_FS);
  });

  it("source and a path from a variable are refused by the guard, and the script goes on", async () => {
    const result = await shop(mode).execute(
      `c="source /etc/profile"; $c; echo "st $?"; set -- /bin/echo hi; "$@"; echo "st $?"; $e . /x; echo "st $?"`,
    );
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
      stdout: "st 1\nst 1\nst 1\n",
      stderr: [
        `bash: source: refused: ${NO_FS}; define functions in the script itself`,
        `bash: /bin/echo: running a path refused: ${NO_FS}; call commands by name (echo)`,
        `bash: .: refused: ${NO_FS}; define functions in the script itself`,
        "",
      ].join("\n"),
      exitCode: 0,
    });
  });

  it("help and wait from a variable are toolshell's", async () => {
    const api = shop(mode);
    const written = await api.execute("help");
    const expanded = await api.execute(`c=help; $c`);
    expect(expanded.stdout).toBe(written.stdout);
    expect(expanded.stdout).toContain("get_user");
    const waited = await api.execute(`w=wait; { sleep 0.05; echo job; } & $w; echo "after $?"`);
    expect(waited.stdout).toBe("job\nafter 0\n");
  });

  it("set -x shows the command as it was expanded, not the guard's rewrite", async () => {
    const result = await shop(mode).execute(`set -x; c="echo a b"; $c; s="source /x"; $s; echo "st $?"`);
    expect(result.stdout).toBe("a b\nst 1\n");
    // (How xtrace quotes the assignments is just-bash's own; the lines of the commands are the point.)
    expect(result.stderr).toContain(
      `+ echo a b\n+ s=source /x\nbash: source: refused: ${NO_FS}; define functions in the script itself\n+ echo 'st 1'\n`,
    );
    expect(result.stderr).not.toContain("toolshell");
  });
});
