// Issue 16, item 3: what a callback throws is kept for the host (the call's record and api.call()'s error, with
// message and stack), and never reaches what the model or an MCP client reads while sanitizeErrors is on.
import { describe, expect, it } from "vitest";
import type { CallRecord } from "../../src/index.js";
import { ScriptedTool, ToolError } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

function userApi(mode: (typeof MODES)[number], records: CallRecord[]): ScriptedTool {
  return track(
    new ScriptedTool({
      name: "users",
      isolation: mode,
      onCall: (record) => records.push(record),
      tools: [
        {
          name: "get_user",
          inputSchema: { type: "object", properties: { id: { type: "integer" } } },
          execute: ({ id }) => {
            if (id === 9) throw new Error("user 9 not found in db at 10.0.0.5");
            if (id === 8) throw new ToolError("no user 8");
            if (id === 7) throw "a plain string";
            return { id };
          },
        },
      ],
    }),
  );
}

describe.each(MODES)("a callback's thrown error (%s)", (mode) => {
  it("is in the call's record, with its message and stack, and nowhere the model reads", async () => {
    const records: CallRecord[] = [];
    const api = userApi(mode, records);
    const result = await api.execute("get_user --id 9; echo after");
    expect(result).toMatchObject({ stdout: "after\n", stderr: "get_user: callback failed\n", exitCode: 0 });
    expect(JSON.stringify(result)).not.toContain("not found");
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      outcome: "handler_failed",
      error: {
        name: "Error",
        message: "user 9 not found in db at 10.0.0.5",
        stack: expect.stringContaining("thrown-error.test.ts"),
      },
    });
  });

  it("is in api.call()'s error as its cause", async () => {
    const api = userApi(mode, []);
    const called = await api.call("get_user", { id: 9 });
    expect(called).toMatchObject({
      ok: false,
      error: {
        code: "handler_failed",
        message: "get_user: callback failed",
        cause: { name: "Error", message: "user 9 not found in db at 10.0.0.5", stack: expect.any(String) },
      },
    });
  });

  it("reads a ToolError and a thrown non-Error too; a call that succeeds has none", async () => {
    const records: CallRecord[] = [];
    const api = userApi(mode, records);
    await api.execute("get_user --id 8; get_user --id 7; get_user --id 1");
    expect(records.map((record) => record.error)).toEqual([
      { name: "ToolError", message: "no user 8", stack: expect.any(String) },
      { name: "string", message: "a plain string" },
      undefined,
    ]);
  });
});
