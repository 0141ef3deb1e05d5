import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { generateText, jsonSchema, stepCountIs, type Tool, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as z3 from "zod/v3";
import { addAiSdkTools, toAiSdkTool } from "../../src/adapters/ai.js";
import { askForDestructive, type ExecuteResult, ScriptedTool, ToolshellError } from "../../src/index.js";
import { shop, track } from "../helpers.js";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function toolCallStep(
  toolName: string,
  input: unknown,
  toolCallId = "call-1",
): LanguageModelV3GenerateResult {
  return {
    content: [{ type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  };
}

function textStep(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: "text", text }],
    finishReason: { unified: "stop", raw: "stop" },
    usage,
    warnings: [],
  };
}

/** The tool results the model was shown in a later step's prompt. */
function toolResultsSeen(call: LanguageModelV3CallOptions | undefined) {
  return (call?.prompt ?? [])
    .filter((message) => message.role === "tool")
    .flatMap((message) => message.content)
    .filter((part) => part.type === "tool-result");
}

/** A model that calls the script tool once with `commands`, then answers with the text it was shown. */
function scriptingModel(toolName: string, input: unknown) {
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doGenerate: async (options) => {
      if (model.doGenerateCalls.length === 1) return toolCallStep(toolName, input);
      const [seen] = toolResultsSeen(options);
      const output = seen?.output;
      return textStep(output && "value" in output ? `model read: ${String(output.value)}` : "no result");
    },
  });
  return model;
}

describe("toAiSdkTool", () => {
  it("runs a model's script in generateText and shows the model resultText while the app gets the result", async () => {
    const api = shop();
    const model = scriptingModel("shop", {
      commands: "get_user --id 42 | jq -r .name; list_orders --user_id 42 | jq -r '.[1].status'",
    });
    const result = await generateText({
      model,
      system: api.systemPrompt(),
      tools: { shop: toAiSdkTool(api) },
      stopWhen: stepCountIs(3),
      prompt: "Who is user 42 and what is the status of their second order?",
    });

    const [sent] = model.doGenerateCalls[0]?.tools ?? [];
    expect(sent).toEqual({
      type: "function",
      name: "shop",
      description: api.definition().description,
      inputSchema: {
        type: "object",
        properties: { commands: { type: "string", description: "The bash script to run." } },
        required: ["commands"],
        additionalProperties: false,
      },
    });

    const toolResult = result.steps[0]?.toolResults[0];
    expect(toolResult?.toolCallId).toBe("call-1");
    const output = toolResult?.output as ExecuteResult;
    expect(output).toMatchObject({
      stdout: "Jane Doe\nprocessing\n",
      stderr: "",
      exitCode: 0,
      truncated: false,
    });
    expect(output.trace.map((entry) => entry.name)).toEqual(["get_user", "list_orders"]);

    expect(toolResultsSeen(model.doGenerateCalls[1])).toEqual([
      expect.objectContaining({
        toolCallId: "call-1",
        toolName: "shop",
        output: { type: "text", value: "Jane Doe\nprocessing\n" },
      }),
    ]);
    expect(result.text).toBe("model read: Jane Doe\nprocessing\n");
  });

  it("shows a failed script to the model as an error text with stderr and the exit code", async () => {
    const api = shop("inline");
    const model = scriptingModel("shop", { commands: "get_usr --id 42" });
    const result = await generateText({
      model,
      tools: { shop: toAiSdkTool(api) },
      stopWhen: stepCountIs(3),
      prompt: "x",
    });
    const output = result.steps[0]?.toolResults[0]?.output as ExecuteResult;
    expect(output.exitCode).toBe(127);
    const [seen] = toolResultsSeen(model.doGenerateCalls[1]);
    expect(seen?.output.type).toBe("error-text");
    expect(seen?.output).toMatchObject({
      value: expect.stringMatching(/^\[stderr\]\n.*get_user.*\n\[exit code 127\]\n$/s),
    });
  });

  it("answers arguments that are not { commands } with what to send, without running anything", async () => {
    let calls = 0;
    const api = track(
      new ScriptedTool({
        name: "ops",
        isolation: "inline",
        tools: [{ name: "ping", execute: () => String(++calls) }],
      }),
    );
    const model = scriptingModel("ops", { script: "ping" });
    const result = await generateText({
      model,
      tools: { ops: toAiSdkTool(api) },
      stopWhen: stepCountIs(3),
      prompt: "x",
    });
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ exitCode: 2, stdout: "" });
    expect(toolResultsSeen(model.doGenerateCalls[1])[0]?.output).toEqual({
      type: "error-text",
      value:
        '[stderr]\nops: missing "commands", the bash script to run (got "script"); send {"commands": "<bash script>"}\n[exit code 2]\n',
    });
    expect(calls).toBe(0);
  });

  it("stops the run when the generation is aborted, and the tool sees the abort", async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let sawAbort = false;
    const api = track(
      new ScriptedTool({
        name: "slow",
        tools: [
          {
            name: "wait_forever",
            execute: (_params, ctx) =>
              new Promise((resolve) => {
                started();
                ctx.signal.addEventListener("abort", () => {
                  sawAbort = true;
                  resolve("late\n");
                });
              }),
          },
        ],
      }),
    );
    const controller = new AbortController();
    const model = scriptingModel("slow", { commands: "wait_forever" });
    const generation = generateText({
      model,
      tools: { slow: toAiSdkTool(api) },
      stopWhen: stepCountIs(3),
      abortSignal: controller.signal,
      prompt: "x",
    });
    await running;
    const t0 = Date.now();
    controller.abort();
    await expect(generation).rejects.toThrow();
    expect(sawAbort).toBe(true);
    expect(Date.now() - t0).toBeLessThan(2_000);

    // The same through the tool's own execute: the run ends with exit 130.
    const direct = new AbortController();
    const aiTool = toAiSdkTool(api);
    const run = aiTool.execute?.(
      { commands: "wait_forever; echo after" },
      {
        toolCallId: "c",
        messages: [],
        abortSignal: direct.signal,
      },
    ) as Promise<ExecuteResult>;
    setTimeout(() => direct.abort(), 50);
    const result = await run;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).not.toContain("after");
  });

  it("passes per-call options from a callback, and the AI SDK's experimental_context as the run's context", async () => {
    const seen: unknown[] = [];
    const api = track(
      new ScriptedTool({
        name: "ctx",
        isolation: "inline",
        tools: [
          {
            name: "whoami",
            execute: (_params, ctx) => {
              seen.push({ tenant: ctx.tenant, context: ctx.context });
              return "ok\n";
            },
          },
        ],
      }),
    );
    const calls: string[] = [];
    const aiTool = toAiSdkTool(api, {
      callOptions: (call) => {
        calls.push(call.toolCallId);
        return { tenant: "acme", env: { REGION: "eu" } };
      },
    });
    const model = scriptingModel("ctx", { commands: 'whoami; echo "$REGION"' });
    const result = await generateText({
      model,
      tools: { ctx: aiTool },
      stopWhen: stepCountIs(3),
      experimental_context: { user: "jane" },
      prompt: "x",
    });
    expect(calls).toEqual(["call-1"]);
    expect(seen).toEqual([{ tenant: "acme", context: { user: "jane" } }]);
    expect(result.text).toBe("model read: ok\neu\n");

    const fixed = toAiSdkTool(api, { callOptions: { tenant: "globex", context: { user: "bob" } } });
    await fixed.execute?.(
      { commands: "whoami" },
      { toolCallId: "c2", messages: [], experimental_context: "ignored" },
    );
    expect(seen[1]).toEqual({ tenant: "globex", context: { user: "bob" } });
  });

  it("gives the model resultText for AI SDK 6's toModelOutput call and AI SDK 5's (the output alone)", async () => {
    const api = track(new ScriptedTool({ name: "echo", isolation: "inline" }));
    const aiTool = toAiSdkTool(api);
    const result = await api.execute("echo hi; echo oops >&2; exit 3");
    const text = "hi\n[stderr]\noops\n[exit code 3]\n";
    const v6 = await aiTool.toModelOutput?.({ toolCallId: "c", input: { commands: "" }, output: result });
    expect(v6).toEqual({ type: "error-text", value: text });
    const v5 = await (aiTool.toModelOutput as unknown as (output: ExecuteResult) => unknown)(result);
    expect(v5).toEqual({ type: "error-text", value: text });
  });

  it("describes the tools registered when the AI SDK reads the description, unless one is given", () => {
    const api = track(new ScriptedTool({ name: "grow", isolation: "inline" }));
    const aiTool = toAiSdkTool(api);
    api.add({ name: "added_later", execute: () => "" });
    expect(aiTool.description).toContain("added_later");
    expect({ ...aiTool }.description).toContain("added_later");
    expect(toAiSdkTool(api, { description: api.systemPrompt() }).description).toBe(api.systemPrompt());
  });
});

describe("addAiSdkTools", () => {
  const weather = tool({
    description: "Weather of a city",
    inputSchema: z.object({ city: z.string().describe("City name") }),
    outputSchema: z.object({ city: z.string(), celsius: z.number() }),
    execute: async ({ city }) => ({ city, celsius: city === "Paris" ? 18 : 9 }),
  });

  it("registers a tools object as commands in one call, every schema form the AI SDK accepts", async () => {
    const api = track(new ScriptedTool({ name: "assist", isolation: "inline" }));
    const tools = {
      weather,
      legacy: tool({
        description: "zod 3 schema",
        inputSchema: z3.object({ n: z3.number().int() }),
        execute: async ({ n }: { n: number }) => ({ doubled: n * 2 }),
      }),
      plain: tool({
        description: "jsonSchema()",
        inputSchema: jsonSchema<{ q: string }>({
          type: "object",
          properties: { q: { type: "string" } },
          required: ["q"],
        }),
        execute: async ({ q }) => `found ${q}\n`,
      }),
      progress: tool({
        description: "streams progress, then the answer",
        inputSchema: z.object({}),
        async *execute() {
          yield { status: "working" };
          yield { status: "done", answer: 42 };
        },
      }),
    };
    expect(addAiSdkTools(api, tools)).toBe(api);
    expect(api.tools().map((spec) => spec.name)).toEqual(["weather", "legacy", "plain", "progress"]);
    const legacy = api.tools().find((spec) => spec.name === "legacy");
    expect(legacy?.inputSchema).toMatchObject({ properties: { n: { type: "integer" } }, required: ["n"] });

    const r = await api.execute(
      "weather --city Paris | jq -r .celsius; legacy --n 21 | jq .doubled; plain --q shoes; progress | jq -c .",
    );
    expect(r).toMatchObject({ stdout: '18\n42\nfound shoes\n{"status":"done","answer":42}\n', exitCode: 0 });
    const bad = await api.execute("legacy --n 1.5");
    expect(bad.exitCode).toBe(2);
    expect((await api.execute("help weather")).stdout).toContain("celsius");
  });

  it("gives each tool the run's abortSignal, a toolCallId and the run's context as experimental_context", async () => {
    const seen: unknown[] = [];
    const probe = tool({
      inputSchema: z.object({}),
      execute: async (_input, options) => {
        seen.push({
          id: typeof options.toolCallId,
          signal: options.abortSignal instanceof AbortSignal,
          context: options.experimental_context,
        });
        return "ok\n";
      },
    });
    const api = addAiSdkTools(track(new ScriptedTool({ name: "p", isolation: "inline" })), { probe });
    await api.execute("probe", { context: { user: "jane" } });
    expect(seen).toEqual([{ id: "string", signal: true, context: { user: "jane" } }]);
  });

  it("namespaces the commands when asked", async () => {
    const api = addAiSdkTools(
      track(new ScriptedTool({ name: "ns", isolation: "inline" })),
      { weather },
      {
        namespace: "meteo",
      },
    );
    expect((await api.execute("meteo.weather --city Oslo | jq -r .celsius")).stdout).toBe("9\n");
  });

  it("registers all tools or none, with a clear error for tools that cannot run as commands", () => {
    const api = track(new ScriptedTool({ name: "atomic", isolation: "inline" }));
    api.add({ name: "taken", execute: () => "" });
    const attempt = (tools: Record<string, Tool>) => () => addAiSdkTools(api, tools);

    expect(attempt({ weather, taken: weather })).toThrow(ToolshellError);
    const clientSide = tool({ description: "runs in the browser", inputSchema: z.object({}) });
    expect(attempt({ weather, clientSide })).toThrow(/clientSide: the tool has no execute function/);
    const search: Tool = { type: "provider", id: "openai.web_search", args: {}, inputSchema: z.object({}) };
    expect(attempt({ weather, search })).toThrow(/search: openai.web_search is executed by its provider/);
    const lazy = tool({
      inputSchema: jsonSchema(Promise.resolve({ type: "object" as const })),
      execute: async () => "",
    });
    expect(attempt({ weather, lazy })).toThrow(/lazy: inputSchema resolves asynchronously/);
    expect(api.tools().map((spec) => spec.name)).toEqual(["taken"]);
  });

  it("refuses tools that need approval unless the ScriptedTool's policy is to approve them", async () => {
    const deleteUser = tool({
      description: "Delete a user",
      inputSchema: z.object({ id: z.number() }),
      needsApproval: true,
      execute: async ({ id }) => `deleted ${id}\n`,
    });
    const plain = track(new ScriptedTool({ name: "plain", isolation: "inline" }));
    expect(() => addAiSdkTools(plain, { deleteUser })).toThrow(/deleteUser: needsApproval is set/);

    const asked: string[] = [];
    const api = track(
      new ScriptedTool({
        name: "guarded",
        isolation: "inline",
        policy: askForDestructive((call) => {
          asked.push(call.name);
          return false;
        }),
      }),
    );
    addAiSdkTools(
      api,
      { deleteUser, weather },
      { approvals: "policy", risk: { readOnly: true, destructive: false } },
    );
    expect(api.tools().find((spec) => spec.name === "weather")?.risk.level).toBe("low");
    const r = await api.execute("weather --city Paris | jq -r .city; deleteUser --id 7");
    expect(asked).toEqual(["deleteUser"]);
    expect(r).toMatchObject({ stdout: "Paris\n", exitCode: 126 });
    expect(r.stderr).toContain("deleteUser: denied: not approved");
  });

  it("stops reading a streaming execute once its call has ended, even when the stream ignores abortSignal", async () => {
    let pulled = 0;
    const ticker = tool({
      description: "Streams progress forever",
      inputSchema: z.object({}),
      async *execute() {
        for (;;) {
          pulled++;
          await new Promise((resolve) => setTimeout(resolve, 5));
          yield { pulled };
        }
      },
    });
    const api = addAiSdkTools(track(new ScriptedTool({ name: "stream", isolation: "inline" })), { ticker });
    const result = await api.execute("ticker", { timeoutMs: 100 });
    expect(result.exitCode).toBe(124);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const after = pulled;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pulled).toBe(after);
  });
});
