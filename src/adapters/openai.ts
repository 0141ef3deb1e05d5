/**
 * The script tool for the OpenAI API: function tool definitions for Chat Completions and Responses, and a
 * helper that runs a function call from either API's response and returns the message to send back.
 *
 * Nothing here imports the `openai` package: the values are plain objects shaped like its types
 * (`ChatCompletionFunctionTool`, `FunctionTool`, `ChatCompletionToolMessageParam`,
 * `ResponseInputItem.FunctionCallOutput`), so they can be passed to the client as they are.
 *
 * JSON Schema dialect: OpenAI reads `parameters` as a subset of JSON Schema (its Structured Outputs subset when
 * `strict` is true) and takes no `$schema` key. The script tool's schema, `{ commands: string }` with `required`
 * and `additionalProperties: false`, uses only keywords that mean the same in draft-07 and 2020-12, and meets
 * strict mode's rules (every property required, no additional properties), so strict is on by default.
 * @module
 */

import type { ExecuteResult } from "../run/result.js";
import { resultText } from "../run/result-text.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { type DiscoveryOptions, discoverAnswer, exportedDiscoverName, exportedToolset } from "./discovery.js";
import { exportedToolName } from "./names.js";
import {
  type ExportOptions,
  parseArguments,
  providerInputSchema,
  type RunHelperOptions,
  runScriptInput,
} from "./script-input.js";

export type { DiscoveryOptions } from "./discovery.js";
export { providerToolName } from "./names.js";
export type { AdapterRunOptions, ExportOptions, RunHelperOptions } from "./script-input.js";

/** Options of `toOpenAIChatTool` and `toOpenAIResponsesTool`. */
export interface OpenAIToolOptions extends ExportOptions {
  /**
   * Structured Outputs for the arguments (default true): the model's arguments always match the schema. The
   * script tool's schema is strict-compatible. Set false for models that do not support strict function calling.
   */
  strict?: boolean;
}

/** A Chat Completions function tool (`ChatCompletionFunctionTool` in the `openai` package). */
export interface OpenAIChatTool {
  type: "function";
  function: {
    name: string;
    description: string;
    parameters: Record<string, unknown>;
    strict: boolean;
  };
}

/** A Responses API function tool (`FunctionTool` in the `openai` package). */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}

/**
 * A tool call from a Chat Completions message, as in `completion.choices[0].message.tool_calls`. Custom tool
 * calls (`type: "custom"`) are accepted so the whole list can be passed in; they are never the script tool's.
 */
export interface OpenAIChatToolCall {
  id: string;
  type: "function" | "custom";
  function?: { name: string; arguments: string };
}

/**
 * An item of a Responses API `output` array. Only a `function_call` item (`{ type: "function_call", call_id,
 * name, arguments }`) naming the script tool is run; any other item can be passed in too and gets `undefined`.
 */
export interface OpenAIResponsesItem {
  type: string;
  call_id?: unknown;
  name?: unknown;
  arguments?: unknown;
  namespace?: unknown;
}

/** The Chat Completions message answering a tool call (`ChatCompletionToolMessageParam`). */
export interface OpenAIChatToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** The Responses API input item answering a function call (`ResponseInputItem.FunctionCallOutput`). */
export interface OpenAIFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string;
}

function exported(api: ScriptedTool, options: OpenAIToolOptions) {
  const definition = api.definition();
  return {
    name: exportedToolName(api.name, options.name),
    description: options.description ?? definition.description,
    parameters: providerInputSchema(definition),
    strict: options.strict ?? true,
  };
}

/**
 * The script tool as a Chat Completions function tool: `{ type: "function", function: { name, description,
 * parameters, strict } }`. Throws a `ToolshellError` when `options.name` does not fit `^[a-zA-Z0-9_-]{1,64}$`.
 * @example
 * const completion = await client.chat.completions.create({
 *   model: "gpt-5-mini",
 *   messages: [{ role: "system", content: api.systemPrompt() }, { role: "user", content: question }],
 *   tools: [toOpenAIChatTool(api)],
 * });
 */
export function toOpenAIChatTool(api: ScriptedTool, options: OpenAIToolOptions = {}): OpenAIChatTool {
  return { type: "function", function: exported(api, options) };
}

/**
 * The script tool as a Responses API function tool: `{ type: "function", name, description, parameters, strict }`.
 * Throws a `ToolshellError` when `options.name` does not fit `^[a-zA-Z0-9_-]{1,64}$`.
 * @example
 * const response = await client.responses.create({
 *   model: "gpt-5-mini",
 *   instructions: api.systemPrompt(),
 *   input: question,
 *   tools: [toOpenAIResponsesTool(api)],
 * });
 */
export function toOpenAIResponsesTool(
  api: ScriptedTool,
  options: OpenAIToolOptions = {},
): OpenAIResponsesTool {
  return { type: "function", ...exported(api, options) };
}

/** The function definitions of the toolset: the script tool, and with `discovery` its discover tool (never strict). */
function exportedAll(api: ScriptedTool, options: OpenAIToolOptions & DiscoveryOptions) {
  const name = exportedToolName(api.name, options.name);
  return exportedToolset(api, name, options).map((definition) => ({
    name: definition.name,
    description: definition.description,
    parameters: providerInputSchema(definition),
    // The discover tool's fields are each optional, which strict mode does not allow.
    strict: definition.kind === "script" ? (options.strict ?? true) : false,
  }));
}

/**
 * The toolset as Chat Completions function tools: the script tool, and with `discovery: true` also
 * `<name>_discover` (read-only: lists, searches and explains the commands). `runOpenAIToolCall` answers both.
 * @example
 * const tools = toOpenAIChatTools(api, { discovery: true });
 * const messages = [{ role: "system", content: api.systemPrompt({ level: "compact" }) }, { role: "user", content: q }];
 */
export function toOpenAIChatTools(
  api: ScriptedTool,
  options: OpenAIToolOptions & DiscoveryOptions = {},
): OpenAIChatTool[] {
  return exportedAll(api, options).map((fn) => ({ type: "function", function: fn }));
}

/**
 * The toolset as Responses API function tools: the script tool, and with `discovery: true` also
 * `<name>_discover`. `runOpenAIToolCall` answers both.
 */
export function toOpenAIResponsesTools(
  api: ScriptedTool,
  options: OpenAIToolOptions & DiscoveryOptions = {},
): OpenAIResponsesTool[] {
  return exportedAll(api, options).map((fn) => ({ type: "function", ...fn }));
}

/** The discover tool's answer to JSON-encoded arguments, as the text the model reads. */
function discoverText(api: ScriptedTool, name: string, text: unknown): string {
  const parsed = parseArguments(name, text);
  if (!parsed.ok) return parsed.result.stderr;
  return discoverAnswer(api, name, parsed.value).text;
}

async function runArguments<Context>(
  api: ScriptedTool,
  name: string,
  text: unknown,
  options: RunHelperOptions<Context>,
): Promise<ExecuteResult> {
  const parsed = parseArguments(name, text);
  const result = parsed.ok ? await runScriptInput(api, name, parsed.value, options) : parsed.result;
  options.onResult?.(result);
  return result;
}

/**
 * Runs a function call from an OpenAI response through `api.execute()` and returns the message that answers it,
 * carrying the run's `resultText()` (stdout, then stderr and the exit code when there are any):
 * - a Chat Completions tool call (`{ id, type: "function", function: { name, arguments } }`) gives
 *   `{ role: "tool", tool_call_id, content }`;
 * - a Responses `function_call` item (`{ type: "function_call", call_id, name, arguments }`) gives
 *   `{ type: "function_call_output", call_id, output }`.
 *
 * Arguments that are not JSON, lack `commands`, or carry anything else are answered (not thrown) with a text that
 * tells the model what to send, exit code 2. A call of `<name>_discover` (see `toOpenAIChatTools(api, { discovery:
 * true })`) is answered with the discover tool's text. A call of another tool (another name, a namespaced Responses call, a
 * custom tool call, any other output item) returns `undefined` without running anything, so the host can route
 * it to its own handler. `options` carry the run's `signal`, `timeoutMs`, `context`, `tenant` and `env`, the
 * `name` the tool was exported under if it was renamed, and `onResult` to see the full result (trace included).
 * Throws only for invalid options (a `ToolshellError`), never for what the model sent.
 * @example
 * const message = completion.choices[0].message;
 * const replies = [];
 * for (const call of message.tool_calls ?? []) replies.push((await runOpenAIToolCall(api, call)) ?? other(call));
 * messages.push(message, ...replies);
 */
export function runOpenAIToolCall<Context = unknown>(
  api: ScriptedTool,
  call: OpenAIChatToolCall,
  options?: RunHelperOptions<Context>,
): Promise<OpenAIChatToolMessage | undefined>;
export function runOpenAIToolCall<Context = unknown>(
  api: ScriptedTool,
  call: OpenAIResponsesItem,
  options?: RunHelperOptions<Context>,
): Promise<OpenAIFunctionCallOutput | undefined>;
export async function runOpenAIToolCall<Context = unknown>(
  api: ScriptedTool,
  call: OpenAIChatToolCall | OpenAIResponsesItem,
  options: RunHelperOptions<Context> = {},
): Promise<OpenAIChatToolMessage | OpenAIFunctionCallOutput | undefined> {
  const name = exportedToolName(api.name, options.name);
  const discover = exportedDiscoverName(name);
  if (typeof call !== "object" || call === null) return undefined;
  if (call.type === "function") {
    const { id, function: fn } = call as OpenAIChatToolCall;
    if (typeof id !== "string" || typeof fn !== "object" || fn === null) return undefined;
    if (fn.name === discover)
      return { role: "tool", tool_call_id: id, content: discoverText(api, discover, fn.arguments) };
    if (fn.name !== name) return undefined;
    const result = await runArguments(api, name, fn.arguments, options);
    return { role: "tool", tool_call_id: id, content: resultText(result) };
  }
  if (call.type === "function_call") {
    const item = call as OpenAIResponsesItem;
    if (typeof item.call_id !== "string" || (item.name !== name && item.name !== discover)) return undefined;
    if (item.namespace !== undefined && item.namespace !== null && item.namespace !== "") return undefined;
    if (item.name === discover) {
      return {
        type: "function_call_output",
        call_id: item.call_id,
        output: discoverText(api, discover, item.arguments),
      };
    }
    const result = await runArguments(api, name, item.arguments, options);
    return { type: "function_call_output", call_id: item.call_id, output: resultText(result) };
  }
  return undefined;
}
