import { afterAll, describe, expect, it } from "vitest";
import { Bash } from "#just-bash";
import { createJqCommand } from "../../builtins/jq.js";
import { stopJqWorker } from "../../src/jq/worker.js";

afterAll(() => stopJqWorker());

function shell(options: Parameters<typeof createJqCommand>[0] = {}): Bash {
  return new Bash({
    customCommands: [createJqCommand(options)],
    commands: ["echo", "printf", "cat"],
    defenseInDepth: false,
  });
}

describe("jq as a shell command", () => {
  it("runs in a pipeline", async () => {
    const r = await shell().exec(`echo '{"a":1}' | jq .a`);
    expect([r.stdout, r.stderr, r.exitCode]).toEqual(["1\n", "", 0]);
  });

  it("keeps options after the filter, --args and the CLI's exit codes", async () => {
    const bash = shell();
    expect((await bash.exec(`echo '[1,2]' | jq '.[]' -c`)).stdout).toBe("1\n2\n");
    expect((await bash.exec(`jq -nc '$ARGS.positional' --args a 'b c'`)).stdout).toBe('["a","b c"]\n');
    expect((await bash.exec(`echo null | jq -e .`)).exitCode).toBe(1);
    expect((await bash.exec(`echo 1 | jq -e empty`)).exitCode).toBe(4);
    expect((await bash.exec(`jq -n '{'`)).exitCode).toBe(3);
    expect((await bash.exec(`jq -n 'error("x")'`)).exitCode).toBe(5);
    expect((await bash.exec(`jq --nope`)).exitCode).toBe(2);
  });

  it("passes bytes through unchanged: invalid UTF-8 and NULs in, raw bytes out", async () => {
    const bash = shell();
    // stdin as raw bytes: 0xff 0xfe are invalid UTF-8, which jq (like the CLI) replaces with U+FFFD.
    const r = await bash.exec("jq -r .", { stdin: '"\xff\xfe"', stdinKind: "bytes" });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("\ufffd\ufffd\n");
    const nul = await bash.exec(`printf '["a","b"]' | jq --raw-output0 '.[]' | cat`);
    expect(nul.stdout).toBe("a\0b\0");
    const utf8 = await bash.exec(`echo '"é☃"' | jq -r .`);
    expect(utf8.stdout).toBe("é☃\n");
  });

  it.each([
    ["jq . data.json", "file operands are refused"],
    ["jq -n 1 --rawfile x f", "--rawfile is refused"],
    ["jq -n 1 --slurpfile x f", "--slurpfile is refused"],
    ["jq -f prog.jq", "-f/--from-file is refused"],
    ["jq --from-file prog.jq", "-f/--from-file is refused"],
    ["jq -nf prog.jq", "-f/--from-file is refused"],
    ["jq -L lib -n 1", "-L/--library-path is refused"],
  ])("refuses file access: %s", async (command, message) => {
    const r = await shell().exec(command);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`jq: ${message}`);
    expect(r.stderr).toContain("this shell has no filesystem");
  });

  it("lets jq report usage errors that come before a file operand, and reads '-' as stdin", async () => {
    const bash = shell();
    expect((await bash.exec("jq --indent")).stderr).toMatch(/^jq: --indent takes one parameter\n/);
    expect((await bash.exec("jq --version data.json")).stdout).toBe("jq-1.8.2\n");
    expect((await bash.exec("echo 3 | jq . -")).stdout).toBe("3\n");
    expect((await bash.exec(`jq -n '$ARGS.positional[0]' --jsonargs '{"a":1}' -c`)).stdout).toBe('{"a":1}\n');
  });

  it("cuts output past maxOutputBytes with a marker line and a failing status", async () => {
    const r = await shell({ maxOutputBytes: 1000 }).exec("jq -n 'range(10000)'");
    expect(r.stdout.length).toBe(1000);
    expect(r.stderr).toBe(
      "jq: error: output exceeds 1000 bytes and was cut there; filter it or take part of it (first(f), limit(n; f))\n",
    );
    expect(r.exitCode).toBe(5);
  });

  it("stops at the explicit deadline with 124", async () => {
    const r = await shell({ deadline: Date.now() + 200 }).exec("jq -n 'last(range(1e12))'");
    expect(r.exitCode).toBe(124);
    expect(r.stderr).toMatch(/^jq: timed out after \d+ ms\n$/);
  });

  it("gives jq an empty environment, never the host's", async () => {
    expect((await shell().exec("jq -n -c 'env'")).stdout).toBe("{}\n");
    expect((await shell({ env: { A: "1" } }).exec("jq -n -c 'env'")).stdout).toBe('{"A":"1"}\n');
  });
});
