import { AsyncLocalStorage } from "node:async_hooks";
import {
  type Context,
  type ContextManager,
  context,
  createContextKey,
  ROOT_CONTEXT,
} from "@opentelemetry/api";
import { afterAll, describe, expect, it } from "vitest";
import {
  askForDestructive,
  type CallRecord,
  ScriptedTool,
  type ScriptedToolOptions,
  type ToolDefinition,
} from "../../src/index.js";
import { MODES, type Mode, track } from "../helpers.js";

// TM-ISO-001: every host-side step of a call runs in the async context of the execute() / call() that caused it.

const als = new AsyncLocalStorage<{ tenant: string }>();
const store = (): string => als.getStore()?.tenant ?? "none";
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `who` prints the AsyncLocalStorage tenant its callback sees, then its `--n`. */
const who: ToolDefinition = {
  name: "who",
  risk: { readOnly: true },
  inputSchema: { type: "object", properties: { n: { type: "string" } } },
  execute: async ({ n }) => {
    await tick(Math.random() * 3);
    return `${store()}:${n ?? "-"}\n`;
  },
};

function tenantTool(name: string, mode: Mode, options: Partial<ScriptedToolOptions> = {}): ScriptedTool {
  // Two workers in every file that uses this: all the tools here share one pool.
  return track(new ScriptedTool({ name, isolation: mode, workers: 2, tools: [who], ...options }));
}

describe.each(MODES)("a callback runs in the async context of its caller (%s)", (mode) => {
  it("reads the store of the execute() that caused it, not of the run that started the worker", async () => {
    const api = tenantTool("first", mode);
    const a = await als.run({ tenant: "A" }, () => api.execute("who"));
    const b = await als.run({ tenant: "B" }, () => api.execute("who"));
    expect([a, b].map(({ stdout, stderr, exitCode }) => ({ stdout, stderr, exitCode }))).toEqual([
      { stdout: "A:-\n", stderr: "", exitCode: 0 },
      { stdout: "B:-\n", stderr: "", exitCode: 0 },
    ]);
  });

  it("keeps 200 concurrent runs of 20 tenants on two ScriptedTools apart, through jobs, parallel and jq", async () => {
    const tools = [tenantTool("left", mode), tenantTool("right", mode)];
    const script =
      "who --n a; who --n b & wait; parallel -k -j 2 'who --n {}' ::: c d; echo '{}' | jq -c . | who";
    const tenants = Array.from({ length: 200 }, (_, run) => `t${run % 20}`);
    const results = await Promise.all(
      tenants.map((tenant, run) => als.run({ tenant }, () => tools[run % 2]?.execute(script))),
    );
    expect(results.map((result) => [result?.stdout, result?.stderr, result?.exitCode])).toEqual(
      tenants.map((tenant) => [`${tenant}:a\n${tenant}:b\n${tenant}:c\n${tenant}:d\n${tenant}:-\n`, "", 0]),
    );
  });

  it("runs the policy's approval, both onCall hooks and each retry in the caller's store", async () => {
    const seen: string[] = [];
    const see = (where: string, tenant: string | undefined) => seen.push(`${where} ${tenant}=${store()}`);
    let attempts = 0;
    const api = tenantTool("hooks", mode, {
      policy: askForDestructive(async (call) => {
        await tick(1);
        see("approve", call.tenant);
        return true;
      }),
      onCall: (record) => see("onCall", record.tenant),
      tools: [
        {
          name: "flaky",
          risk: { readOnly: false, destructive: true, idempotent: true },
          retry: { attempts: 3, backoffMs: 1 },
          execute: async (_params, ctx) => {
            await tick(1);
            see(`attempt ${++attempts}`, ctx.tenant);
            if (attempts < 3) throw new Error("try again");
            return "done\n";
          },
        },
      ],
    });
    // Another tenant's run first: in worker mode it is the one that starts the pool's workers.
    await als.run({ tenant: "other" }, () => tenantTool("warm", mode).execute("who"));
    const result = await als.run({ tenant: "B" }, () =>
      api.execute("flaky", { tenant: "B", onCall: (record) => see("run onCall", record.tenant) }),
    );
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
      stdout: "done\n",
      stderr: "",
      exitCode: 0,
    });
    expect(seen).toEqual([
      "approve B=B",
      "attempt 1 B=B",
      "attempt 2 B=B",
      "attempt 3 B=B",
      "onCall B=B",
      "run onCall B=B",
    ]);
  });

  it("gives a late callback, after its await, and its late record the store of the run that abandoned it", async () => {
    let settled: () => void = () => {};
    const lateSeen = new Promise<void>((resolve) => {
      settled = resolve;
    });
    const seen: string[] = [];
    const api = tenantTool("late", mode, {
      tools: [
        {
          name: "slow",
          timeoutMs: 50,
          execute: async () => {
            await tick(150);
            seen.push(`callback ${store()}`);
            return "late\n";
          },
        },
      ],
    });
    const onCall = (record: CallRecord) => {
      seen.push(`${record.late ? "late record" : "record"} ${store()}`);
      if (record.late) settled();
    };
    const results = await Promise.all(
      ["A", "B"].map((tenant) => als.run({ tenant }, () => api.execute("slow", { onCall }))),
    );
    await lateSeen;
    await tick(20);
    expect(results.map(({ stdout, stderr, exitCode }) => ({ stdout, stderr, exitCode }))).toEqual([
      { stdout: "", stderr: "slow: timed out after 50 ms\n", exitCode: 124 },
      { stdout: "", stderr: "slow: timed out after 50 ms\n", exitCode: 124 },
    ]);
    expect(seen.sort()).toEqual([
      "callback A",
      "callback B",
      "late record A",
      "late record B",
      "record A",
      "record B",
    ]);
  });

  it("runs api.call() callbacks in the caller's store, between other tenants' runs", async () => {
    const api = tenantTool("host", mode);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, run) =>
        als.run({ tenant: `t${run}` }, () =>
          run % 2 === 0
            ? api.execute("who").then((result) => result.stdout)
            : api
                .call("who", { n: "x" })
                .then((result) => (result.ok ? result.output : result.error.message)),
        ),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, run) => `t${run}:${run % 2 === 0 ? "-" : "x"}\n`));
  });
});

/** An OpenTelemetry context manager over AsyncLocalStorage, as the SDK's default one for Node is. */
class StorageContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    active: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.storage.run(active, () => fn.apply(thisArg, args));
  }
  bind<T>(_active: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

context.setGlobalContextManager(new StorageContextManager());
afterAll(() => context.disable());
const key = createContextKey("toolshell.test.tenant");

describe.each(MODES)("the OpenTelemetry context of a run (%s)", (mode) => {
  it("is the active context in each of its callbacks", async () => {
    const api = tenantTool("otel", mode, {
      tools: [{ name: "ctx", execute: async () => `${context.active().getValue(key)}\n` }],
    });
    const results = await Promise.all(
      ["A", "B", "C", "D"].map((tenant) =>
        context.with(context.active().setValue(key, tenant), () => api.execute("ctx; ctx & wait")),
      ),
    );
    expect(results.map((result) => result.stdout)).toEqual(["A\nA\n", "B\nB\n", "C\nC\n", "D\nD\n"]);
  });
});
