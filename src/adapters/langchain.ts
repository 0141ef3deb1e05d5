/**
 * The script tool for LangChain JS (`@langchain/core`, an optional peer): `toLangChainTool(api)` (and
 * `toLangChainTools(api, { discovery: true })` for the pair with `<name>_discover`) as LangChain structured tools
 * any LangChain model or agent binds, and `addLangChainTools(api, tools)` registering LangChain tools as commands.
 *
 * JSON Schema dialect: the script tool's schema (`{ commands: string }`) is given to LangChain as JSON Schema, which
 * LangChain passes to the provider as it is. A LangChain tool's own schema (zod 3 or 4, or JSON Schema) is turned
 * into JSON Schema by LangChain's `toJsonSchema` for the shell's flags and validation; the tool then parses its
 * input with its own schema, as LangChain would.
 * @module
 */

import type { RunnableConfig } from "@langchain/core/runnables";
import { DynamicStructuredTool, type StructuredToolInterface } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { ToolError, ToolshellError } from "../errors.js";
import type { ToolsetDefinition } from "../options.js";
import type { ExecuteResult } from "../run/result.js";
import { resultText } from "../run/result-text.js";
import type { ScriptedTool } from "../scripted-tool.js";
import type { RiskLevel, ToolRisk } from "../tool/risk.js";
import type { ToolContext } from "../tool/tool.js";
import { type DiscoveryOptions, discoverAnswer, exportedToolset } from "./discovery.js";
import { exportedToolName } from "./names.js";
import {
  type AdapterRunOptions,
  anySignal,
  type ExportOptions,
  providerInputSchema,
  runScriptInput,
} from "./script-input.js";

export type { DiscoveryOptions } from "./discovery.js";
export type { AdapterRunOptions, ExportOptions } from "./script-input.js";

/** Options of `toLangChainTool` and `toLangChainTools`. */
export interface LangChainToolOptions<Context = unknown> extends ExportOptions {
  /**
   * Options of each run (`timeoutMs`, `context`, `tenant`, `env`), or a function of LangChain's run config (its
   * `configurable`, `metadata`, `toolCall`...) that returns them, e.g. the tenant of the request. LangChain's
   * `signal` always stops the run (exit 130).
   */
  callOptions?:
    | AdapterRunOptions<Context>
    | ((config: LangChainRunConfig) => AdapterRunOptions<Context> | PromiseLike<AdapterRunOptions<Context>>);
}

/** LangChain's run config, as a tool receives it (`signal`, `configurable`, `metadata`, ...). */
export type LangChainRunConfig = RunnableConfig;

/** A structured tool as `tool()` from `@langchain/core/tools` makes it. */
export type LangChainTool = DynamicStructuredTool;

/** One definition of the toolset as a LangChain tool: the model reads `resultText`, the app gets the artifact. */
function langChainTool<Context>(
  api: ScriptedTool,
  definition: ToolsetDefinition,
  options: LangChainToolOptions<Context>,
): LangChainTool {
  const fields = {
    name: definition.name,
    description: definition.description,
    schema: providerInputSchema(definition),
    responseFormat: "content_and_artifact" as const,
    // LangChain checks the arguments against the schema before the tool runs and throws its
    // ToolInputParsingException for ones that do not fit: with the details, so the model learns what to send.
    verboseParsingErrors: true,
  };
  if (definition.kind === "discover") {
    return new DynamicStructuredTool({
      ...fields,
      func: async (input: unknown): Promise<[string, unknown]> => {
        const answer = discoverAnswer(api, definition.name, input);
        return [answer.text, answer];
      },
    });
  }
  const { callOptions } = options;
  return new DynamicStructuredTool({
    ...fields,
    func: async (
      input: unknown,
      _run?: unknown,
      config?: LangChainRunConfig,
    ): Promise<[string, ExecuteResult]> => {
      const extra = (typeof callOptions === "function" ? await callOptions(config ?? {}) : callOptions) ?? {};
      const result = await runScriptInput(api, definition.name, input, {
        ...extra,
        signal: anySignal(config?.signal, extra.signal),
      });
      return [resultText(result), result];
    },
  });
}

/**
 * The ScriptedTool as a LangChain structured tool: its input `{ commands: string }` runs through `api.execute()`
 * (LangChain's abort signal stops the run); the ToolMessage's content is the run's `resultText()` (stdout, then
 * stderr and the exit code when there are any) and its `artifact` the whole `ExecuteResult` for the app.
 * @example
 * const model = new ChatOpenAI({ model: "gpt-5-mini" }).bindTools([toLangChainTool(api)]);
 * const reply = await model.invoke([new SystemMessage(api.systemPrompt()), new HumanMessage(question)]);
 * for (const call of reply.tool_calls ?? []) messages.push(await shell.invoke(call)); // a ToolMessage
 */
export function toLangChainTool<Context = unknown>(
  api: ScriptedTool,
  options: LangChainToolOptions<Context> = {},
): LangChainTool {
  const name = exportedToolName(api.name, options.name);
  const [script] = exportedToolset(api, name, options);
  if (!script) throw new ToolshellError("invalid_option", "the ScriptedTool gave no script tool definition");
  return langChainTool(api, script, options);
}

/**
 * The toolset as LangChain tools: the script tool, and with `discovery: true` also `<name>_discover`, a
 * read-only tool that lists, searches and explains the commands. Pair it with
 * `api.systemPrompt({ level: "compact" })`.
 */
export function toLangChainTools<Context = unknown>(
  api: ScriptedTool,
  options: LangChainToolOptions<Context> & DiscoveryOptions = {},
): LangChainTool[] {
  const name = exportedToolName(api.name, options.name);
  return exportedToolset(api, name, options).map((definition) => langChainTool(api, definition, options));
}

/** Options of `addLangChainTools`. */
export interface AddLangChainToolsOptions {
  /** Registers each tool as `<namespace>.<name>` (e.g. `search.web`) instead of under its own name. */
  namespace?: string;
  /** Risk of every tool added: a level or flags (unset flags stay on the safe side: may write, destructive). */
  risk?: RiskLevel | Partial<Omit<ToolRisk, "level">>;
}

function line(text: string): string {
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}

/**
 * What a LangChain tool's result prints: a string (as LangChain tools return them, without a final newline) as a
 * line, a ToolMessage as its text; anything else as JSON, by the core's rules.
 */
function printed(value: unknown): unknown {
  if (typeof value === "string") return line(value);
  if (typeof value !== "object" || value === null) return value;
  const message = value as { content?: unknown; _getType?: unknown; status?: unknown };
  const content = typeof message._getType === "function" ? message.content : undefined;
  // A ToolMessage with status "error" is the tool saying it failed: the command fails with its text.
  if (content !== undefined && message.status === "error") {
    const text = typeof content === "string" ? content : JSON.stringify(content);
    throw new ToolError(text.trim() === "" ? "the tool reported an error without a message" : text.trimEnd());
  }
  if (typeof content === "string") return line(content);
  if (Array.isArray(content)) {
    const text = content
      .map((block: unknown) =>
        typeof block === "string"
          ? block
          : typeof (block as { text?: unknown })?.text === "string"
            ? (block as { text: string }).text
            : JSON.stringify(block),
      )
      .join("\n");
    return line(text);
  }
  return value;
}

function isParsingError(error: unknown): error is Error {
  return error instanceof Error && error.name === "ToolInputParsingException";
}

/**
 * Registers LangChain tools (`tool()`, `DynamicStructuredTool`, any `StructuredTool`) as commands: each under its
 * name (or `<namespace>.<name>`), its schema (zod 3 or 4, or JSON Schema) as the command's flags, invoked with
 * the call's params and its abort signal. A string result prints as a line, a ToolMessage as its text, anything
 * else as JSON; input the tool's own schema refuses exits 2 with its message, any other throw fails the call as a
 * callback's does. All or none: a tool that cannot be registered takes the ones before it back out.
 * @example
 * addLangChainTools(api, [new TavilySearch({ maxResults: 3 })], { namespace: "web", risk: { readOnly: true } });
 */
export function addLangChainTools(
  api: ScriptedTool,
  tools: readonly StructuredToolInterface[],
  options: AddLangChainToolsOptions = {},
): ScriptedTool {
  if (!Array.isArray(tools)) {
    throw new ToolshellError("invalid_tool", "addLangChainTools: tools must be an array of LangChain tools");
  }
  const added: string[] = [];
  try {
    for (const lcTool of tools) {
      const own = typeof lcTool?.name === "string" ? lcTool.name : "";
      const name = options.namespace === undefined ? own : `${options.namespace}.${own}`;
      if (typeof lcTool?.invoke !== "function") {
        throw new ToolshellError(
          "invalid_tool",
          `${name || "(unnamed)"}: not a LangChain tool (it has no invoke)`,
        );
      }
      let inputSchema: unknown;
      try {
        inputSchema = lcTool.schema === undefined ? { type: "object" } : toJsonSchema(lcTool.schema as never);
      } catch (error) {
        throw new ToolshellError("invalid_schema", `${name}: its schema cannot be read as JSON Schema`, {
          cause: error,
        });
      }
      api.add({
        name,
        description: typeof lcTool.description === "string" ? lcTool.description : "",
        inputSchema: inputSchema as Record<string, unknown>,
        ...(options.risk ? { risk: options.risk } : {}),
        execute: async (params: Record<string, unknown>, ctx: ToolContext) => {
          try {
            return printed(await lcTool.invoke(params, { signal: ctx.signal }));
          } catch (error) {
            if (isParsingError(error)) throw new ToolError(error.message, { exitCode: 2, cause: error });
            throw error;
          }
        },
      });
      added.push(name);
    }
  } catch (error) {
    for (const name of added) api.remove(name);
    throw error;
  }
  return api;
}
