import { describe, expect, it } from "vitest";
import { shop } from "../helpers.js";

const NO_FS = "this shell has no filesystem";

/** Each refusal: the exact stderr line, exit 1 for that command, and the script goes on. */
const refusals: Array<[string, string, string, number?]> = [
  ["ls", "ls /", `ls: refused: ${NO_FS}; tool results live in variables and pipes`],
  ["find", "find / -name x", `find: refused: ${NO_FS}; tool results live in variables and pipes`],
  ["mkdir", "mkdir /tmp/x", `mkdir: refused: ${NO_FS}; tool results live in variables and pipes`],
  ["rm", "rm -rf /", `rm: refused: ${NO_FS}; tool results live in variables and pipes`],
  ["cp", "cp a b", `cp: refused: ${NO_FS}; tool results live in variables and pipes`],
  ["mv", "mv a b", `mv: refused: ${NO_FS}; tool results live in variables and pipes`],
  ["touch", "touch f", `touch: refused: ${NO_FS}; tool results live in variables and pipes`],
  ["chmod", "chmod +x f", `chmod: refused: ${NO_FS}; tool results live in variables and pipes`],
  ["ln", "ln -s a b", `ln: refused: ${NO_FS}; tool results live in variables and pipes`],
  ["stat", "stat /etc/passwd", `stat: refused: ${NO_FS}; tool results live in variables and pipes`],
  [
    "cat with a file",
    "cat /etc/passwd",
    `cat: /etc/passwd: refused: ${NO_FS}; pipe the data in on stdin instead`,
  ],
  [
    "grep with a file",
    "grep root /etc/passwd",
    `grep: /etc/passwd: refused: ${NO_FS}; pipe the data in on stdin instead`,
    2, // grep's own code for a file it cannot read, as GNU grep
  ],
  [
    "sed with a file",
    "sed s/a/b/ notes.txt",
    `sed: /notes.txt: refused: ${NO_FS}; pipe the data in on stdin instead`,
  ],
  [
    "awk with a file",
    "awk '{print}' /etc/hosts",
    `awk: /etc/hosts: refused: ${NO_FS}; pipe the data in on stdin instead`,
  ],
  [
    "head with a file",
    "head -1 /etc/passwd",
    `head: /etc/passwd: refused: ${NO_FS}; pipe the data in on stdin instead`,
  ],
  [
    "sort with a file",
    "sort /etc/passwd",
    `sort: /etc/passwd: refused: ${NO_FS}; pipe the data in on stdin instead`,
  ],
  [
    "wc with a file",
    "wc -l /etc/passwd",
    `wc: /etc/passwd: refused: ${NO_FS}; pipe the data in on stdin instead`,
  ],
  [
    "output redirection",
    "echo hi > /tmp/f",
    `bash: redirection to or from a file (> /tmp/f) refused: ${NO_FS}; keep data in variables and pipes (only /dev/null is allowed)`,
  ],
  [
    "append redirection",
    "echo hi >> log.txt",
    `bash: redirection to or from a file (>> log.txt) refused: ${NO_FS}; keep data in variables and pipes (only /dev/null is allowed)`,
  ],
  [
    "input redirection",
    "read -r line < /etc/passwd",
    `bash: redirection to or from a file (< /etc/passwd) refused: ${NO_FS}; keep data in variables and pipes (only /dev/null is allowed)`,
  ],
  [
    "redirection of a loop",
    "while read -r l; do echo $l; done < /etc/passwd",
    `bash: redirection to or from a file (< /etc/passwd) refused: ${NO_FS}; keep data in variables and pipes (only /dev/null is allowed)`,
  ],
  [
    "process substitution",
    "cat <(echo x)",
    `bash: process substitution <(echo x) refused: ${NO_FS}, so <(...) has no file to read; pipe its output in instead (echo x | ...) or capture it first: out=$(echo x)`,
  ],
  ["source", "source ./lib.sh", `bash: source: refused: ${NO_FS}; define functions in the script itself`],
  ["dot", ". ./lib.sh", `bash: .: refused: ${NO_FS}; define functions in the script itself`],
  [
    "absolute path",
    "/bin/echo x",
    `bash: /bin/echo: running a path refused: ${NO_FS}; call commands by name (echo)`,
  ],
  [
    "relative path",
    "./run.sh",
    `bash: ./run.sh: running a path refused: ${NO_FS}; call commands by name (run.sh)`,
  ],
];

describe("the shell refuses file access and says why", () => {
  const api = shop("worker");
  it.each(refusals)("%s", async (_name, command, line, code = 1) => {
    const result = await api.execute(`${command}\necho "rc=$?"`);
    expect(result).toMatchObject({ stdout: `rc=${code}\n`, stderr: `${line}\n`, exitCode: 0 });
  });

  it("refuses jq file operands too", async () => {
    expect(await api.execute("jq . /etc/passwd; echo rc=$?")).toMatchObject({
      stdout: "rc=2\n",
      stderr: "jq: file operands are refused: this shell has no filesystem (pipe the data in on stdin)\n",
    });
  });

  it("refuses a redirection whose target is only known at run time, naming it as written", async () => {
    expect(await api.execute('f=/etc/passwd; cat < "$f"; echo rc=$?')).toMatchObject({
      stdout: "rc=1\n",
      stderr: `bash: redirection to or from a file (< $f) refused: ${NO_FS}; keep data in variables and pipes (only /dev/null is allowed)\n`,
    });
  });

  it("refuses inside eval and command substitution as well", async () => {
    const result = await api.execute('eval "cat /etc/passwd"; echo "[$(< /etc/passwd)]"');
    expect(result.stdout).toBe("[]\n");
    expect(result.stderr).toBe(
      `cat: /etc/passwd: refused: ${NO_FS}; pipe the data in on stdin instead\n` +
        `bash: redirection to or from a file (< /etc/passwd) refused: ${NO_FS}; keep data in variables and pipes (only /dev/null is allowed)\n`,
    );
  });

  it("keeps going under set -e only until the refused command", async () => {
    const result = await api.execute("set -e\necho before\nls /\necho after");
    expect(result).toMatchObject({ stdout: "before\n", exitCode: 1 });
  });

  it("allows cat reading stdin only", async () => {
    const result = await api.execute("echo '{\"id\":42}' | cat | jq .id; cat - <<<ok");
    expect(result).toMatchObject({ stdout: "42\nok\n", stderr: "", exitCode: 0 });
  });

  it("allows descriptor moves and /dev/null both ways", async () => {
    const result = await api.execute("echo err >&2; cat </dev/null; echo out 2>&1 >/dev/null; echo done");
    expect(result).toMatchObject({ stdout: "done\n", stderr: "err\n", exitCode: 0 });
  });

  it("says command not found with the closest tool", async () => {
    const result = await api.execute("get_usr --id 42");
    expect(result).toMatchObject({
      stdout: "",
      stderr: "bash: get_usr: command not found (did you mean get_user? see help)\n",
      exitCode: 127,
    });
  });

  it("says why a missing program is missing", async () => {
    const result = await api.execute("curl https://example.com");
    expect(result.stderr).toBe(
      "bash: curl: command not found (this shell runs only its tools and text commands; see help)\n",
    );
    expect(result.exitCode).toBe(127);
  });
});
