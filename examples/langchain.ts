/**
 * The script tool in LangChain JS: `toLangChainTools(api, { discovery: true })` bound to a chat model in an agent
 * loop (the model first asks `shop_discover` about a command, then scripts it), and an existing LangChain tool
 * registered as a command with `addLangChainTools`. Runs without network or keys: the model is a scripted fake.
 * Swap in a real one (e.g. `new ChatOpenAI({ model: "gpt-5-mini" })` from `@langchain/openai`) and nothing else
 * changes. `npx tsx examples/langchain.ts` runs it.
 */
import { pathToFileURL } from "node:url";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  type ToolMessage,
} from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { addLangChainTools, toLangChainTools } from "../src/adapters/langchain.js";
import { ScriptedTool } from "../src/index.js";
import { ecommerceTools } from "./ecommerce-tools.js";

/** A LangChain tool the app already had; addLangChainTools makes it a command of the script tool. */
const convertPrice = tool(
  async ({ amount, to }) =>
    `${(Math.round(amount * (to === "EUR" ? 0.92 : 0.79) * 100) / 100).toFixed(2)} ${to}`,
  {
    name: "convert_price",
    description: "Convert a USD price to another currency",
    schema: z.object({ amount: z.number(), to: z.enum(["EUR", "GBP"]) }),
  },
);

/** The script the (scripted) model writes once it has read get_product's flags. */
export const script = `price=$(get_product --product_id "$(list_orders --user_id 42 --limit 1 | jq -r '.[0].product_id')" | jq -r .price)
convert_price --amount "$price" --to EUR`;

/** A stand-in for a real chat model: each turn answers with the next scripted tool call, then with text. */
class ScriptedModel extends BaseChatModel {
  private turn = 0;
  readonly read: string[] = [];
  _llmType(): string {
    return "scripted";
  }
  override bindTools(): this {
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const last = messages.at(-1);
    if (last?.getType() === "tool") this.read.push(String(last.content));
    const calls = [
      { name: "shop_discover", args: { tool: "get_product" } },
      { name: "shop", args: { commands: script } },
    ];
    const call = calls[this.turn++];
    const message = call
      ? new AIMessage({ content: "", tool_calls: [{ ...call, id: `call-${this.turn}`, type: "tool_call" }] })
      : new AIMessage(`Jane's latest order costs ${this.read.at(-1)?.trim()}.`);
    return { generations: [{ text: String(message.content), message }] };
  }
}

export async function main(log: (text: string) => void = (text) => process.stdout.write(text)) {
  const api = new ScriptedTool({ name: "shop", tools: ecommerceTools });
  addLangChainTools(api, [convertPrice], { risk: { readOnly: true } });
  try {
    const tools = toLangChainTools(api, { discovery: true });
    const model = new ScriptedModel({});
    const bound = model.bindTools();
    const messages: BaseMessage[] = [
      new SystemMessage(api.systemPrompt({ level: "compact" })),
      new HumanMessage("How much is Jane's (user 42) latest order in euros?"),
    ];
    // The agent loop: run each tool call by name and feed the ToolMessage back until the model answers.
    for (;;) {
      const reply = (await bound.invoke(messages)) as AIMessage;
      messages.push(reply);
      if (!reply.tool_calls?.length) {
        log(`${String(reply.content)}\n`);
        return { answer: String(reply.content), toolResults: model.read, tools: tools.map((t) => t.name) };
      }
      for (const call of reply.tool_calls) {
        const found = tools.find((candidate) => candidate.name === call.name);
        messages.push((await found?.invoke(call)) as ToolMessage);
      }
    }
  } finally {
    await api.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
