import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { main as aiSdkExample } from "../../examples/ai-sdk.js";
import { main as anthropicExample } from "../../examples/anthropic.js";
import { main as langchainExample } from "../../examples/langchain.js";
import { main as openaiExample } from "../../examples/openai.js";
import type { ExecuteResult, ScriptedTool } from "../../src/index.js";
import { codeBlocks, localImports, readmeSection } from "../readme/snippets.js";

function collect() {
  const lines: string[] = [];
  return { lines, log: (line: string) => lines.push(line) };
}

describe("examples", () => {
  it("examples/langchain.ts: an agent loop discovers get_product's flags, scripts it with a LangChain tool as a command", async () => {
    const { lines, log } = collect();
    const summary = await langchainExample(log);
    expect(summary.tools).toEqual(["shop", "shop_discover"]);
    expect(summary.toolResults[0]).toMatch(/^get_product - .*\nUsage: get_product --product_id <string>/);
    expect(summary.toolResults[1]).toBe("82.34 EUR\n");
    expect(summary.answer).toBe("Jane's latest order costs 82.34 EUR.");
    expect(lines).toEqual(["Jane's latest order costs 82.34 EUR.\n"]);
  });

  it("examples/ai-sdk.ts: generateText runs the script (with an AI SDK tool as a command) and the model reads it", async () => {
    const { lines, log } = collect();
    const summary = await aiSdkExample(log);
    expect(summary.result).toMatchObject({ stdout: "82.34 EUR\n", stderr: "", exitCode: 0 });
    expect(summary.result.trace.map((entry) => entry.name)).toEqual([
      "list_orders",
      "get_product",
      "convert_price",
    ]);
    expect(summary.modelSaw).toEqual({ type: "text", value: "82.34 EUR\n" });
    expect(summary.text).toBe("Jane's latest order costs 82.34 EUR.");
    expect(lines.at(-1)).toBe("final answer: Jane's latest order costs 82.34 EUR.");
    expect(lines).toContain("trace: list_orders -> get_product -> convert_price");
  });

  it("examples/openai.ts: answers the recorded Chat Completions and Responses calls with the messages to send", async () => {
    const { lines, log } = collect();
    const summary = await openaiExample(log);
    const text = "o-1001: DHL, arriving 2026-12-02\no-1002: UPS, arriving 2026-12-05\n";
    expect(summary.chatReplies).toEqual([
      { role: "tool", tool_call_id: "call_Q1w2E3r4T5y6U7i8O9p0", content: text },
    ]);
    expect(summary.responsesReplies).toEqual([
      { type: "function_call_output", call_id: "call_Hj7Kl8Mn9Bv0Cx1Za2Sd3F", output: text },
    ]);
    expect(summary.chatTool.function.strict).toBe(true);
    expect(summary.responsesTool.name).toBe("shop");
    expect(lines[1]).toBe(`send back (Chat Completions): ${JSON.stringify(summary.chatReplies)}`);
  });

  it("examples/anthropic.ts: answers the recorded tool_use block with a tool_result carrying stdout and stderr", async () => {
    const { lines, log } = collect();
    const summary = await anthropicExample(log);
    expect(summary.tool.name).toBe("shop");
    expect(summary.results).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_01A09q90qw90lq917835lq9",
        content: "jane@example.com\nno user 9\n[stderr]\nget_user: callback failed\n",
        is_error: false,
      },
    ]);
    expect(lines[1]).toBe(`send back: ${JSON.stringify({ role: "user", content: summary.results })}`);
  });
});

// The README's adapter snippets, run as written: "toolshell/..." imports point at this checkout, a scripted model
// stands in for `model`, and the SDK clients get a transport that answers with recorded responses.
const HEADING = "## LLM SDK adapters";
const _root = new URL("../../", import.meta.url);

const USAGE = `{ inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined } }`;
const SCRIPT = JSON.stringify(JSON.stringify({ commands: "get_user --id 42 | jq -r .email" }));

const RECORDED_FETCH = `
const __recorded = (replies: unknown[]) => async () =>
  new Response(JSON.stringify(replies.shift()), { status: 200, headers: { "content-type": "application/json" } });
`;

const PRELUDES: Record<string, string> = {
  generateText: `import { MockLanguageModelV3 as __Mock } from "ai/test";
const model = new __Mock({ doGenerate: [
  { content: [{ type: "tool-call", toolCallId: "c1", toolName: "shop", input: ${SCRIPT} }],
    finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage: ${USAGE}, warnings: [] },
  { content: [{ type: "text", text: "jane@example.com" }], finishReason: { unified: "stop", raw: "stop" },
    usage: ${USAGE}, warnings: [] },
] });
`,
  toOpenAIChatTool: `${RECORDED_FETCH}
const __completion = (message: object, finish_reason: string) => ({ id: "chatcmpl-1", object: "chat.completion",
  created: 1764465600, model: "gpt-5-mini", choices: [{ index: 0, logprobs: null, finish_reason, message }] });
const __openai = { apiKey: "sk-test", maxRetries: 0, fetch: __recorded([
  __completion({ role: "assistant", content: null, refusal: null, tool_calls: [
    { id: "call_1", type: "function", function: { name: "shop", arguments: ${SCRIPT} } }] }, "tool_calls"),
  __completion({ role: "assistant", content: "jane@example.com", refusal: null }, "stop"),
]) };
`,
  toAnthropicTool: `${RECORDED_FETCH}
const __message = (content: object[], stop_reason: string) => ({ id: "msg_1", type: "message", role: "assistant",
  model: "claude-sonnet-5-5", content, stop_reason, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } });
const __anthropic = { apiKey: "sk-ant-test", maxRetries: 0, fetch: __recorded([
  __message([{ type: "tool_use", id: "toolu_1", name: "shop", input: { commands: "get_user --id 42 | jq -r .email" } }],
    "tool_use"),
  __message([{ type: "text", text: "jane@example.com" }], "end_turn"),
]) };
`,
};

const EXPORTS: Record<string, string> = {
  generateText: "export { api, steps, text };",
  addAiSdkTools: "export { api, r };",
  toOpenAIChatTool: "export { api, messages };",
  toAnthropicTool: "export { api, conversation };",
  toLangChainTools: "export { api, shell, discover, found, answer };",
};

const opened: ScriptedTool[] = [];
afterAll(async () => {
  await Promise.all(opened.map((api) => api.close()));
});

async function runSnippet(setup: string, snippet: string): Promise<Record<string, unknown>> {
  const kind = Object.keys(EXPORTS).find((name) => snippet.includes(name));
  if (!kind) throw new Error(`unexpected snippet:\n${snippet}`);
  const body = snippet
    .replace("new OpenAI()", "new OpenAI(__openai)")
    .replace("new Anthropic()", "new Anthropic(__anthropic)");
  const folder = new URL("../.generated/", import.meta.url);
  mkdirSync(folder, { recursive: true });
  const file = new URL(`readme-adapters-${kind}.ts`, folder);
  writeFileSync(
    file,
    `${PRELUDES[kind] ?? ""}\n${localImports(setup)}\n${localImports(body)}\n${EXPORTS[kind]}\n`,
  );
  const module = (await import(file.href)) as Record<string, unknown> & { api: ScriptedTool };
  opened.push(module.api);
  return module;
}

describe("README: LLM SDK adapters", () => {
  const blocks = codeBlocks(readmeSection(HEADING));
  const [setup = "", ...snippets] = blocks;
  const snippet = (name: string) => snippets.find((code) => code.includes(name)) ?? "";

  it("has the setup and one snippet per surface", () => {
    expect(setup).toContain("new ScriptedTool(");
    expect(snippets.map((code) => Object.keys(EXPORTS).find((name) => code.includes(name)))).toEqual([
      "generateText",
      "addAiSdkTools",
      "toOpenAIChatTool",
      "toAnthropicTool",
      "toLangChainTools",
    ]);
  });

  it("LangChain: the discovery pair explains a command and runs a script", async () => {
    const module = await runSnippet(setup, snippet("toLangChainTools"));
    expect([(module.shell as { name: string }).name, (module.discover as { name: string }).name]).toEqual([
      "shop",
      "shop_discover",
    ]);
    expect(module.found).toMatch(/^get_user - .*\nUsage: get_user --id <integer>\n/);
    expect(module.answer).toBe("jane@example.com\n");
  });

  it("AI SDK: generateText with toAiSdkTool gets the run's result", async () => {
    const module = await runSnippet(setup, snippet("generateText"));
    expect(module.text).toBe("jane@example.com");
    const [step] = module.steps as { toolResults: { output: ExecuteResult }[] }[];
    expect(step?.toolResults[0]?.output).toMatchObject({ stdout: "jane@example.com\n", exitCode: 0 });
  });

  it("AI SDK: addAiSdkTools makes the tool a command", async () => {
    const module = await runSnippet(setup, snippet("addAiSdkTools"));
    expect(module.r).toMatchObject({ stdout: "18\n", exitCode: 0 });
  });

  it("OpenAI: the Chat Completions loop sends the tool message back", async () => {
    const module = await runSnippet(setup, snippet("toOpenAIChatTool"));
    expect((module.messages as unknown[]).slice(3)).toEqual([
      { role: "tool", tool_call_id: "call_1", content: "jane@example.com\n" },
      expect.objectContaining({ role: "assistant", content: "jane@example.com" }),
    ]);
  });

  it("Anthropic: the Messages loop sends the tool_result back", async () => {
    const module = await runSnippet(setup, snippet("toAnthropicTool"));
    expect((module.conversation as unknown[]).slice(2)).toEqual([
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "jane@example.com\n", is_error: false },
        ],
      },
      expect.objectContaining({ role: "assistant" }),
    ]);
  });
});
