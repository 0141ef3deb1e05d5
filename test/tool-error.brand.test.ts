import { describe, expect, it } from "vitest";
import { ScriptedTool, ToolError, ToolshellError } from "../src/index.js";
import { MODES, track } from "./helpers.js";

// TM-ERR-001: a tool package that bundles its own copy of toolshell throws that copy's ToolError. A second copy
// of the module (same source, another URL) has its own classes, as two installed copies of the package would.
const copyUrl: string = "../src/errors.js?foreign-copy";
const foreign = (await import(copyUrl)) as typeof import("../src/errors.js");

describe("a second module copy", () => {
  it("has classes of its own", () => {
    expect(foreign.ToolError).not.toBe(ToolError);
    expect(new foreign.ToolError("x")).not.toBeInstanceOf(ToolError);
  });

  it("is recognised by isInstance in both directions", () => {
    expect(ToolError.isInstance(new foreign.ToolError("x"))).toBe(true);
    expect(foreign.ToolError.isInstance(new ToolError("x"))).toBe(true);
    expect(ToolshellError.isInstance(new foreign.ToolshellError("duplicate_tool", "x"))).toBe(true);
    expect(foreign.ToolshellError.isInstance(new ToolshellError("duplicate_tool", "x"))).toBe(true);
  });

  it.each([
    ["a plain Error", new Error("x")],
    ["a ToolshellError as a ToolError", new ToolshellError("duplicate_tool", "x")],
    ["a look-alike by name", Object.assign(new Error("x"), { name: "ToolError", exitCode: 3 })],
    ["null", null],
    ["a string", "ToolError"],
    [
      "a Proxy whose traps throw",
      new Proxy(
        {},
        {
          has: () => {
            throw new Error("trap");
          },
        },
      ),
    ],
  ])("refuses %s", (_label, value) => {
    expect(ToolError.isInstance(value)).toBe(false);
  });

  it("refuses a ToolError as a ToolshellError", () => {
    expect(ToolshellError.isInstance(new ToolError("x"))).toBe(false);
  });
});

/** A callback throwing another copy's ToolError gets the same treatment as this copy's: message and exit code. */
describe.each(MODES)("ToolError from another copy of toolshell (%s)", (mode) => {
  const api = track(
    new ScriptedTool({
      name: "t",
      isolation: mode,
      tools: [
        {
          name: "find_user",
          inputSchema: { type: "object", properties: { id: { type: "integer" } } },
          execute: ({ id }) => {
            // A copy that only carries the brand (another version, say) and an exit code out of range.
            if (id === 8)
              throw Object.assign(new Error("gone"), {
                [Symbol.for("toolshell.ToolError")]: true,
                exitCode: 999,
              });
            throw new foreign.ToolError(`no user with id ${id}`, { exitCode: 3, stdout: "partial\n" });
          },
        },
      ],
    }),
  );

  it("shows the tool's message and exit code to the script", async () => {
    const r = await api.execute('find_user --id 7; echo "status=$?"');
    expect(r.stdout).toBe("partial\nstatus=3\n");
    expect(r.stderr).toBe("find_user: no user with id 7\n");
    expect(r.exitCode).toBe(0);
    expect(r.trace[0]).toMatchObject({ name: "find_user", exitCode: 3 });
  });

  it("takes an exit code out of 1..255 from a branded error as 1", async () => {
    const r = await api.execute('find_user --id 8; echo "status=$?"');
    expect(r.stdout).toBe("status=1\n");
    expect(r.stderr).toBe("find_user: gone\n");
  });

  it("reaches host calls with the message", async () => {
    const r = await api.call("find_user", { id: 7 });
    expect(r).toMatchObject({
      ok: false,
      error: { code: "handler_failed", message: "find_user: no user with id 7" },
    });
  });
});
