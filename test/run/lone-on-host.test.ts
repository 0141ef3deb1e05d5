// Decision 0041: in worker mode a script that is one plain tool call is answered on the caller's thread, so it
// needs no worker: it is answered while every worker is busy, and it answers as a run of the shell does.
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { track } from "../helpers.js";
import { STUCK, STUCK_DEADLINE_MS, STUCK_STDERR } from "../stuck.js";

describe("a plain tool call in worker mode", () => {
  it("is answered while the only worker is stuck in another run", async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const api = track(
      new ScriptedTool({
        name: "busy",
        workers: 1,
        tools: [
          { name: "begin", execute: () => started() },
          {
            name: "get_user",
            inputSchema: { type: "object", properties: { id: { type: "integer" } } },
            execute: ({ id }) => ({ id, name: "Jane" }),
          },
        ],
      }),
    );
    await api.execute("true"); // the worker is up
    // The host's path is warm too (its modules loaded, get_user's validator compiled, ajv with it): on a loaded
    // machine a first compile took longer than the stuck run's 1 s deadline.
    await api.execute("get_user --id 1");
    let stuckDone = false;
    const stuck = api.execute(`begin; ${STUCK}`, { timeoutMs: STUCK_DEADLINE_MS }).then((result) => {
      stuckDone = true;
      return result;
    });
    await running;
    const lone = await api.execute("get_user --id 42");
    expect(stuckDone).toBe(false);
    expect(lone).toMatchObject({ stdout: '{"id":42,"name":"Jane"}\n', stderr: "", exitCode: 0 });
    expect(lone.trace).toEqual([
      expect.objectContaining({ name: "get_user", argv: ["--id", "42"], outcome: "ok" }),
    ]);
    // A script that is more than one plain call still waits for the worker.
    const queued = api.execute("get_user --id $((6 * 7))");
    expect((await stuck).stderr).toBe(STUCK_STDERR);
    expect(await queued).toMatchObject({ stdout: '{"id":42,"name":"Jane"}\n', exitCode: 0 });
  }, 30_000);
});
