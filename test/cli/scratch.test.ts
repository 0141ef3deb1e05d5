import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/program.js";

/** Runs the CLI in this process with its output collected. */
async function cli(args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const written = { stdout: "", stderr: "" };
  const sink = (stream: "stdout" | "stderr") =>
    new Writable({
      write(chunk, _encoding, done) {
        written[stream] += String(chunk);
        done();
      },
    });
  const io = { stdin: process.stdin, stdout: sink("stdout"), stderr: sink("stderr") } as unknown as CliIo;
  const code = await runCli(["node", "toolshell", ...args], io);
  return { ...written, code };
}

describe("toolshell --scratch", () => {
  it("run --scratch gives the run a /tmp; without it files are refused", async () => {
    const script = "echo '[1,2]' | tee /tmp/x.json > /dev/null; jq length < /tmp/x.json";
    // Over a --tools module: the demo tools would add their notice to stderr.
    const tools = ["--tools", "test/fixtures/cli-tools.mjs"];
    expect(await cli(["run", ...tools, "--scratch", script])).toEqual({ stdout: "2\n", stderr: "", code: 0 });
    const without = await cli(["run", ...tools, script]);
    expect(without.code).toBe(1);
    expect(without.stderr).toBe(
      "tee: refused: this shell has no filesystem; tool results live in variables and pipes\n" +
        "bash: redirection to or from a file (< /tmp/x.json) refused: this shell has no filesystem; keep data in " +
        "variables and pipes (only /dev/null is allowed)\n",
    );
  });

  it("prompt --scratch says /tmp is a per-run scratch space", async () => {
    const result = await cli(["prompt", "--json", "--scratch"]);
    const parts = JSON.parse(result.stdout) as { definition: { description: string } };
    expect(parts.definition.description).toMatch(
      /No network; \/tmp is a per-run scratch space of 16 MiB, empty at the start and discarded after the run\.$/,
    );
  });
});
