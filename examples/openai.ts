/**
 * The script tool with the OpenAI API, Chat Completions and Responses. Runs without network or keys: the model's
 * replies are recorded response objects, and the example prints the message you would send back. The real client
 * calls are in the comments. `npx tsx examples/openai.ts` runs it.
 */
import { pathToFileURL } from "node:url";
import type OpenAI from "openai";
import {
  type OpenAIChatToolMessage,
  type OpenAIFunctionCallOutput,
  runOpenAIToolCall,
  toOpenAIChatTool,
  toOpenAIResponsesTool,
} from "../src/adapters/openai.js";
import { ScriptedTool } from "../src/index.js";
import { ecommerceTools } from "./ecommerce-tools.js";

/** The script the model writes. */
export const script = `orders=$(list_orders --user_id 42)
for i in 0 1; do
  ship=$(get_shipping --order_id "$(jq -r ".[$i].order_id" <<<"$orders")")
  echo "$(jq -r .order_id <<<"$ship"): $(jq -r .carrier <<<"$ship"), arriving $(jq -r .eta <<<"$ship")"
done`;

/** What `client.chat.completions.create(...)` returned: the model calls the script tool. */
const completion = {
  id: "chatcmpl-CaS3pXk2h1Q9vT0WmYf8ZbR4nLqE7",
  object: "chat.completion",
  created: 1764465600,
  model: "gpt-5-mini-2025-08-07",
  choices: [
    {
      index: 0,
      finish_reason: "tool_calls",
      logprobs: null,
      message: {
        role: "assistant",
        content: null,
        refusal: null,
        tool_calls: [
          {
            id: "call_Q1w2E3r4T5y6U7i8O9p0",
            type: "function",
            function: { name: "shop", arguments: JSON.stringify({ commands: script }) },
          },
        ],
      },
    },
  ],
} satisfies OpenAI.Chat.Completions.ChatCompletion;

/** What `client.responses.create(...)` returned: the same call as a Responses `function_call` item. */
const responseOutput: OpenAI.Responses.ResponseOutputItem[] = [
  {
    type: "function_call",
    id: "fc_68f1c2d3e4b6",
    call_id: "call_Hj7Kl8Mn9Bv0Cx1Za2Sd3F",
    name: "shop",
    arguments: JSON.stringify({ commands: script }),
    status: "completed",
  },
];

export interface OpenAIExampleSummary {
  chatTool: OpenAI.Chat.Completions.ChatCompletionFunctionTool;
  chatReplies: OpenAIChatToolMessage[];
  responsesTool: OpenAI.Responses.FunctionTool;
  responsesReplies: OpenAIFunctionCallOutput[];
}

export async function main(log: (line: string) => void = console.log): Promise<OpenAIExampleSummary> {
  const api = new ScriptedTool({ name: "shop", description: "E-commerce API", tools: ecommerceTools });
  try {
    // Chat Completions.
    const chatTool = toOpenAIChatTool(api);
    log(
      `Chat Completions tool: ${JSON.stringify(chatTool.function.parameters)}, strict: ${chatTool.function.strict}`,
    );
    // const completion = await client.chat.completions.create({
    //   model: "gpt-5-mini",
    //   messages: [{ role: "system", content: api.systemPrompt() }, { role: "user", content: question }],
    //   tools: [chatTool],
    // });
    const message = completion.choices[0]?.message;
    const chatReplies: OpenAIChatToolMessage[] = [];
    for (const call of message?.tool_calls ?? []) {
      const reply = await runOpenAIToolCall(api, call); // undefined: not the script tool's call, route it yourself
      if (reply) chatReplies.push(reply);
    }
    log(`send back (Chat Completions): ${JSON.stringify(chatReplies)}`);
    // messages.push(message, ...chatReplies);
    // await client.chat.completions.create({ model: "gpt-5-mini", messages, tools: [chatTool] });

    // Responses.
    const responsesTool = toOpenAIResponsesTool(api);
    // const response = await client.responses.create({
    //   model: "gpt-5-mini", instructions: api.systemPrompt(), input: question, tools: [responsesTool],
    // });
    const responsesReplies: OpenAIFunctionCallOutput[] = [];
    for (const item of responseOutput) {
      const output = await runOpenAIToolCall(api, item);
      if (output) responsesReplies.push(output);
    }
    log(`send back (Responses): ${JSON.stringify(responsesReplies)}`);
    // await client.responses.create({
    //   model: "gpt-5-mini", previous_response_id: response.id, input: responsesReplies, tools: [responsesTool],
    // });
    return { chatTool, chatReplies, responsesTool, responsesReplies };
  } finally {
    await api.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
