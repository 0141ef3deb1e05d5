// Patch 1700: a command registered with `directContext` is handed the interpreter's context object itself; any
// other command gets a revocable copy (proxied filesystem, wrapped functions) that stops working once it returns.
// The shell runs with defenseInDepth off, as toolshell's does (with it on, every command keeps the copy).

import { describe, expect, it } from "vitest";
import { Bash, type Command } from "#just-bash";

interface Registration {
  registerBundledCommand(command: Command & { directContext?: boolean }): void;
}

/** A command that keeps the context it was given, to look at after the command returned. */
function keeper(name: string): {
  command: Command;
  kept: () => Parameters<Command["execute"]>[1] | undefined;
} {
  let kept: Parameters<Command["execute"]>[1] | undefined;
  return {
    command: {
      name,
      async execute(_args, ctx) {
        kept = ctx;
        return { stdout: "ok\n", stderr: "", exitCode: 0 };
      },
    },
    kept: () => kept,
  };
}

describe("patch 1700: commands that take the interpreter's context as it is", () => {
  it("hands a directContext command the shell's own filesystem object, usable after it returned", async () => {
    const bash = new Bash({ defenseInDepth: false });
    const direct = keeper("direct_cmd");
    const register = (bash as unknown as Registration).registerBundledCommand;
    register.call(bash, { ...direct.command, directContext: true });
    const result = await bash.exec("direct_cmd; direct_cmd | cat");
    expect(result.stdout).toBe("ok\nok\n");
    expect(direct.kept()?.fs).toBe(bash.fs);
    expect(await direct.kept()?.fs.exists("/")).toBe(true);
  });

  it("keeps the revocable copy for every other command", async () => {
    const bash = new Bash({ defenseInDepth: false });
    const wrapped = keeper("wrapped_cmd");
    (bash as unknown as Registration).registerBundledCommand.call(bash, wrapped.command);
    expect((await bash.exec("wrapped_cmd")).stdout).toBe("ok\n");
    // The copy is revoked when the command returns: even reading a property of it throws.
    expect(() => wrapped.kept()?.fs.exists).toThrow();
  });

  it("turns a throw of a directContext command into its error line and exit 1, as for any command", async () => {
    const bash = new Bash({ defenseInDepth: false });
    (bash as unknown as Registration).registerBundledCommand.call(bash, {
      name: "boom",
      directContext: true,
      async execute() {
        throw new Error("it broke");
      },
    });
    const result = await bash.exec("boom; echo after $?");
    expect(result.stdout).toBe("after 1\n");
    expect(result.stderr).toBe("boom: it broke\n");
  });
});
