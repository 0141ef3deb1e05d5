/**
 * The script tool in the AI SDK: `toAiSdkTool(api)` in `generateText`, and an existing AI SDK tool registered as a
 * command with `addAiSdkTools`. Runs without network or keys: the model is the AI SDK's own test model, scripted
 * to call the tool once and then answer with what it read. Swap in a real model (e.g. `openai("gpt-5-mini")` from
 * `@ai-sdk/openai`) and nothing else changes. `npx tsx examples/ai-sdk.ts` runs it.
 */
import { pathToFileURL } from "node:url";
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";
import { addAiSdkTools, toAiSdkTool } from "../src/adapters/ai.js";
import { type ExecuteResult, ScriptedTool } from "../src/index.js";
import { ecommerceTools } from "./ecommerce-tools.js";

/** The script the (scripted) model writes: three tools, one of them the AI SDK tool below. */
export const script = `order=$(list_orders --user_id 42 --limit 1 | jq -c '.[0]')
price=$(get_product --product_id "$(jq -r .product_id <<<"$order")" | jq -r .price)
convert_price --amount "$price" --to EUR | jq -r '.text'`;

/** An AI SDK tool the app already had; `addAiSdkTools` makes it a command of the script tool. */
const convertPrice = tool({
  description: "Convert a USD price to another currency",
  inputSchema: z.object({ amount: z.number(), to: z.enum(["EUR", "GBP"]) }),
  execute: async ({ amount, to }) => {
    const value = Math.round(amount * (to === "EUR" ? 0.92 : 0.79) * 100) / 100;
    return { amount: value, currency: to, text: `${value.toFixed(2)} ${to}` };
  },
});

const usage = {
  inputTokens: { total: 900, noCache: 900, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 60, text: 60, reasoning: undefined },
};

/** Step 1: call the script tool. Step 2: answer with the tool result it was shown. */
function scriptedModel(): MockLanguageModelV3 {
  const step = async (options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> => {
    const shown = options.prompt
      .filter((message) => message.role === "tool")
      .flatMap((message) => message.content)
      .find((part) => part.type === "tool-result");
    if (!shown) {
      return {
        content: [
          {
            type: "tool-call",
            toolCallId: "call-1",
            toolName: "shop",
            input: JSON.stringify({ commands: script }),
          },
        ],
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage,
        warnings: [],
      };
    }
    const value = "value" in shown.output ? String(shown.output.value).trim() : "?";
    return {
      content: [{ type: "text", text: `Jane's latest order costs ${value}.` }],
      finishReason: { unified: "stop", raw: "stop" },
      usage,
      warnings: [],
    };
  };
  return new MockLanguageModelV3({ doGenerate: step });
}

export interface AiSdkExampleSummary {
  /** What the app gets: the run's full result. */
  result: ExecuteResult;
  /** What the model was shown (toModelOutput: resultText). */
  modelSaw: unknown;
  /** The model's final answer. */
  text: string;
}

export async function main(log: (line: string) => void = console.log): Promise<AiSdkExampleSummary> {
  const api = new ScriptedTool({ name: "shop", description: "E-commerce API", tools: ecommerceTools });
  addAiSdkTools(api, { convert_price: convertPrice });
  try {
    const model = scriptedModel();
    const { text, steps } = await generateText({
      model,
      system: api.systemPrompt(),
      tools: { shop: toAiSdkTool(api, { callOptions: { tenant: "acme" } }) },
      stopWhen: stepCountIs(3),
      prompt: "How much is Jane's latest order in euros?",
    });
    const result = steps[0]?.toolResults[0]?.output as ExecuteResult;
    const modelSaw = model.doGenerateCalls[1]?.prompt
      .filter((message) => message.role === "tool")
      .flatMap((message) => message.content)
      .map((part) => (part.type === "tool-result" ? part.output : undefined))[0];
    log(`model called "shop" with:\n${script}`);
    log(`the app got: exit ${result.exitCode}, stdout ${JSON.stringify(result.stdout)}`);
    log(`trace: ${result.trace.map((entry) => entry.name).join(" -> ")}`);
    log(`the model was shown: ${JSON.stringify(modelSaw)}`);
    log(`final answer: ${text}`);
    return { result, modelSaw, text };
  } finally {
    await api.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
