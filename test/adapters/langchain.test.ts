// LangChain JS (issue 17, part 5), with the real @langchain/core: the script tool (and the discovery pair) bound to
// a chat model and driven by an agent loop, and LangChain tools registered as commands.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { DynamicStructuredTool, tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as z3 from "zod/v3";
import { addLangChainTools, toLangChainTool, toLangChainTools } from "../../src/adapters/langchain.js";
import { type ExecuteResult, resultText, ScriptedTool, ToolshellError } from "../../src/index.js";
import { shop, track } from "../helpers.js";

type Call = { name: string; args: Record<string, unknown> };

/** A fake chat model: answers each turn with the next scripted tool calls (or text), recording what it saw. */
class ScriptedChatModel extends BaseChatModel {
  readonly seen: BaseMessage[][] = [];
  bound: string[] = [];
  constructor(private readonly turns: (Call[] | string)[]) {
    super({});
  }
  _llmType(): string {
    return "scripted-fake";
  }
  override bindTools(tools: { name: string }[]) {
    this.bound = tools.map((bound) => bound.name);
    return this as never;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push(messages);
    const turn = this.turns[this.seen.length - 1] ?? "done";
    const message =
      typeof turn === "string"
        ? new AIMessage(turn)
        : new AIMessage({
            content: "",
            tool_calls: turn.map((call, index) => ({
              ...call,
              id: `call-${this.seen.length}-${index}`,
              type: "tool_call",
            })),
          });
    return { generations: [{ text: typeof turn === "string" ? turn : "", message }] };
  }
}

/** The agent loop: the model's tool calls run by name, their ToolMessages fed back, until it answers in text. */
async function agentLoop(
  model: ScriptedChatModel,
  tools: DynamicStructuredTool[],
  question: string,
  system: string,
) {
  const bound = model.bindTools(tools);
  const messages: BaseMessage[] = [new SystemMessage(system), new HumanMessage(question)];
  const toolMessages: ToolMessage[] = [];
  for (let step = 0; step < 6; step++) {
    const reply = (await (bound as unknown as BaseChatModel).invoke(messages)) as AIMessage;
    messages.push(reply);
    if (!reply.tool_calls?.length) return { answer: String(reply.content), toolMessages };
    for (const call of reply.tool_calls) {
      const found = tools.find((candidate) => candidate.name === call.name);
      const message = (await found?.invoke(call)) as ToolMessage;
      toolMessages.push(message);
      messages.push(message);
    }
  }
  throw new Error("the loop did not end");
}

describe("toLangChainTool", () => {
  it("runs a model's script in an agent loop: the ToolMessage has resultText, the artifact the whole run", async () => {
    const api = shop();
    const model = new ScriptedChatModel([
      [{ name: "shop", args: { commands: "get_user --id 42 | jq -r .name; get_user --id 9" } }],
      "Jane Doe",
    ]);
    const { answer, toolMessages } = await agentLoop(
      model,
      [toLangChainTool(api)],
      "Who is 42?",
      api.systemPrompt(),
    );
    expect(model.bound).toEqual(["shop"]);
    expect(answer).toBe("Jane Doe");
    const [message] = toolMessages;
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message?.tool_call_id).toBe("call-1-0");
    expect(message?.content).toBe(resultText(message?.artifact as ExecuteResult));
    expect(message?.content).toMatch(/^Jane Doe\n/);
    expect(message?.artifact).toMatchObject({
      exitCode: 1,
      trace: [{ name: "get_user" }, { name: "get_user" }],
    });
    // the model saw the ToolMessage on its next turn
    expect(model.seen[1]?.at(-1)?.content).toBe(message?.content);
  });

  it("stops the run when LangChain's signal aborts, and takes per-run options from the run config", async () => {
    const api = track(
      new ScriptedTool({
        name: "t",
        tools: [
          { name: "who", execute: (_params, ctx) => `${ctx.tenant}\n` },
          {
            name: "hang",
            execute: (_params, ctx) =>
              new Promise((resolve) => ctx.signal.addEventListener("abort", resolve)),
          },
        ],
      }),
    );
    const shell = toLangChainTool(api, {
      callOptions: (config) => ({ tenant: String(config.configurable?.tenant ?? "none") }),
    });
    expect(await shell.invoke({ commands: "who" }, { configurable: { tenant: "acme" } })).toBe("acme\n");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    // the run ends at the abort (exit 130) and the model is told so
    expect(await shell.invoke({ commands: "hang" }, { signal: controller.signal })).toContain(
      "hang: aborted",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("toLangChainTools with discovery", () => {
  it("gives the pair; the model discovers a command, then scripts it", async () => {
    const api = shop();
    const tools = toLangChainTools(api, { discovery: true });
    expect(tools.map((candidate) => candidate.name)).toEqual(["shop", "shop_discover"]);
    const model = new ScriptedChatModel([
      [{ name: "shop_discover", args: { query: "shipping" } }],
      [{ name: "shop", args: { commands: "get_shipping --order_id 1001 | jq -r .carrier" } }],
      "UPS",
    ]);
    const { toolMessages } = await agentLoop(
      model,
      tools,
      "Who ships order 1001?",
      api.systemPrompt({ level: "compact" }),
    );
    expect(model.bound).toEqual(["shop", "shop_discover"]);
    expect(toolMessages[0]?.content).toContain("get_shipping");
    expect(toolMessages[0]?.artifact).toMatchObject({ isError: false, tools: [{ name: "get_shipping" }] });
    expect(toolMessages[1]?.artifact).toMatchObject({ exitCode: 0 });
  });
});

describe("addLangChainTools", () => {
  const weather = tool(async ({ city, units }) => `${city}: 18 ${units}`, {
    name: "weather",
    description: "The weather in a city.",
    schema: z.object({ city: z.string(), units: z.enum(["C", "F"]).default("C") }),
  });
  const legacy = new DynamicStructuredTool({
    name: "legacy",
    description: "A zod 3 tool.",
    schema: z3.object({ n: z3.number().int() }),
    func: async ({ n }) =>
      new ToolMessage({ content: [{ type: "text", text: `n=${n}` }], tool_call_id: "x" }),
  });
  const failing = tool(
    async () => {
      throw new Error("upstream down");
    },
    { name: "failing", description: "Always fails.", schema: z.object({}) },
  );
  const slow = tool(
    (_input, config) =>
      new Promise<string>((resolve) => config?.signal?.addEventListener("abort", () => resolve("stopped"))),
    { name: "slow", description: "Waits for its signal.", schema: z.object({}) },
  );

  it("registers them as commands with flags from their schemas; results print as text", async () => {
    const api = track(new ScriptedTool({ name: "lc" }));
    addLangChainTools(api, [weather, legacy, failing, slow], { namespace: "lc", risk: { readOnly: true } });
    expect(api.tools().map((spec) => spec.name)).toEqual([
      "lc.weather",
      "lc.legacy",
      "lc.failing",
      "lc.slow",
    ]);
    expect(api.tools()[0]?.risk.readOnly).toBe(true);
    const result = await api.execute(
      'lc.weather --city Oslo; lc.weather --city Rome --units F; lc.legacy --n 3; lc.failing; echo "rc=$?"',
    );
    expect(result).toMatchObject({
      stdout: "Oslo: 18 C\nRome: 18 F\nn=3\nrc=1\n",
      stderr: "lc.failing: callback failed\n",
    });
    expect(result.trace[3]).toMatchObject({ outcome: "handler_failed" });
    const help = await api.execute("help lc.weather");
    expect(help.stdout).toContain("--units <C|F>");
    const bad = await api.execute("lc.weather --city Oslo --units K");
    expect(bad.exitCode).toBe(2);
    const stopped = await api.execute("lc.slow", { timeoutMs: 300 });
    expect(stopped.exitCode).toBe(124);
  });

  it("takes a risk level, fails the command on a ToolMessage with status error, and says why LangChain refused input", async () => {
    const api = track(new ScriptedTool({ name: "lc" }));
    const refusing = tool(
      async () => new ToolMessage({ content: "quota exceeded", tool_call_id: "x", status: "error" }),
      { name: "refusing", description: "Reports an error.", schema: z.object({}) },
    );
    addLangChainTools(api, [refusing], { risk: "high" });
    expect(api.tools()[0]?.risk).toMatchObject({ level: "high", destructive: true });
    expect(await api.execute('refusing || echo "rc=$?"')).toMatchObject({
      stdout: "rc=1\n",
      stderr: "refusing: quota exceeded\n",
    });
    // the script tool: LangChain validates first and throws, with the details
    await expect(toLangChainTool(shop()).invoke({ script: "echo" } as never)).rejects.toThrow(
      /did not match expected schema\nDetails: /,
    );
  });

  it("adds all or none, and refuses what is not a LangChain tool", () => {
    const api = track(new ScriptedTool({ name: "lc" }));
    expect(() => addLangChainTools(api, [weather, { name: "plain" } as never])).toThrow(ToolshellError);
    expect(() => addLangChainTools(api, [weather, { name: "plain" } as never])).toThrow(
      "plain: not a LangChain tool (it has no invoke)",
    );
    expect(api.tools()).toEqual([]);
    expect(() => addLangChainTools(api, weather as never)).toThrow(/must be an array/);
  });
});
