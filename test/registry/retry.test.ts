import { describe, expect, it } from "vitest";
import { type CallRecord, ScriptedTool, ToolError } from "../../src/index.js";
import { track } from "../helpers.js";

function failing(times: number, error: () => unknown = () => new Error("transient")) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    execute: () => {
      calls++;
      if (calls <= times) throw error();
      return { attempt: calls };
    },
  };
}

describe("bounded retries for idempotent tools", () => {
  it("is a registration error on a tool whose risk is not idempotent", () => {
    const api = new ScriptedTool({ name: "r", isolation: "inline" });
    expect(() => api.add({ name: "charge", retry: { attempts: 3 }, execute: () => "" })).toThrow(
      "charge: retry needs an idempotent tool (risk: { idempotent: true } or annotations.idempotentHint); a retried call may run twice",
    );
    expect(() =>
      api.add({ name: "read", risk: { readOnly: true }, retry: { attempts: 11 }, execute: () => "" }),
    ).toThrow("read: retry.attempts must be a whole number from 2 to 10");
    api.add({
      name: "put",
      annotations: { idempotentHint: true },
      retry: { attempts: 2 },
      execute: () => "",
    });
  });

  it("tries a failing callback again up to `attempts` in all, and records the attempts", async () => {
    const flaky = failing(2);
    const records: CallRecord[] = [];
    const api = track(
      new ScriptedTool({
        name: "r",
        isolation: "inline",
        onCall: (record) => records.push(record),
        tools: [
          { name: "fetch_page", risk: { readOnly: true }, retry: { attempts: 3, backoffMs: 5 }, ...flaky },
        ],
      }),
    );
    const result = await api.execute("fetch_page");
    expect(result).toMatchObject({ stdout: '{"attempt":3}\n', exitCode: 0 });
    expect(result.trace[0]).toMatchObject({ outcome: "ok", attempts: 3 });
    expect(records[0]).toMatchObject({ outcome: "ok", attempts: 3 });
    expect(flaky.calls).toBe(3);
  });

  it("gives up after `attempts`, with the last failure", async () => {
    const flaky = failing(5);
    const api = track(
      new ScriptedTool({
        name: "r",
        isolation: "inline",
        tools: [
          { name: "fetch_page", risk: { readOnly: true }, retry: { attempts: 2, backoffMs: 1 }, ...flaky },
        ],
      }),
    );
    const result = await api.execute("fetch_page");
    expect(result).toMatchObject({ stderr: "fetch_page: callback failed\n", exitCode: 1 });
    expect(result.trace[0]).toMatchObject({ outcome: "handler_failed", attempts: 2 });
    expect(flaky.calls).toBe(2);
  });

  it("does not retry a ToolError: it is the tool's answer", async () => {
    const answer = failing(5, () => new ToolError("no page at that address"));
    const api = track(
      new ScriptedTool({
        name: "r",
        isolation: "inline",
        tools: [
          { name: "fetch_page", risk: { readOnly: true }, retry: { attempts: 3, backoffMs: 1 }, ...answer },
        ],
      }),
    );
    expect(await api.call("fetch_page")).toMatchObject({
      ok: false,
      error: { code: "handler_failed", message: "fetch_page: no page at that address" },
    });
    expect(answer.calls).toBe(1);
  });

  it("retries an attempt that passes the tool's own timeoutMs", async () => {
    let calls = 0;
    const api = track(
      new ScriptedTool({
        name: "r",
        isolation: "inline",
        tools: [
          {
            name: "slow_once",
            risk: { readOnly: true },
            timeoutMs: 30,
            retry: { attempts: 2, backoffMs: 1 },
            execute: () => (++calls === 1 ? new Promise(() => {}) : "second try\n"),
          },
        ],
      }),
    );
    const result = await api.call("slow_once");
    expect(result).toMatchObject({ ok: true, output: "second try\n" });
    expect(calls).toBe(2);
  });

  it("never retries past the call's deadline, nor after a cancel", async () => {
    const slow = failing(10);
    const api = track(
      new ScriptedTool({
        name: "r",
        isolation: "inline",
        tools: [
          { name: "fetch_page", risk: { readOnly: true }, retry: { attempts: 10, backoffMs: 40 }, ...slow },
        ],
      }),
    );
    const started = Date.now();
    const result = await api.call("fetch_page", {}, { timeoutMs: 100 });
    // waits of 40 then 80 ms: the second would end past the 100 ms deadline, so two attempts and no wait
    expect(result).toMatchObject({ ok: false, error: { code: "handler_failed" } });
    expect(slow.calls).toBe(2);
    expect(Date.now() - started).toBeLessThan(100);

    const cancelled = failing(10);
    const api2 = track(
      new ScriptedTool({
        name: "r",
        isolation: "inline",
        tools: [
          {
            name: "fetch_page",
            risk: { readOnly: true },
            retry: { attempts: 10, backoffMs: 30 },
            ...cancelled,
          },
        ],
      }),
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    expect(await api2.call("fetch_page", {}, { signal: controller.signal })).toMatchObject({
      ok: false,
      error: { code: "cancelled", message: "fetch_page: aborted" },
    });
    expect(cancelled.calls).toBe(1);
  });
});
