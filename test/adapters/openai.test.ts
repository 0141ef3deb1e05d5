import fc from "fast-check";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import {
  providerToolName,
  runOpenAIToolCall,
  toOpenAIChatTool,
  toOpenAIResponsesTool,
} from "../../src/adapters/openai.js";
import { type ExecuteResult, ToolshellError } from "../../src/index.js";
import { pingApi, whoamiApi } from "../fixtures/ops-api.js";
import { recordedFetch, SCRIPT_INPUT_SCHEMA } from "../fixtures/recorded-fetch.js";
import { shop } from "../helpers.js";

type ChatCompletion = OpenAI.Chat.Completions.ChatCompletion;
type ChatMessageParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ChatToolCall = OpenAI.Chat.Completions.ChatCompletionMessageToolCall;
type OpenAIResponse = OpenAI.Responses.Response;

const SCRIPT = [
  "order=$(list_orders --user_id 42 --limit 1 | jq -c '.[0]')",
  'get_shipping --order_id "$(jq -r .order_id <<<"$order")" | jq -r .eta',
].join("\n");

/** A Chat Completions response as the API returns it: the script tool and another tool called in one turn. */
const chatCompletion = {
  id: "chatcmpl-CaS3pXk2h1Q9vT0WmYf8ZbR4nLqE7",
  object: "chat.completion",
  created: 1764465600,
  model: "gpt-4.1-mini-2025-04-14",
  choices: [
    {
      index: 0,
      message: {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_Q1w2E3r4T5y6U7i8O9p0",
            type: "function",
            function: { name: "shop", arguments: JSON.stringify({ commands: SCRIPT }) },
          },
          {
            id: "call_Z9x8C7v6B5n4M3l2K1j0",
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Berlin"}' },
          },
        ],
        refusal: null,
        annotations: [],
      },
      logprobs: null,
      finish_reason: "tool_calls",
    },
  ],
  usage: { prompt_tokens: 812, completion_tokens: 61, total_tokens: 873 },
  service_tier: "default",
  system_fingerprint: "fp_6f2eabb9a5",
} satisfies ChatCompletion;

const finalCompletion = {
  ...chatCompletion,
  id: "chatcmpl-CaS3qa1",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: "It arrives on 2026-12-02.", refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: "stop",
    },
  ],
} satisfies ChatCompletion;

/** A Responses API response as the API returns it: a reasoning item, then a function call of the script tool. */
const responsesResponse = {
  id: "resp_68f1c2d3e4b5a6978899aabbccddeeff",
  object: "response",
  created_at: 1764465600,
  status: "completed",
  model: "gpt-5-mini-2025-08-07",
  output: [
    { id: "rs_68f1c2d3e4b5", type: "reasoning", summary: [] },
    {
      id: "fc_68f1c2d3e4b6",
      type: "function_call",
      status: "completed",
      call_id: "call_Hj7Kl8Mn9Bv0Cx1Za2Sd3F",
      name: "shop",
      arguments: JSON.stringify({ commands: SCRIPT }),
    },
  ],
  parallel_tool_calls: true,
  tool_choice: "auto",
  tools: [],
  temperature: 1,
  top_p: 1,
  error: null,
  incomplete_details: null,
  instructions: null,
  metadata: {},
  usage: null,
};

/** A real OpenAI client whose transport answers with recorded JSON and keeps the request bodies. */
function recordedClient(replies: unknown[]) {
  const { fetch, bodies } = recordedFetch(replies);
  return { client: new OpenAI({ apiKey: "sk-test", maxRetries: 0, fetch }), bodies };
}

const PARAMETERS = SCRIPT_INPUT_SCHEMA;

describe("tool definitions", () => {
  it("exports a Chat Completions function tool that the SDK's type accepts, strict by default", () => {
    const api = shop("inline");
    const tool: OpenAI.Chat.Completions.ChatCompletionFunctionTool = toOpenAIChatTool(api);
    expect(tool).toEqual({
      type: "function",
      function: {
        name: "shop",
        description: api.definition().description,
        parameters: PARAMETERS,
        strict: true,
      },
    });
    const loose = toOpenAIChatTool(api, { strict: false, name: "shop_v2", description: api.systemPrompt() });
    expect(loose.function).toMatchObject({ name: "shop_v2", description: api.systemPrompt(), strict: false });
  });

  it("exports a Responses function tool that the SDK's type accepts", () => {
    const api = shop("inline");
    const tool: OpenAI.Responses.FunctionTool = toOpenAIResponsesTool(api);
    expect(tool).toEqual({
      type: "function",
      name: "shop",
      description: api.definition().description,
      parameters: PARAMETERS,
      strict: true,
    });
  });

  it("emits a schema that meets strict mode: no $schema, every property required, no additional properties", () => {
    const { parameters } = toOpenAIResponsesTool(shop("inline"));
    expect(parameters).not.toHaveProperty("$schema");
    expect(Object.keys(parameters.properties as object).sort()).toEqual(
      [...(parameters.required as string[])].sort(),
    );
    expect(parameters.additionalProperties).toBe(false);
  });

  it("refuses a name override outside ^[a-zA-Z0-9_-]{1,64}$, suggesting one that fits", () => {
    const api = shop("inline");
    expect(() => toOpenAIChatTool(api, { name: "shop.v2" })).toThrow(ToolshellError);
    expect(() => toOpenAIResponsesTool(api, { name: "shop.v2" })).toThrow(/providerToolName gives "shop_v2"/);
    expect(() => toOpenAIChatTool(api, { name: "x".repeat(65) })).toThrow(/does not fit/);
    expect(() => toOpenAIChatTool(api, { name: "" })).toThrow(/does not fit/);
  });
});

describe("providerToolName", () => {
  it("maps namespaces and other characters to _ and keeps names that fit", () => {
    expect(providerToolName("orders.list")).toBe("orders_list");
    expect(providerToolName("crm.users.get-by-id")).toBe("crm_users_get-by-id");
    expect(providerToolName("café au lait")).toBe("caf__au_lait");
    expect(providerToolName("shop")).toBe("shop");
    expect(() => providerToolName("")).toThrow(ToolshellError);
  });

  it("cuts long names to 64 characters, keeping two names with a shared prefix apart", () => {
    const a = providerToolName(`${"namespace.".repeat(8)}alpha`);
    const b = providerToolName(`${"namespace.".repeat(8)}beta`);
    expect(a).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(a.startsWith("namespace_namespace_")).toBe(true);
  });

  it("always gives a provider-valid name, and leaves valid names unchanged", () => {
    fc.assert(
      fc.property(
        fc.string({
          minLength: 1,
          maxLength: 100,
          unit: fc.oneof(
            fc.constantFrom("a", "Z", "0", "_", "-", ".", " ", "é", "😀"),
            fc.string({ minLength: 1, maxLength: 1, unit: "binary" }),
          ),
        }),
        (name) => {
          expect(providerToolName(name)).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
        },
      ),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9_-]{1,64}$/), (name) => {
        expect(providerToolName(name)).toBe(name);
      }),
    );
  });
});

describe("runOpenAIToolCall with Chat Completions", () => {
  it("runs the script of a recorded response and its tool message goes back through the real client", async () => {
    const api = shop("inline");
    const { client, bodies } = recordedClient([chatCompletion, finalCompletion]);
    const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [toOpenAIChatTool(api)];
    const messages: ChatMessageParam[] = [
      { role: "system", content: api.systemPrompt() },
      { role: "user", content: "When does Jane's latest order arrive?" },
    ];
    const completion = await client.chat.completions.create({ model: "gpt-4.1-mini", messages, tools });
    const message = completion.choices[0]?.message;
    if (!message) throw new Error("no message");
    messages.push(message);
    const results: ExecuteResult[] = [];
    for (const call of message.tool_calls ?? []) {
      const reply = await runOpenAIToolCall(api, call, { onResult: (result) => results.push(result) });
      messages.push(reply ?? { role: "tool", tool_call_id: call.id, content: "handled elsewhere" });
    }
    const final = await client.chat.completions.create({ model: "gpt-4.1-mini", messages, tools });

    expect(final.choices[0]?.message.content).toBe("It arrives on 2026-12-02.");
    expect(bodies[0]?.tools).toEqual([
      {
        type: "function",
        function: {
          name: "shop",
          description: api.definition().description,
          parameters: PARAMETERS,
          strict: true,
        },
      },
    ]);
    expect((bodies[1]?.messages as unknown[] | undefined)?.slice(-2)).toEqual([
      { role: "tool", tool_call_id: "call_Q1w2E3r4T5y6U7i8O9p0", content: "2026-12-02\n" },
      { role: "tool", tool_call_id: "call_Z9x8C7v6B5n4M3l2K1j0", content: "handled elsewhere" },
    ]);
    expect(results).toHaveLength(1);
    expect(results[0]?.trace.map((entry) => entry.name)).toEqual(["list_orders", "get_shipping"]);
  });

  it("answers bad arguments with a text for the model instead of throwing", async () => {
    const { api, calls } = pingApi();
    const answer = async (args: string) =>
      (
        await runOpenAIToolCall(api, {
          id: "c1",
          type: "function",
          function: { name: "ops", arguments: args },
        })
      )?.content;
    const send = ' send {"commands": "<bash script>"}\n[exit code 2]\n';
    expect(await answer('{"commands": "ping"')).toMatch(
      /^\[stderr\]\nops: the arguments are not valid JSON \(.+\); send \{"commands": "<bash script>"\}\n\[exit code 2\]\n$/,
    );
    expect(await answer("")).toBe(`[stderr]\nops: missing "commands", the bash script to run;${send}`);
    expect(await answer('{"command": "ping"}')).toBe(
      `[stderr]\nops: missing "commands", the bash script to run (got "command");${send}`,
    );
    expect(await answer('{"commands": ["ping"]}')).toBe(
      `[stderr]\nops: "commands" must be a string holding one bash script, got an array;${send}`,
    );
    expect(await answer('{"commands": "ping", "timeout": 5}')).toBe(
      `[stderr]\nops: unknown argument "timeout": the only argument is "commands";${send}`,
    );
    expect(await answer('"ping"')).toBe(
      `[stderr]\nops: the arguments must be a JSON object, got a string;${send}`,
    );
    expect(calls()).toBe(0);
    expect(await answer('{"commands": "ping; ping"}')).toBe("1\n2\n");
  });

  it("returns undefined, running nothing, for another tool's call or a custom tool call", async () => {
    const { api, calls } = pingApi();
    const other: ChatToolCall = {
      id: "c1",
      type: "function",
      function: { name: "ping", arguments: '{"commands":"ping"}' },
    };
    const custom: ChatToolCall = { id: "c2", type: "custom", custom: { name: "ops", input: "ping" } };
    expect(await runOpenAIToolCall(api, other)).toBeUndefined();
    expect(await runOpenAIToolCall(api, custom)).toBeUndefined();
    expect(calls()).toBe(0);
  });
});

describe("runOpenAIToolCall with the Responses API", () => {
  it("runs the function_call item of a recorded response and its output goes back through the real client", async () => {
    const api = shop("inline");
    const { client, bodies } = recordedClient([responsesResponse, { ...responsesResponse, output: [] }]);
    const tools: OpenAI.Responses.Tool[] = [toOpenAIResponsesTool(api)];
    const response: OpenAIResponse = await client.responses.create({
      model: "gpt-5-mini",
      instructions: api.systemPrompt(),
      input: "When does Jane's latest order arrive?",
      tools,
    });
    const input: OpenAI.Responses.ResponseInputItem[] = [];
    for (const item of response.output) {
      const output = await runOpenAIToolCall(api, item);
      if (output) input.push(output);
    }
    await client.responses.create({ model: "gpt-5-mini", previous_response_id: response.id, input, tools });

    expect(bodies[0]?.tools).toEqual([
      {
        type: "function",
        name: "shop",
        description: api.definition().description,
        parameters: PARAMETERS,
        strict: true,
      },
    ]);
    expect((bodies[1]?.input as unknown[] | undefined)?.at(-1)).toEqual({
      type: "function_call_output",
      call_id: "call_Hj7Kl8Mn9Bv0Cx1Za2Sd3F",
      output: "2026-12-02\n",
    });
    expect(bodies[1]?.input).toHaveLength(1);
    expect(bodies[1]?.previous_response_id).toBe(responsesResponse.id);
  });

  it("returns undefined for items that are not this tool's function call", async () => {
    const { api, calls } = pingApi();
    const call = {
      type: "function_call",
      call_id: "c",
      name: "ops",
      arguments: '{"commands":"ping"}',
    } as const;
    expect(await runOpenAIToolCall(api, { ...call, name: "ping" })).toBeUndefined();
    expect(await runOpenAIToolCall(api, { ...call, namespace: "crm" })).toBeUndefined();
    const reasoning: OpenAI.Responses.ResponseReasoningItem = { type: "reasoning", id: "rs_1", summary: [] };
    expect(await runOpenAIToolCall(api, reasoning)).toBeUndefined();
    expect(await runOpenAIToolCall(api, { ...call, call_id: 7 })).toBeUndefined();
    expect(calls()).toBe(0);
    expect(await runOpenAIToolCall(api, call)).toEqual({
      type: "function_call_output",
      call_id: "c",
      output: "1\n",
    });
  });
});

describe("per-call options", () => {
  it("passes signal, timeoutMs, context, tenant and env to the run, and a renamed tool by its name", async () => {
    const { api, seen } = whoamiApi();
    const call = (commands: string, name = "ops") => ({
      type: "function_call",
      call_id: "c",
      name,
      arguments: JSON.stringify({ commands }),
    });
    const reply = await runOpenAIToolCall(api, call('whoami; echo "$REGION"', "ops_v2"), {
      name: "ops_v2",
      tenant: "acme",
      context: { user: "jane" },
      env: { REGION: "eu" },
    });
    expect(reply?.output).toBe("me\neu\n");
    expect(seen).toEqual([{ tenant: "acme", context: { user: "jane" } }]);
    expect(await runOpenAIToolCall(api, call("whoami"), { name: "ops_v2" })).toBeUndefined();

    let exitCode: number | undefined;
    const timedOut = await runOpenAIToolCall(api, call("hang"), {
      timeoutMs: 100,
      onResult: (result) => {
        exitCode = result.exitCode;
      },
    });
    expect(exitCode).toBe(124);
    expect(timedOut?.output).toContain("timed out after 100 ms\n[exit code 124]\n");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = await runOpenAIToolCall(api, call("hang; echo after"), { signal: controller.signal });
    expect(aborted?.output).toMatch(/^\[stderr\]\n(.*\n)*\[exit code 130\]\n$/);
    expect(aborted?.output).not.toContain("after");
  });
});
