import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BASH, type Outcome } from "../bash-reference.js";
import { MODES, shop } from "../helpers.js";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * The script under GNU bash with its own empty folder standing for /tmp (and as TMPDIR, for mktemp), the folder's
 * name printed back as /tmp: what the same script prints with toolshell's scratch space.
 */
function inBashWithTmp(script: string): Promise<Outcome> {
  const folder = mkdtempSync(join(tmpdir(), "toolshell-scratch-ref-"));
  folders.push(folder);
  return new Promise((resolve) => {
    execFile(
      BASH,
      ["-c", script.replaceAll("/tmp", folder)],
      { cwd: folder, env: { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8", TMPDIR: folder }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ stdout: stdout.replaceAll(folder, "/tmp"), stderr, exitCode });
      },
    );
  });
}

/** What models write with scratch files, each as bash runs it. */
const SCRIPTS: [string, string][] = [
  ["write then read", "echo x > /tmp/a; cat /tmp/a"],
  ["append", "echo x > /tmp/a; echo y >> /tmp/a; cat /tmp/a; wc -l < /tmp/a"],
  ["tee", "echo '{\"a\":1}' | tee /tmp/x.json; jq -c . < /tmp/x.json"],
  ["tee -a", "echo a | tee /tmp/t; echo b | tee -a /tmp/t > /dev/null; cat /tmp/t"],
  ["here-doc into a file", "cat <<EOF > /tmp/f\nline1\nline2\nEOF\ncat /tmp/f; wc -l < /tmp/f"],
  ["mkdir -p and ls", "mkdir -p /tmp/d/e; echo 1 > /tmp/d/f; ls /tmp; ls /tmp/d"],
  ["rm", "echo x > /tmp/a; rm /tmp/a; ls /tmp; [ -f /tmp/a ] && echo yes || echo no"],
  [
    "tests",
    "echo x > /tmp/a; [ -f /tmp/a ] && echo file; [ -d /tmp ] && echo dir; [ -e /tmp/z ] || echo none",
  ],
  ["wc -l < file", "printf '1\\n2\\n3\\n' > /tmp/a; wc -l < /tmp/a"],
  [
    "while read from a file",
    "printf '3\\n1\\n' > /tmp/a; n=0; while read -r l; do n=$((n+l)); done < /tmp/a; echo $n",
  ],
  ["sort -o in place", "printf '3\\n1\\n2\\n' > /tmp/a; sort -o /tmp/a /tmp/a; cat /tmp/a"],
  [
    "mktemp",
    'f=$(mktemp); echo data > "$f"; cat "$f"; d=$(mktemp -d); [ -d "$d" ] && echo dir; ls /tmp | wc -l',
  ],
  ["mktemp with a template", 'f=$(mktemp /tmp/run.XXXXXX); [ -f "$f" ] && echo made; rm "$f"; ls /tmp'],
  ["done < <(cmd)", "n=0; while read -r l; do n=$((n+1)); done < <(printf 'a\\nb\\n'); echo $n"],
  ["cat <(cmd)", "cat <(echo x)"],
  ["paste <(a) <(b)", "paste <(printf '1\\n2\\n') <(printf 'a\\nb\\n')"],
  [
    "cp, mv and glob",
    "echo 1 > /tmp/a.json; cp /tmp/a.json /tmp/b.json; mv /tmp/b.json /tmp/c.json; cat /tmp/*.json; ls /tmp",
  ],
  ["for over a glob", 'for i in 1 2; do echo $i > /tmp/$i.txt; done; for f in /tmp/*.txt; do cat "$f"; done'],
  ["touch, missing file", "touch /tmp/e; wc -c < /tmp/e; cat /tmp/missing; echo rc=$?"],
  ["cd /tmp, relative file", "cd /tmp && echo x > rel && cat rel && pwd"],
  ["$(< file)", 'echo v > /tmp/a; x=$(< /tmp/a); echo "[$x]"'],
  ["rm -r", "mkdir /tmp/d; echo 1 > /tmp/d/f; rm -r /tmp/d; ls /tmp; echo end"],
  ["find", "mkdir /tmp/d; echo a > /tmp/d/q.txt; find /tmp -name '*.txt'"],
  [
    "jq with file operands",
    "echo '{\"a\":1}' > /tmp/x.json; jq .a /tmp/x.json; jq -s length /tmp/x.json /tmp/x.json; cd /tmp && jq -c . x.json",
  ],
  ["jq with a missing file", "echo 1 > /tmp/x.json; jq . /tmp/nope /tmp/x.json; echo rc=$?"],
];

describe.each(MODES)("scratch semantics against GNU bash (%s)", (mode) => {
  it.each(SCRIPTS)("%s", async (_, script) => {
    const [bash, toolshell] = await Promise.all([
      inBashWithTmp(script),
      shop(mode, { scratch: true }).execute(script),
    ]);
    expect({ stdout: toolshell.stdout, exitCode: toolshell.exitCode }).toEqual({
      stdout: bash.stdout,
      exitCode: bash.exitCode,
    });
  });
});

const NO_FS = "this shell has no filesystem";

describe.each(MODES)("scratch is off by default (%s)", (mode) => {
  it.each([
    [
      "echo x > /tmp/a; cat /tmp/a",
      `bash: redirection to or from a file (> /tmp/a) refused: ${NO_FS}; keep data in variables and pipes (only /dev/null is allowed)\n` +
        `cat: /tmp/a: refused: ${NO_FS}; pipe the data in on stdin instead\n`,
      1,
    ],
    ["echo x | tee /tmp/x.json", `tee: refused: ${NO_FS}; tool results live in variables and pipes\n`, 1],
    ["ls /tmp", `ls: refused: ${NO_FS}; tool results live in variables and pipes\n`, 1],
    ["mktemp", `mktemp: refused: ${NO_FS}; tool results live in variables and pipes\n`, 1],
  ])("refuses %j as it did", async (script, stderr, exitCode) => {
    const result = await shop(mode).execute(script);
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
      stdout: "",
      stderr,
      exitCode,
    });
  });

  it("is off for one run that says scratch: false", async () => {
    const result = await shop(mode, { scratch: true }).execute("ls /tmp", { scratch: false });
    expect(result.stderr).toBe(`ls: refused: ${NO_FS}; tool results live in variables and pipes\n`);
  });

  it("is on for one run that says scratch: true", async () => {
    const result = await shop(mode).execute("echo hi > /tmp/a; cat /tmp/a", { scratch: true });
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
      stdout: "hi\n",
      stderr: "",
      exitCode: 0,
    });
  });
});
