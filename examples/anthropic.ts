/**
 * The script tool with the Anthropic Messages API. Runs without network or keys: the model's reply is a recorded
 * message, and the example prints the `tool_result` blocks you would send back. The real client calls are in the
 * comments. `npx tsx examples/anthropic.ts` runs it.
 */
import { pathToFileURL } from "node:url";
import type Anthropic from "@anthropic-ai/sdk";
import { type AnthropicToolResult, runAnthropicToolUse, toAnthropicTool } from "../src/adapters/anthropic.js";
import { ScriptedTool } from "../src/index.js";
import { ecommerceTools } from "./ecommerce-tools.js";

/** The script the model writes; the second call fails and the script recovers. */
export const script = `get_user --id 42 | jq -r .email
get_user --id 9 || echo "no user 9"`;

/** What `client.messages.create(...)` returned: text, then a call of the script tool. */
const content: Anthropic.Messages.ContentBlock[] = [
  { type: "text", text: "Let me look up those users.", citations: null },
  {
    type: "tool_use",
    id: "toolu_01A09q90qw90lq917835lq9",
    name: "shop",
    input: { commands: script },
    caller: { type: "direct" },
  },
];

export interface AnthropicExampleSummary {
  tool: Anthropic.Messages.Tool;
  results: AnthropicToolResult[];
}

export async function main(log: (line: string) => void = console.log): Promise<AnthropicExampleSummary> {
  const api = new ScriptedTool({ name: "shop", description: "E-commerce API", tools: ecommerceTools });
  try {
    const tool = toAnthropicTool(api);
    log(`tool: ${tool.name}, input_schema ${JSON.stringify(tool.input_schema)}`);
    // const message = await client.messages.create({
    //   model: "claude-sonnet-5-5",
    //   max_tokens: 1024,
    //   system: api.systemPrompt(),
    //   messages: [{ role: "user", content: question }],
    //   tools: [tool],
    // });
    const results: AnthropicToolResult[] = [];
    for (const block of content) {
      const result = await runAnthropicToolUse(api, block); // undefined: text, or another tool's call
      if (result) results.push(result);
    }
    log(`send back: ${JSON.stringify({ role: "user", content: results })}`);
    // messages.push({ role: "assistant", content: message.content }, { role: "user", content: results });
    // await client.messages.create({ model: "claude-sonnet-5-5", max_tokens: 1024, messages, tools: [tool] });
    return { tool, results };
  } finally {
    await api.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
