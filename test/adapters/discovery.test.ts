// Discovery mode beside the script tool (issue 17, part 5): api.toolset({ discovery: true }), api.discover(), and
// the pair in every adapter; the run helpers answer both tools. The AI SDK pair runs in generateText with a mock model.
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { toAiSdkTools } from "../../src/adapters/ai.js";
import { runAnthropicToolUse, toAnthropicTools } from "../../src/adapters/anthropic.js";
import { runOpenAIToolCall, toOpenAIChatTools, toOpenAIResponsesTools } from "../../src/adapters/openai.js";
import { shop } from "../helpers.js";

describe("api.toolset and api.discover", () => {
  it("gives the script tool alone, or with discovery the script tool and <name>_discover", () => {
    const api = shop();
    expect(api.toolset().map((tool) => [tool.name, tool.kind])).toEqual([["shop", "script"]]);
    const [script, discover] = api.toolset({ discovery: true });
    expect(script).toMatchObject({ name: "shop", kind: "script", inputSchema: api.definition().inputSchema });
    expect(script?.description).toBe(
      `${api.definition().description} Find commands and read their flags and schemas with \`shop_discover\`.`,
    );
    expect(discover).toMatchObject({ name: "shop_discover", kind: "discover" });
    expect(discover?.description).toContain("inside the `shop` tool without running a script");
  });

  it("lists, searches and explains commands; a bad query is an answer that says what to send", () => {
    const api = shop();
    const all = api.discover({});
    expect(all.isError).toBe(false);
    expect(all.tools.map((tool) => tool.name)).toEqual([
      "get_user",
      "list_orders",
      "get_product",
      "get_shipping",
    ]);
    expect(api.discover({ query: "order" }).tools.map((tool) => tool.name)).toEqual([
      "list_orders",
      "get_shipping",
    ]);
    const one = api.discover({ tool: "get_user" });
    expect(one.text).toMatch(/^get_user - .*\nUsage: get_user --id <integer>\n/);
    expect(one.tools[0]?.inputSchema).toMatchObject({ required: ["id"] });
    expect(api.discover({ tool: "get_usr" })).toMatchObject({ isError: true, tools: [] });
    expect(api.discover({ tool: "get_usr" }).text).toContain("did you mean get_user?");
    expect(api.discover({ verbose: true })).toEqual({
      text: 'shop_discover: unknown argument "verbose"; expected query, category, tag, tool\n',
      tools: [],
      isError: true,
    });
    expect(api.discover("get_user").isError).toBe(true);
  });
});

describe("the discovery pair in the OpenAI and Anthropic adapters", () => {
  it("exports both tools (the discover tool not strict) and the run helpers answer both", async () => {
    const api = shop();
    const chat = toOpenAIChatTools(api, { discovery: true });
    expect(chat.map((tool) => [tool.function.name, tool.function.strict])).toEqual([
      ["shop", true],
      ["shop_discover", false],
    ]);
    expect(toOpenAIChatTools(api)).toHaveLength(1);
    const responses = toOpenAIResponsesTools(api, { discovery: true, name: "store" });
    expect(responses.map((tool) => tool.name)).toEqual(["store", "store_discover"]);
    expect(responses[1]?.description).toContain("inside the `store` tool");

    const found = await runOpenAIToolCall(api, {
      id: "c1",
      type: "function",
      function: { name: "shop_discover", arguments: '{"tool":"list_orders"}' },
    });
    expect(found).toMatchObject({ role: "tool", tool_call_id: "c1" });
    expect(found?.content).toMatch(/^list_orders - /);
    const ran = await runOpenAIToolCall(api, {
      type: "function_call",
      call_id: "c2",
      name: "shop",
      arguments: '{"commands":"get_user --id 42 | jq -r .name"}',
    });
    expect(ran).toEqual({ type: "function_call_output", call_id: "c2", output: "Jane Doe\n" });
    const renamed = await runOpenAIToolCall(
      api,
      { type: "function_call", call_id: "c3", name: "store_discover", arguments: "{" },
      { name: "store" },
    );
    expect(renamed?.output).toMatch(/^store_discover: the arguments are not valid JSON/);
    expect(
      await runOpenAIToolCall(api, {
        id: "c4",
        type: "function",
        function: { name: "other", arguments: "{}" },
      }),
    ).toBe(undefined);

    const anthropic = toAnthropicTools(api, { discovery: true });
    expect(anthropic.map((tool) => tool.name)).toEqual(["shop", "shop_discover"]);
    expect(anthropic[1]?.input_schema).toMatchObject({ type: "object", required: [] });
    expect(
      await runAnthropicToolUse(api, {
        type: "tool_use",
        id: "t1",
        name: "shop_discover",
        input: { query: "ship" },
      }),
    ).toMatchObject({
      type: "tool_result",
      tool_use_id: "t1",
      is_error: false,
      content: expect.stringContaining("get_shipping"),
    });
    expect(
      await runAnthropicToolUse(api, {
        type: "tool_use",
        id: "t2",
        name: "shop_discover",
        input: { tool: 3 },
      }),
    ).toEqual({
      type: "tool_result",
      tool_use_id: "t2",
      content: "shop_discover: tool must be a string\n",
      is_error: true,
    });
  });
});

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function step(
  content: LanguageModelV3GenerateResult["content"],
  tools: boolean,
): LanguageModelV3GenerateResult {
  return {
    content,
    finishReason: tools ? { unified: "tool-calls", raw: "tool_calls" } : { unified: "stop", raw: "stop" },
    usage,
    warnings: [],
  };
}

function lastToolResult(call: LanguageModelV3CallOptions): unknown {
  const parts = call.prompt
    .filter((message) => message.role === "tool")
    .flatMap((message) => message.content)
    .filter((part) => part.type === "tool-result");
  return parts.at(-1)?.output;
}

describe("toAiSdkTools with discovery", () => {
  it("a model discovers a command's flags, then scripts it, in generateText", async () => {
    const api = shop();
    const seen: unknown[] = [];
    const model: MockLanguageModelV3 = new MockLanguageModelV3({
      doGenerate: async (options) => {
        const turn = model.doGenerateCalls.length;
        if (turn > 1) seen.push(lastToolResult(options));
        if (turn === 1) {
          return step(
            [
              {
                type: "tool-call",
                toolCallId: "d1",
                toolName: "shop_discover",
                input: '{"tool":"get_user"}',
              },
            ],
            true,
          );
        }
        if (turn === 2) {
          const input = JSON.stringify({ commands: "get_user --id 42 | jq -r .email" });
          return step([{ type: "tool-call", toolCallId: "s1", toolName: "shop", input }], true);
        }
        return step([{ type: "text", text: "done" }], false);
      },
    });
    const result = await generateText({
      model,
      system: api.systemPrompt({ level: "compact" }),
      tools: toAiSdkTools(api, { discovery: true }),
      stopWhen: stepCountIs(4),
      prompt: "What is user 42's email?",
    });
    expect(model.doGenerateCalls[0]?.tools?.map((tool) => tool.name)).toEqual(["shop", "shop_discover"]);
    expect(result.text).toBe("done");
    expect(seen[0]).toMatchObject({
      type: "text",
      value: expect.stringMatching(/^get_user - .*\nUsage: get_user --id <integer>/),
    });
    expect(seen[1]).toEqual({ type: "text", value: "jane@example.com\n" });
  });
});

describe("discovery names", () => {
  it("points the script tool at the discover tool under the name it is exported as, own description or not", () => {
    const api = shop();
    const [script, discover] = toOpenAIChatTools(api, {
      discovery: true,
      name: "bash",
      description: "Run scripts.",
    });
    expect(script?.function.description).toBe(
      "Run scripts. Find commands and read their flags and schemas with `bash_discover`.",
    );
    expect(discover?.function.name).toBe("bash_discover");
    expect(toAnthropicTools(api, { discovery: true, name: "bash" })[0]?.description).toMatch(
      /with `bash_discover`\.$/,
    );
  });

  it("run helpers of a tool with a long name still answer (discovery or not), never throwing", async () => {
    const long = "a".repeat(60);
    const api = shop();
    const call = {
      id: "c1",
      type: "function" as const,
      function: { name: long, arguments: '{"commands":"echo hi"}' },
    };
    expect(await runOpenAIToolCall(api, call, { name: long })).toEqual({
      role: "tool",
      tool_call_id: "c1",
      content: "hi\n",
    });
    expect(
      await runAnthropicToolUse(
        api,
        { type: "tool_use", id: "t1", name: long, input: { commands: "echo hi" } },
        { name: long },
      ),
    ).toMatchObject({
      content: "hi\n",
    });
    const [, discover] = toAnthropicTools(api, { discovery: true, name: long });
    expect(discover?.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(
      await runAnthropicToolUse(
        api,
        { type: "tool_use", id: "t2", name: discover?.name, input: {} },
        { name: long },
      ),
    ).toMatchObject({ is_error: false, content: expect.stringContaining("get_user") });
  });
});
