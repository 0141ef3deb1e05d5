// The shell reaches into private parts of the pinned just-bash (3.4.2); each hook falls back quietly when their
// shape changes, so these tests name the hook a just-bash upgrade broke.

import { describe, expect, it } from "vitest";
import { Bash } from "#just-bash";
import { canStream } from "../../src/script/run-script.js";
import { Stopper } from "../../src/script/stop.js";
import { releaseDiscardedOutput } from "../../src/shell/discarded-output.js";

describe("the hooks into the pinned just-bash", () => {
  it("finds the execution scope's output accounting (discarded-output.ts, TM-LIM-001)", async () => {
    expect(
      await releaseDiscardedOutput(),
      "discarded-output.ts: no accountResult on the scope a command is handed; output sent to /dev/null counts again",
    ).toBe(true);
  });

  it("finds the output accumulator a terminated worker's output is kept from (run-script.ts canStream)", async () => {
    expect(
      await canStream(),
      "run-script.ts: the ExecutionOutputAccumulator the interpreter build exports (scripts/interpreter/shared.mjs BUNDLE_FILES) is not the accumulator",
    ).toBe(true);
  });

  it("finds the limits the stopper lowers to end a run at its deadline (stop.ts)", () => {
    const stopper = new Stopper({ deadline: Date.now() + 60_000 });
    expect(stopper.attach(new Bash()), "stop.ts: the shell's limits object changed shape").toBe(true);
  });

  it("finds the bundled-command registration the shell's own commands use", () => {
    expect(typeof (Bash.prototype as unknown as Record<string, unknown>).registerBundledCommand).toBe(
      "function",
    );
  });
});
