// toolshell rewrites some of the interpreter's stderr and parse errors by matching their wording with regexes: a
// pinned just-bash that words a line differently makes the regex miss, and the rewrite silently stops. Each test
// here makes the real interpreter say one line a regex depends on and pins that line exactly; its name says which
// regex (file and function) reads it. When one fails after a just-bash upgrade, update that regex, then the pin.
// Where the function is exported, the test also checks it still rewrites the line.
import { describe, expect, it } from "vitest";
import { Bash, type CommandName, parse } from "#just-bash";
import { needsMoreInput } from "../../src/cli/repl.js";
import { explainRefusals, SCRATCH_COMMANDS, TRANSFORM_COMMANDS } from "../../src/shell/commands.js";
import { RefusingFileSystem } from "../../src/shell/filesystem.js";
import { explainScratch, ScratchFileSystem } from "../../src/shell/scratch.js";

/** A shell over `fs` with the commands toolshell keeps, as run-script.ts builds one (without toolshell's own). */
function shell(fs: RefusingFileSystem, commands: readonly CommandName[] = TRANSFORM_COMMANDS): Bash {
  fs.commands = new Set(commands);
  return new Bash({
    fs,
    cwd: "/",
    defenseInDepth: false,
    commands: [...commands],
    executionLimits: { maxBraceExpansionResults: 100_000, maxArrayElements: 100_000 },
  });
}

async function stderrOf(script: string, fs: RefusingFileSystem = new RefusingFileSystem()): Promise<string> {
  return (await shell(fs).exec(script)).stderr;
}

describe("run-script.ts suggestCommands: /^bash: (\\S+): command not found$/", () => {
  it.each([
    ["an unknown command", "find_customer --id 1", "bash: find_customer: command not found\n"],
    ["an unknown command in a pipeline", "echo | get_usr", "bash: get_usr: command not found\n"],
    [
      "a command that is not here (ABSENT_COMMANDS)",
      "curl https://example.com",
      "bash: curl: command not found\n",
    ],
  ])("%s", async (_what, script, line) => {
    expect(await stderrOf(script)).toBe(line);
  });

  it("a left-out bundled command, as interpreter-messages.ts REWORDED turns it into `command not found`", async () => {
    expect(await stderrOf("python3 -c 1")).toBe(
      "bash: python3: command not available in browser environments. Exclude 'python3' from your commands or " +
        "use the Node.js bundle.\n",
    );
  });
});

describe("commands.ts explainRefusals: /^([\\w.-]+): (.*)$/ naming the refused path", () => {
  it.each([
    ["cat /etc/passwd", "cat: /etc/passwd: No such file or directory\n"],
    ["grep root /etc/passwd", "grep: /etc/passwd: No such file or directory\n"],
    ["head -1 /etc/passwd", "head: /etc/passwd: No such file or directory\n"],
    ["tail -1 /etc/passwd", "tail: /etc/passwd: No such file or directory\n"],
    ["wc -l /etc/passwd", "wc: /etc/passwd: No such file or directory\n"],
    ["sort /etc/passwd", "sort: /etc/passwd: No such file or directory\n"],
    ["uniq /etc/passwd", "uniq: /etc/passwd: No such file or directory\n"],
    ["cut -f1 /etc/passwd", "cut: /etc/passwd: No such file or directory\n"],
    ["awk 1 /etc/passwd", "awk: /etc/passwd: No such file or directory\n"],
    ["sed p /etc/passwd", "sed: /etc/passwd: No such file or directory\n"],
    // namesPath: the path as the script wrote it, ending at a character no path has.
    ["head -1 /tmp/../x", "head: /tmp/../x: No such file or directory\n"],
    // mentions: a relative operand (cwd is /) appears as `: x:`.
    ["cat x", "cat: x: No such file or directory\n"],
  ])("%s", async (script, line) => {
    const fs = new RefusingFileSystem();
    const stderr = await stderrOf(script, fs);
    expect(stderr).toBe(line);
    expect(explainRefusals(stderr, fs)).toContain(": refused: ");
  });
});

describe("scratch.ts explainScratch (run-script.ts explainFull): a full scratch space's lines", () => {
  /** The stderr of `script` in a scratch space of `maxBytes`, and that space. */
  async function full(script: string, maxBytes = 100): Promise<{ stderr: string; fs: ScratchFileSystem }> {
    const fs = new ScratchFileSystem(maxBytes);
    const { stderr } = await shell(fs, [...TRANSFORM_COMMANDS, ...SCRATCH_COMMANDS]).exec(script);
    return { stderr, fs };
  }

  it.each([
    [
      "/^(.*?: write error): / a simple command's redirection",
      "printf '%0200d' 0 > /tmp/a",
      "bash: printf: write error: No space left on device\n",
    ],
    [
      "/^(.*?: write error): / echo's own line",
      "echo $(printf '%0200d' 0) > /tmp/a",
      "bash: echo: write error: No space left on device\n",
    ],
    [
      "/^(.*?: write error): / then /^bash: / a compound command's redirection",
      "for i in 1; do printf '%0200d' 0; done > /tmp/a",
      "bash: bash: write error: No space left on device\n",
    ],
    [
      "a line naming the path that filled the space (tee)",
      "printf '%0200d' 0 | tee /tmp/t > /dev/null",
      "tee: /tmp/t: No such file or directory\n",
    ],
    [
      "NO_SPACE /ENOSPC/, the path named last (cp)",
      "printf '%060d' 0 > /tmp/a; cp /tmp/a /tmp/copy",
      "cp: cannot copy '/tmp/a': ENOSPC: no space left on device, '/tmp/copy'\n",
    ],
    [
      "NO_SPACE /ENOSPC/ without a path (sort -o)",
      "printf '%060d' 0 > /tmp/a; sort -o /tmp/s /tmp/a /tmp/a",
      "sort: ENOSPC: no space left on device, '<path>'\n",
    ],
    [
      "NO_SPACE /failed to write output/ (split)",
      "printf '%0200d' 0 | split -b 10 - /tmp/p",
      "split: failed to write output\n",
    ],
  ])("%s", async (_what, script, line) => {
    const { stderr, fs } = await full(script);
    expect(stderr).toBe(line);
    expect(explainScratch(stderr, fs)).toContain("no space left: the scratch space /tmp holds at most");
  });

  it.each([
    [
      "/^([^:]+): No space left on device$/ a redirection to a new file",
      "echo x > /tmp/one",
      "bash: /tmp/one: No space left on device\n",
    ],
    [
      "NO_SPACE /ENOSPC/ (touch)",
      "touch /tmp/one",
      "touch: cannot touch '/tmp/one': ENOSPC: no space left on device, '/tmp/one'\n",
    ],
    [
      "NO_SPACE /ENOSPC/ (mkdir)",
      "mkdir /tmp/d",
      "mkdir: cannot create directory '/tmp/d': ENOSPC: no space left on device, '<path>'\n",
    ],
  ])("past the entry cap: %s", async (_what, script, line) => {
    const fs = new ScratchFileSystem(1_000_000);
    const bash = shell(fs, [...TRANSFORM_COMMANDS, ...SCRATCH_COMMANDS]);
    expect((await bash.exec("touch /tmp/f{1..10000}")).stderr).toBe("");
    const { stderr } = await bash.exec(script);
    expect(stderr).toBe(line);
    expect(explainScratch(stderr, fs)).toContain("holds at most 10,000 files and directories");
  });
});

describe("repl.ts needsMoreInput: INCOMPLETE /got EOF|unexpected EOF|unexpected end of file/i", () => {
  function parseError(text: string): string {
    try {
      parse(text);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    return "(parsed)";
  }

  it.each([
    ["for id in 1 2; do", "Parse error at 1:18: Expected DONE, got EOF"],
    ["while true; do\n:", "Parse error at 2:2: Expected DONE, got EOF"],
    // needsMoreInput gives `if x; then` a body (`\n:`): without one just-bash says "near unexpected token `fi'".
    ["if x; then\n:", "Parse error at 2:2: Expected FI, got EOF"],
    ["case x in", "Parse error at 1:10: Expected ESAC, got EOF"],
    ["{", "Parse error at 1:2: Expected RBRACE, got EOF"],
    ["f() {", "Parse error at 1:6: Expected RBRACE, got EOF"],
    ["(", "Parse error at 1:2: Expected RPAREN, got EOF"],
    ["[[ a ", "Parse error at 1:6: Expected DBRACK_END, got EOF"],
    ['echo "open', "line 1: unexpected EOF while looking for matching `\"'"],
    ["echo 'open", "line 1: unexpected EOF while looking for matching `''"],
    ["echo $(", "Parse error at 1:8: unexpected EOF while looking for matching `)'"],
    ["echo `x", "Parse error at 1:8: unexpected EOF while looking for matching ``'"],
    ["echo ${x", "Parse error at 0:0: unexpected EOF while looking for matching '}'"],
  ])("%j", (text, message) => {
    expect(parseError(text)).toBe(message);
    expect(needsMoreInput(text)).toBe(true);
  });
});
