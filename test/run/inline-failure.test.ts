/**
 * TM-FS-003: execute() resolves whatever the script does. A failure inside the shell that no command turned
 * into a status (before patch 0600, a refused file write from eval) ends an inline run with exit 1 and a
 * `toolshell:` line, as a worker's run ends, instead of throwing to the caller.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Bash } from "#just-bash";
import { ScriptedTool } from "../../src/index.js";
import { track } from "../helpers.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an inline run whose shell fails inside", () => {
  it("resolves with exit 1 and the reason instead of throwing", async () => {
    const api = track(new ScriptedTool({ name: "t", tools: [], isolation: "inline" }));
    const exec = Bash.prototype.exec;
    vi.spyOn(Bash.prototype, "exec").mockImplementation(function (this: Bash, script, options) {
      if (script === "echo one")
        return Promise.reject(new Error("/tmp/a: refused: this shell has no filesystem"));
      return exec.call(this, script, options);
    });
    const result = await api.execute("echo one");
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
      stdout: "",
      stderr: "toolshell: /tmp/a: refused: this shell has no filesystem\n",
      exitCode: 1,
    });
    // The next run is unaffected.
    expect((await api.execute("echo two")).stdout).toBe("two\n");
  });
});
