// Decision 0037: importing toolshell loads neither the shell (the interpreter's bundle, #just-bash) nor ajv on the
// caller's thread; each is loaded when something on that thread first needs it.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fixtureOutput } from "./fixture-process.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/lazy-imports.ts", import.meta.url));
/** A spawned process pays for node, tsx and toolshell's sources: seconds on a busy machine. */
const SLOW = 60_000;

interface Loaded {
  step: string;
  interpreter: boolean;
  ajv: boolean;
}

async function steps(args: string[]): Promise<Loaded[]> {
  const output = await fixtureOutput(FIXTURE, args);
  return output
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Loaded);
}

describe("what the caller's thread loads", () => {
  it(
    "nothing heavy on import or registration; ajv for the first call; the shell only for an inline run",
    async () => {
      expect(await steps([])).toEqual([
        { step: "import", interpreter: false, ajv: false },
        // Registration checks the schema with the prebuilt meta-schema check (0042); it compiles nothing.
        { step: "construct", interpreter: false, ajv: false },
        { step: "call", interpreter: false, ajv: true },
        { step: "execute", interpreter: true, ajv: true },
      ]);
    },
    SLOW,
  );

  it(
    "the shell in the background once an inline ScriptedTool is built with the default prewarm",
    async () => {
      expect(await steps(["prewarm"])).toEqual([
        { step: "import", interpreter: false, ajv: false },
        { step: "construct", interpreter: false, ajv: false },
        { step: "later, with no run", interpreter: true, ajv: false },
      ]);
    },
    SLOW,
  );

  it(
    "in worker mode, not the shell for a script that is one plain tool call, answered on the caller's thread",
    async () => {
      expect(await steps(["worker"])).toEqual([
        { step: "import", interpreter: false, ajv: false },
        { step: "construct", interpreter: false, ajv: false },
        // The call's params are validated on this thread: its schema is compiled on first use.
        { step: "lone call", interpreter: false, ajv: true },
      ]);
    },
    SLOW,
  );

  it(
    "the linear-time regex engine (in the shell's bundle) when a registered schema has a pattern",
    async () => {
      expect(await steps(["pattern"])).toEqual([
        { step: "import", interpreter: false, ajv: false },
        { step: "construct", interpreter: true, ajv: false },
      ]);
    },
    SLOW,
  );
});
