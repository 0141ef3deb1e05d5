import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { trace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { track } from "../helpers.js";

const tools: ToolDefinition[] = [
  {
    name: "get_user",
    description: "Fetch a user",
    risk: { readOnly: true },
    inputSchema: { type: "object", properties: { id: { type: "integer" } } },
    execute: ({ id }) => ({ id, email: "jane@example.com" }),
  },
  {
    name: "boom",
    execute: () => {
      throw new Error("db password in here");
    },
  },
];

function recorder(): { exporter: InMemorySpanExporter; provider: BasicTracerProvider } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, provider };
}

function byName(spans: ReadableSpan[], name: string): ReadableSpan[] {
  return spans.filter((span) => span.name === name);
}

describe("OpenTelemetry spans (GenAI semantic conventions)", () => {
  const global = recorder();
  trace.setGlobalTracerProvider(global.provider);
  afterAll(() => trace.disable());

  it("makes one execute_tool span per run and a child span per tool call, linked explicitly", async () => {
    global.exporter.reset();
    const api = track(new ScriptedTool({ name: "shop", isolation: "inline", tools }));
    const result = await api.execute("get_user --id 1; boom; get_user --id 2 | jq .id");
    expect(result.exitCode).toBe(0);
    const spans = global.exporter.getFinishedSpans();
    const [run] = byName(spans, "execute_tool shop");
    const calls = spans.filter((span) => span !== run);
    expect(run?.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "shop",
      "gen_ai.tool.type": "function",
      "toolshell.exit_code": 0,
      "toolshell.tool_calls": 3,
    });
    expect(calls.map((span) => span.name)).toEqual([
      "execute_tool get_user",
      "execute_tool boom",
      "execute_tool get_user",
    ]);
    for (const span of calls) {
      expect(span.parentSpanContext?.spanId).toBe(run?.spanContext().spanId);
      expect(span.spanContext().traceId).toBe(run?.spanContext().traceId);
    }
    const callIds = result.trace.map((entry) => entry.callId);
    expect(calls.map((span) => span.attributes["gen_ai.tool.call.id"])).toEqual(callIds);
    expect(calls[0]?.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "get_user",
      "gen_ai.tool.type": "function",
      "gen_ai.tool.description": "Fetch a user",
      "toolshell.outcome": "ok",
    });
    expect(calls[0]?.status.code).toBe(0);
    expect(calls[1]?.attributes).toMatchObject({ "error.type": "handler_failed", "toolshell.exit_code": 1 });
    expect(calls[1]?.status).toEqual({ code: 2, message: "boom: callback failed" });
    // arguments and results are off by default: they may carry personal data
    const everything = JSON.stringify(spans.map((span) => span.attributes));
    expect(everything).not.toContain("jane@example.com");
    expect(everything).not.toContain("gen_ai.tool.call.arguments");
  });

  it("records arguments and results only when opted in, and gives host calls a span of their own", async () => {
    global.exporter.reset();
    const api = track(
      new ScriptedTool({
        name: "shop",
        isolation: "inline",
        tools,
        telemetry: { recordArguments: true, recordResults: true },
      }),
    );
    await api.execute("get_user --id 3 >/dev/null; echo done");
    await api.call("get_user", { id: 4 });
    const spans = global.exporter.getFinishedSpans();
    const [run] = byName(spans, "execute_tool shop");
    expect(run?.attributes).toMatchObject({
      "gen_ai.tool.call.arguments": '{"commands":"get_user --id 3 >/dev/null; echo done"}',
      "gen_ai.tool.call.result": "done\n",
    });
    const [inRun, fromHost] = byName(spans, "execute_tool get_user");
    expect(inRun?.attributes).toMatchObject({
      "gen_ai.tool.call.arguments": '{"id":3}',
      "gen_ai.tool.call.result": '{"id":3,"email":"jane@example.com"}\n',
    });
    expect(fromHost?.attributes).toMatchObject({ "gen_ai.tool.call.arguments": '{"id":4}' });
    expect(fromHost?.parentSpanContext).toBeUndefined();
  });

  it("uses an explicit tracer instead of the global one, and makes none with telemetry: false", async () => {
    global.exporter.reset();
    const own = recorder();
    const api = track(
      new ScriptedTool({
        name: "mine",
        isolation: "inline",
        tools,
        telemetry: { tracer: own.provider.getTracer("test") },
      }),
    );
    await api.execute("get_user --id 1");
    expect(own.exporter.getFinishedSpans().map((span) => span.name)).toEqual([
      "execute_tool get_user",
      "execute_tool mine",
    ]);
    const off = track(new ScriptedTool({ name: "off", isolation: "inline", tools, telemetry: false }));
    await off.execute("get_user --id 1");
    await off.call("get_user", { id: 1 });
    expect(global.exporter.getFinishedSpans()).toEqual([]);
  });

  it("marks a failed run's span as an error", async () => {
    global.exporter.reset();
    const api = track(new ScriptedTool({ name: "shop", isolation: "inline", tools }));
    await api.execute("boom");
    const [run] = byName(global.exporter.getFinishedSpans(), "execute_tool shop");
    expect(run?.status).toEqual({ code: 2, message: "exit code 1" });
    expect(run?.attributes["error.type"]).toBe("exit_1");
  });
});

describe("a tracer that throws", () => {
  it("costs the spans, never the run or the call, and still ends each span it made exactly once", async () => {
    const own = recorder();
    const real = own.provider.getTracer("test");
    let ends = 0;
    // A host's buggy instrumentation around the SDK's tracer: refuses one attribute and counts end() calls.
    const buggy = {
      startSpan: (...args: Parameters<typeof real.startSpan>) => {
        const span = real.startSpan(...args);
        return {
          setAttribute: (key: string, value: string | number | boolean) => {
            if (key === "toolshell.outcome" || key === "toolshell.exit_code") throw new Error("refused");
            return span.setAttribute(key, value);
          },
          setStatus: (status: { code: number; message?: string }) => span.setStatus(status),
          isRecording: () => span.isRecording(),
          spanContext: () => span.spanContext(),
          end: () => {
            ends++;
            span.end();
          },
        };
      },
    };
    const throwing = {
      startSpan: () => {
        throw new Error("no spans today");
      },
    };
    for (const tracer of [buggy, throwing]) {
      const api = track(
        new ScriptedTool({ name: "shop", isolation: "inline", tools, telemetry: { tracer } }),
      );
      const result = await api.execute("get_user --id 1 | jq -c .id; boom");
      expect(result).toMatchObject({ stdout: "1\n", stderr: "boom: callback failed\n", exitCode: 1 });
      expect(await api.call("get_user", { id: 2 })).toMatchObject({ ok: true, value: { id: 2 } });
    }
    const names = own.exporter.getFinishedSpans().map((span) => span.name);
    expect(names.sort()).toEqual([
      "execute_tool boom",
      "execute_tool get_user",
      "execute_tool get_user",
      "execute_tool shop",
    ]);
    expect(ends).toBe(4);
  });
});

describe("without @opentelemetry/api", () => {
  it("runs scripts and host calls as usual when the package cannot be imported", async () => {
    const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--import", fixture("without-otel.mjs"), fixture("no-otel-run.ts")],
      { timeout: 20_000 },
    );
    expect(JSON.parse(stdout)).toEqual({ stdout: "hi\n", exitCode: 0, ok: true, otel: "absent" });
  });
});
