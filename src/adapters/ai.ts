/**
 * The script tool for the AI SDK (`ai`, an optional peer dependency): `toAiSdkTool(api)` makes the ScriptedTool an
 * AI SDK `tool()`, and `addAiSdkTools(api, tools)` registers an existing AI SDK tools object as commands.
 *
 * JSON Schema dialect: the tool's `inputSchema` is `jsonSchema()` over `{ commands: string }` (`required`,
 * `additionalProperties: false`, no `$schema` key). The AI SDK hands it to each provider, which reads its own
 * subset (draft-07 for some, 2020-12 for others); these keywords mean the same in both. In the other direction,
 * a zod 4 schema converts to 2020-12 (the dialect toolshell validates with) and any other AI SDK schema (zod 3,
 * `jsonSchema()`, a Standard Schema) is read through the AI SDK's own `asSchema()`, which yields draft-07; the
 * keywords toolshell reads mean the same there.
 * @module
 */
import {
  asSchema,
  type JSONSchema7,
  type JSONValue,
  jsonSchema,
  type Tool,
  type ToolExecutionOptions,
  type ToolSet,
  tool,
} from "ai";
import type { DiscoverAnswer } from "../../builtins/discover-answer.js";
import { ToolshellError } from "../errors.js";
import type { ExecuteResult } from "../run/result.js";
import { resultText } from "../run/result-text.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { type RiskLevel, riskRank, type ToolRisk } from "../tool/risk.js";
import type { ToolContext } from "../tool/tool.js";
import { type DiscoveryOptions, discoverAnswer, exportedDiscoverName, exportedToolset } from "./discovery.js";
import { type AdapterRunOptions, anySignal, providerInputSchema, runScriptInput } from "./script-input.js";

export type { DiscoveryOptions } from "./discovery.js";
export { providerToolName } from "./names.js";
export type { AdapterRunOptions } from "./script-input.js";

/** The script tool's input, as the model sends it. */
export interface ScriptToolInput {
  /** The bash script to run. */
  commands: string;
}

/** Options of `toAiSdkTool`. */
export interface AiSdkToolOptions<Context = unknown> {
  /**
   * The description the model reads (default: `api.definition().description`, read each time the AI SDK reads
   * it, so it lists tools added later). Pass `api.systemPrompt()` here when you cannot add it to `system`.
   */
  description?: string;
  /**
   * Options of each run (`signal`, `timeoutMs`, `context`, `tenant`, `env`), or a function of the AI SDK's call
   * options (`toolCallId`, `messages`, `experimental_context`) that returns them, e.g. the tenant of the request.
   * A `signal` here is combined with the AI SDK's `abortSignal`; without a `context`, the run's context is the
   * AI SDK's `experimental_context`.
   */
  callOptions?:
    | AdapterRunOptions<Context>
    | ((call: ToolExecutionOptions) => AdapterRunOptions<Context> | PromiseLike<AdapterRunOptions<Context>>);
}

function isExecuteResult(value: unknown): value is ExecuteResult {
  return typeof value === "object" && value !== null && "stdout" in value && "exitCode" in value;
}

/**
 * The ScriptedTool as an AI SDK `tool()`. Its `inputSchema` is `jsonSchema(definition().inputSchema)`; `execute`
 * runs `input.commands` through `api.execute()` with the AI SDK's `abortSignal` (aborting the generation stops
 * the run: exit 130) and returns the whole `ExecuteResult` (stdout, stderr, exitCode, trace, ...) so the app gets
 * structured data in `toolResults` and in the UI, while `toModelOutput` gives the model `resultText()`: stdout,
 * then stderr and the exit code when there are any, as an error text when the exit code is not 0. Arguments that
 * are not `{ commands: string }` are answered the same way (exit 2, with what to send), never thrown.
 * @example
 * const { text } = await generateText({
 *   model,
 *   system: api.systemPrompt(),
 *   tools: { [api.name]: toAiSdkTool(api, { callOptions: { tenant: "acme" } }) },
 *   stopWhen: stepCountIs(5),
 *   prompt: "Where is Jane's latest order?",
 * });
 */
export function toAiSdkTool<Context = unknown>(
  api: ScriptedTool,
  options: AiSdkToolOptions<Context> = {},
): Tool<ScriptToolInput, ExecuteResult> {
  const { callOptions } = options;
  const definition = {
    inputSchema: jsonSchema<ScriptToolInput>(providerInputSchema(api.definition()) as JSONSchema7),
    execute: async (input: ScriptToolInput, call: ToolExecutionOptions): Promise<ExecuteResult> => {
      const extra = (typeof callOptions === "function" ? await callOptions(call) : callOptions) ?? {};
      return runScriptInput(api, api.name, input, {
        ...extra,
        signal: anySignal(call.abortSignal, extra.signal),
        context: extra.context ?? (call.experimental_context as Context | undefined),
      });
    },
    // AI SDK 6 passes { toolCallId, input, output }; AI SDK 5 passed the output itself.
    toModelOutput: (arg: { output: ExecuteResult }) => {
      const output: unknown = isExecuteResult(arg) ? arg : arg?.output;
      // Not a run's result (say, a UI message edited by hand): shown as the JSON it is.
      if (!isExecuteResult(output)) return { type: "json" as const, value: (output ?? null) as JSONValue };
      const value = resultText(output);
      return output.exitCode === 0
        ? { type: "text" as const, value }
        : { type: "error-text" as const, value };
    },
  };
  const description = options.description;
  const described =
    description === undefined
      ? Object.defineProperty(definition, "description", {
          enumerable: true,
          get: () => api.definition().description,
        })
      : { ...definition, description };
  return tool<ScriptToolInput, ExecuteResult>(described);
}

/**
 * The toolset as AI SDK tools, keyed by name: the script tool (as `toAiSdkTool`), and with `discovery: true` also
 * `<name>_discover`, a read-only tool that lists, searches and explains the commands (its result is the
 * structured answer; the model reads its text).
 * @example
 * const { text } = await generateText({
 *   model,
 *   system: api.systemPrompt({ level: "compact" }),
 *   tools: toAiSdkTools(api, { discovery: true }),
 *   stopWhen: stepCountIs(8),
 *   prompt: "Which tools deal with orders, and what does the first one take?",
 * });
 */
export function toAiSdkTools<Context = unknown>(
  api: ScriptedTool,
  options: AiSdkToolOptions<Context> & DiscoveryOptions = {},
): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  const [script, discover] = exportedToolset(api, api.name, options);
  tools[api.name] = toAiSdkTool(api, {
    ...options,
    ...(discover ? { description: script?.description } : {}),
  }) as Tool;
  if (discover) {
    const name = exportedDiscoverName(api.name);
    tools[name] = tool<unknown, DiscoverAnswer>({
      description: discover.description,
      inputSchema: jsonSchema<unknown>(providerInputSchema(discover) as JSONSchema7),
      execute: async (input: unknown) => discoverAnswer(api, name, input),
      toModelOutput: (arg: { output: DiscoverAnswer }) => {
        const answer: unknown = (arg as { output?: unknown })?.output ?? arg;
        const { text, isError } = (answer ?? {}) as Partial<DiscoverAnswer>;
        if (typeof text !== "string") return { type: "json" as const, value: (answer ?? null) as JSONValue };
        return isError
          ? { type: "error-text" as const, value: text }
          : { type: "text" as const, value: text };
      },
    }) as Tool;
  }
  return tools;
}

/** Options of `addAiSdkTools`. */
export interface AddAiSdkToolsOptions {
  /** Registers each tool as `<namespace>.<key>` (e.g. `weather.forecast`) instead of under its key. */
  namespace?: string;
  /** Risk of every tool added: a level or flags (unset flags stay on the safe side: may write, destructive). */
  risk?: RiskLevel | Partial<Omit<ToolRisk, "level">>;
  /**
   * What to do with a tool that sets `needsApproval`: a script cannot pause for the AI SDK's approval flow, so by
   * default (`"reject"`) such a tool is refused with an error. `"policy"` registers it as destructive (whatever
   * `risk` says), to be approved by the ScriptedTool's `policy`, e.g. `askForDestructive(...)`.
   */
  approvals?: "reject" | "policy";
}

function isZod4(schema: unknown): boolean {
  return typeof schema === "object" && schema !== null && "_zod" in schema;
}

/**
 * An AI SDK schema (zod 3 or 4, `jsonSchema()`, a lazy or Standard Schema) in a form the core registers: its JSON
 * Schema and, for input, the AI SDK's own `validate`, so the callback gets what the AI SDK would give it (zod 3's
 * defaults and transforms applied).
 */
function commandSchema(name: string, schema: unknown, field: string): unknown {
  if (schema === undefined || isZod4(schema)) return schema;
  let converted: unknown;
  let validate: unknown;
  try {
    const read = asSchema(schema as Parameters<typeof asSchema>[0]);
    converted = read.jsonSchema;
    validate = read.validate;
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : "";
    throw new ToolshellError("invalid_schema", `${name}: ${field} cannot be read as JSON Schema${detail}`, {
      cause: error,
    });
  }
  if (typeof (converted as PromiseLike<unknown> | null)?.then === "function") {
    throw new ToolshellError(
      "invalid_schema",
      `${name}: ${field} resolves asynchronously; await it and pass jsonSchema(resolved) instead`,
    );
  }
  return field === "inputSchema" && typeof validate === "function"
    ? { jsonSchema: converted, validate }
    : converted;
}

type AiTool = ToolSet[string];

function checkRunnable(name: string, aiTool: AiTool, approvals: "reject" | "policy"): void {
  if (typeof aiTool !== "object" || aiTool === null) {
    throw new ToolshellError("invalid_tool", `${name}: an AI SDK tool must be an object made with tool()`);
  }
  if (aiTool.type === "provider") {
    throw new ToolshellError(
      "invalid_tool",
      `${name}: ${aiTool.id} is executed by its provider and cannot run as a command`,
    );
  }
  if (typeof aiTool.execute !== "function") {
    throw new ToolshellError(
      "invalid_tool",
      `${name}: the tool has no execute function (a client-side tool) and cannot run as a command`,
    );
  }
  if (aiTool.needsApproval !== undefined && aiTool.needsApproval !== false && approvals === "reject") {
    throw new ToolshellError(
      "invalid_tool",
      `${name}: needsApproval is set, and a script cannot pause for approval; pass { approvals: "policy" } and ` +
        "give the ScriptedTool a policy that asks (e.g. askForDestructive)",
    );
  }
}

/**
 * Registers every tool of an AI SDK tools object as a command named after its key (or `<namespace>.<key>`), in
 * one call; returns `api` for chaining. Each command keeps the tool's description, input and output schemas
 * (zod 3 or 4, `jsonSchema()`, lazy and Standard Schemas are read as the AI SDK reads them) and its `execute`,
 * which receives the run's `abortSignal`, a `toolCallId`, and the run's `context` as `experimental_context`; a
 * streaming `execute` (an async generator) prints its last value.
 *
 * Either every tool is registered or none is: a duplicate or invalid name, a bad schema, a provider-executed or
 * client-side tool (no `execute`), or a tool with `needsApproval` (see `options.approvals`) throws a
 * `ToolshellError` and leaves `api` as it was.
 * @example
 * addAiSdkTools(api, { getWeather: weatherTool, searchDocs: docsTool }, { namespace: "assist" });
 * await api.execute("assist.getWeather --city Paris | jq -r .summary");
 */
export function addAiSdkTools(
  api: ScriptedTool,
  tools: ToolSet,
  options: AddAiSdkToolsOptions = {},
): ScriptedTool {
  const approvals = options.approvals ?? "reject";
  const added: string[] = [];
  try {
    for (const [key, aiTool] of Object.entries(tools)) {
      const name = options.namespace === undefined ? key : `${options.namespace}.${key}`;
      checkRunnable(name, aiTool, approvals);
      const run = aiTool.execute as (input: unknown, call: ToolExecutionOptions) => unknown;
      const needsApproval = aiTool.needsApproval !== undefined && aiTool.needsApproval !== false;
      const given = options.risk;
      const flags = typeof given === "string" ? undefined : given;
      // needsApproval makes the tool destructive whatever the level or flags say (the policy approves it).
      const risk = needsApproval
        ? typeof given === "string" && riskRank(given) >= riskRank("high")
          ? given
          : { ...flags, readOnly: false, destructive: true }
        : given;
      api.add(name, {
        description: aiTool.description,
        inputSchema: commandSchema(name, aiTool.inputSchema, "inputSchema"),
        outputSchema: commandSchema(name, aiTool.outputSchema, "outputSchema"),
        ...(risk ? { risk } : {}),
        // A streaming execute (an async generator) prints its last value: the core reads it to the end.
        execute: (params: unknown, ctx: ToolContext<unknown>) =>
          run(params, {
            toolCallId: ctx.callId,
            messages: [],
            abortSignal: ctx.signal,
            experimental_context: ctx.context,
          }),
      });
      added.push(name);
    }
  } catch (error) {
    for (const name of added) api.remove(name);
    throw error;
  }
  return api;
}
