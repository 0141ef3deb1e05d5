import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { providerToolName, runAnthropicToolUse, toAnthropicTool } from "../../src/adapters/anthropic.js";
import { type ExecuteResult, ToolshellError } from "../../src/index.js";
import { pingApi, whoamiApi } from "../fixtures/ops-api.js";
import { recordedFetch, SCRIPT_INPUT_SCHEMA } from "../fixtures/recorded-fetch.js";
import { shop } from "../helpers.js";

type Message = Anthropic.Messages.Message;
type MessageParam = Anthropic.Messages.MessageParam;
type ToolResultBlockParam = Anthropic.Messages.ToolResultBlockParam;

const SCRIPT = [
  "orders=$(list_orders --user_id 42)",
  "for i in 0 1; do",
  '  get_product --product_id "$(jq -r ".[$i].product_id" <<<"$orders")" | jq -r .name',
  "done",
].join("\n");

const usage = {
  input_tokens: 1024,
  output_tokens: 88,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation: null,
  inference_geo: null,
  output_tokens_details: null,
  server_tool_use: null,
  service_tier: "standard",
  speed: null,
} satisfies Anthropic.Messages.Usage;

/** A Messages API response as the API returns it: text, a call of the script tool, and a call of another tool. */
const toolUseMessage = {
  id: "msg_01XFDUDYJgAACzvnptvVoYEL",
  type: "message",
  role: "assistant",
  model: "claude-sonnet-5-5",
  content: [
    { type: "text", text: "I'll look up the products Jane ordered.", citations: null },
    {
      type: "tool_use",
      id: "toolu_01A09q90qw90lq917835lq9",
      name: "shop",
      input: { commands: SCRIPT },
      caller: { type: "direct" },
    },
    {
      type: "tool_use",
      id: "toolu_01B7xk2mWq3nRt5yUv8zPa1c",
      name: "get_weather",
      input: { city: "Berlin" },
      caller: { type: "direct" },
    },
  ],
  stop_reason: "tool_use",
  stop_sequence: null,
  stop_details: null,
  container: null,
  diagnostics: null,
  usage,
} satisfies Message;

const finalMessage = {
  ...toolUseMessage,
  id: "msg_01Y2",
  content: [{ type: "text", text: "Trail Running Shoes and Merino Socks.", citations: null }],
  stop_reason: "end_turn",
} satisfies Message;

/** A real Anthropic client whose transport answers with recorded JSON and keeps the request bodies. */
function recordedClient(replies: unknown[]) {
  const { fetch, bodies } = recordedFetch(replies);
  return { client: new Anthropic({ apiKey: "sk-ant-test", maxRetries: 0, fetch }), bodies };
}

const INPUT_SCHEMA = SCRIPT_INPUT_SCHEMA;

describe("toAnthropicTool", () => {
  it("exports { name, description, input_schema } that the SDK's Tool type accepts", () => {
    const api = shop("inline");
    const tool = toAnthropicTool(api) satisfies Anthropic.Messages.Tool;
    expect(tool).toEqual({
      name: "shop",
      description: api.definition().description,
      input_schema: INPUT_SCHEMA,
    });
    expect(tool.input_schema).not.toHaveProperty("$schema");
    const custom: Anthropic.Messages.Tool = toAnthropicTool(api, {
      name: "shop_v2",
      description: "Shop API",
      strict: true,
    });
    expect(custom).toMatchObject({ name: "shop_v2", description: "Shop API", strict: true });
  });

  it("refuses a name override outside ^[a-zA-Z0-9_-]{1,64}$", () => {
    const api = shop("inline");
    expect(() => toAnthropicTool(api, { name: "shop.orders" })).toThrow(ToolshellError);
    expect(() => toAnthropicTool(api, { name: "shop.orders" })).toThrow(
      /providerToolName gives "shop_orders"/,
    );
    expect(toAnthropicTool(api, { name: providerToolName("shop.orders") }).name).toBe("shop_orders");
  });
});

describe("runAnthropicToolUse", () => {
  it("runs the tool_use block of a recorded message and its tool_result goes back through the real client", async () => {
    const api = shop("inline");
    const { client, bodies } = recordedClient([toolUseMessage, finalMessage]);
    const tools: Anthropic.Messages.ToolUnion[] = [toAnthropicTool(api)];
    const messages: MessageParam[] = [{ role: "user", content: "Which products did Jane order?" }];
    const request = { model: "claude-sonnet-5-5", max_tokens: 1024, system: api.systemPrompt(), tools };
    const message = await client.messages.create({ ...request, messages });

    const results: ToolResultBlockParam[] = [];
    const runs: ExecuteResult[] = [];
    for (const block of message.content) {
      const result = await runAnthropicToolUse(api, block, { onResult: (run) => runs.push(run) });
      if (result) results.push(result);
      else if (block.type === "tool_use") {
        results.push({ type: "tool_result", tool_use_id: block.id, content: "handled elsewhere" });
      }
    }
    messages.push({ role: "assistant", content: message.content }, { role: "user", content: results });
    const final = await client.messages.create({ ...request, messages });

    expect(final.content).toEqual(finalMessage.content);
    expect(bodies[0]?.tools).toEqual([
      { name: "shop", description: api.definition().description, input_schema: INPUT_SCHEMA },
    ]);
    expect((bodies[1]?.messages as unknown[] | undefined)?.at(-1)).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_01A09q90qw90lq917835lq9",
          content: "Trail Running Shoes\nMerino Socks\n",
          is_error: false,
        },
        { type: "tool_result", tool_use_id: "toolu_01B7xk2mWq3nRt5yUv8zPa1c", content: "handled elsewhere" },
      ],
    });
    expect(runs.map((run) => run.trace.map((entry) => entry.name))).toEqual([
      ["list_orders", "get_product", "get_product"],
    ]);
  });

  it("marks a failed script as is_error with stderr and the exit code in the content", async () => {
    const api = shop("inline");
    const block = { type: "tool_use", id: "toolu_1", name: "shop", input: { commands: "get_user --id 999" } };
    expect(await runAnthropicToolUse(api, block)).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: "[stderr]\nget_user: callback failed\n[exit code 1]\n",
      is_error: true,
    });
  });

  it("answers input that is not { commands } with a text for the model, running nothing", async () => {
    const { api, calls } = pingApi();
    const answer = (input: unknown) =>
      runAnthropicToolUse(api, { type: "tool_use", id: "t", name: "ops", input });
    const send = ' send {"commands": "<bash script>"}\n[exit code 2]\n';
    expect(await answer({})).toEqual({
      type: "tool_result",
      tool_use_id: "t",
      content: `[stderr]\nops: missing "commands", the bash script to run;${send}`,
      is_error: true,
    });
    expect((await answer('{"commands":"ping"}'))?.content).toBe(
      `[stderr]\nops: the arguments must be a JSON object, got a string;${send}`,
    );
    expect((await answer({ commands: 42 }))?.content).toBe(
      `[stderr]\nops: "commands" must be a string holding one bash script, got a number;${send}`,
    );
    expect((await answer({ commands: "ping", reason: "check" }))?.content).toBe(
      `[stderr]\nops: unknown argument "reason": the only argument is "commands";${send}`,
    );
    expect(calls()).toBe(0);
  });

  it("returns undefined for other blocks: another tool's tool_use, text, a server tool", async () => {
    const { api, calls } = pingApi();
    const input = { commands: "ping" };
    expect(
      await runAnthropicToolUse(api, { type: "tool_use", id: "t", name: "ping", input }),
    ).toBeUndefined();
    const text: Anthropic.Messages.TextBlock = { type: "text", text: "ops", citations: null };
    expect(await runAnthropicToolUse(api, text)).toBeUndefined();
    expect(
      await runAnthropicToolUse(api, { type: "server_tool_use", id: "s", name: "ops", input }),
    ).toBeUndefined();
    expect(calls()).toBe(0);
  });

  it("passes per-call options to the run and finds a renamed tool by its exported name", async () => {
    const { api, seen } = whoamiApi();
    const block = (commands: string, name = "ops") => ({
      type: "tool_use",
      id: "t",
      name,
      input: { commands },
    });
    const result = await runAnthropicToolUse(api, block('whoami; echo "$REGION"', "ops_api"), {
      name: "ops_api",
      tenant: "acme",
      context: { user: "jane" },
      env: { REGION: "eu" },
    });
    expect(result?.content).toBe("me\neu\n");
    expect(seen).toEqual([{ tenant: "acme", context: { user: "jane" } }]);
    expect(await runAnthropicToolUse(api, block("whoami"), { name: "ops_api" })).toBeUndefined();

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = await runAnthropicToolUse(api, block("hang; echo after"), { signal: controller.signal });
    expect(aborted).toMatchObject({ is_error: true, content: expect.stringMatching(/\[exit code 130\]\n$/) });
    const timedOut = await runAnthropicToolUse(api, block("hang"), { timeoutMs: 100 });
    expect(timedOut?.content).toContain("timed out after 100 ms\n[exit code 124]\n");
  });
});
