// Decision 0041: the host tells a lone tool call from a call of one of the shell's own commands by name, without
// loading the commands; the names it uses are the ones the shell registers.
import { describe, expect, it } from "vitest";
import { builtinCommands } from "../../builtins/index.js";
import { BUILTIN_NAMES } from "../../builtins/names.js";
import { SHELL_COMMAND_NAMES } from "../../src/script/command-names.js";
import { ShellCatalog } from "../../src/shell/catalog.js";
import { ShellRun } from "../../src/shell/shell-run.js";
import type { RunLimits, ScriptRequest } from "../../src/worker/protocol.js";

const limits: RunLimits = {
  maxToolCalls: 10,
  maxOutputBytes: 1_000,
  maxLoopIterations: 10,
  maxCommands: 10,
  maxTraceEntries: 10,
  maxConcurrency: 1,
  maxKeptOutputBytes: 1_000,
};

function registered(scratch: boolean): string[] {
  const request: ScriptRequest = {
    script: "",
    env: {},
    limits,
    timeoutMs: 1_000,
    sanitizeErrors: true,
    deadline: Date.now() + 1_000,
    ...(scratch ? { scratch: { maxBytes: 1_000 } } : {}),
  };
  const run = new ShellRun(new ShellCatalog([]), () => Promise.reject(new Error("no calls")), limits, 0);
  return builtinCommands(request, run, new AbortController().signal).map((command) => command.name);
}

describe("the shell's own command names", () => {
  it("are the names of the builtins the shell registers, with a scratch space and without", () => {
    expect([...BUILTIN_NAMES].sort()).toEqual(registered(true).sort());
    expect(registered(false).every((name) => BUILTIN_NAMES.includes(name))).toBe(true);
  });

  it("hold every builtin and the text and file commands", () => {
    for (const name of [...BUILTIN_NAMES, "jq", "sort", "sed", "cat", "printf", "mktemp"]) {
      expect(SHELL_COMMAND_NAMES.has(name)).toBe(true);
    }
  });
});
