// The shell reaches into private parts of the pinned just-bash (3.4.2); each hook falls back quietly when their
// shape changes, so these tests name the hook a just-bash upgrade broke.

import { describe, expect, it } from "vitest";
import { Bash } from "#just-bash";
import { canStream, directTransforms } from "../../src/script/run-script.js";
import { Stopper } from "../../src/script/stop.js";
import {
  DIRECT_TRANSFORM_COMMANDS,
  DIRECT_WRAPPED_COMMANDS,
  TRANSFORM_COMMANDS,
  WRAPPED_COMMANDS,
} from "../../src/shell/commands.js";
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

  it("hands every listed text transform of just-bash its context directly, printf and paste with their help (0040)", async () => {
    const bash = new Bash({ commands: [...TRANSFORM_COMMANDS], defenseInDepth: false });
    const wrapped = new Set(WRAPPED_COMMANDS.map((command) => command.name));
    expect(DIRECT_TRANSFORM_COMMANDS.filter((name) => wrapped.has(name))).toEqual([]);
    expect([...DIRECT_WRAPPED_COMMANDS].filter((name) => !wrapped.has(name))).toEqual([]);
    const direct = [...DIRECT_TRANSFORM_COMMANDS, ...DIRECT_WRAPPED_COMMANDS];
    expect(
      directTransforms(bash),
      "run-script.ts directTransforms: a listed command is not registered",
    ).toEqual(direct);
    const commands = (bash as unknown as { commands: Map<string, { directContext?: boolean }> }).commands;
    expect(direct.filter((name) => commands.get(name)?.directContext !== true)).toEqual([]);
    // Still the same commands: a pipeline of them answers as before, paste takes the GNU spelling (its help) and
    // printf formats (its other help, UTC with TZ unset, is checked in a host of another zone: host-leaks.test.ts).
    const result = await bash.exec(
      "echo 'b a' | tr ' ' '\\n' | sort | uniq -c | wc -l; seq 3 | tac | head -1; seq 3 | paste -sd,; unset TZ; printf '%s=%(%H)T\\n' h 0",
    );
    expect(result.stdout).toBe("2\n3\n1,2,3\nh=00\n");
    expect(result.exitCode).toBe(0);
  });
});
