/**
 * The script tool for the Anthropic Messages API: a tool definition (`input_schema`) and a helper that runs a
 * `tool_use` content block and returns the `tool_result` block to send back.
 *
 * Nothing here imports `@anthropic-ai/sdk`: the values are plain objects shaped like its types
 * (`Anthropic.Messages.Tool`, `ToolResultBlockParam`), so they can be passed to the client as they are.
 *
 * JSON Schema dialect: Anthropic reads `input_schema` as JSON Schema (draft 2020-12) with a top-level
 * `type: "object"`, and takes no `$schema` key. The script tool's schema, `{ commands: string }` with `required`
 * and `additionalProperties: false`, uses only keywords that mean the same in draft-07 and 2020-12.
 * @module
 */

import type { ScriptToolDefinition } from "../options.js";
import { resultText } from "../run/result-text.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { type DiscoveryOptions, discoverAnswer, exportedDiscoverName, exportedToolset } from "./discovery.js";
import { exportedToolName } from "./names.js";
import {
  type ExportOptions,
  providerInputSchema,
  type RunHelperOptions,
  runScriptInput,
} from "./script-input.js";

export type { DiscoveryOptions } from "./discovery.js";
export { providerToolName } from "./names.js";
export type { AdapterRunOptions, ExportOptions, RunHelperOptions } from "./script-input.js";

/** Options of `toAnthropicTool`. */
export interface AnthropicToolOptions extends ExportOptions {
  /**
   * Strict tool use: the model's input always matches the schema (the script tool's schema qualifies). Unset by
   * default, so the definition works with every model; set true where your model supports it.
   */
  strict?: boolean;
}

/** An Anthropic client tool (`Anthropic.Messages.Tool`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: {
    type: "object";
    properties: Record<string, unknown>;
    required: string[];
    [keyword: string]: unknown;
  };
  strict?: boolean;
}

/** A content block of an Anthropic message; only a `tool_use` block naming the script tool is run. */
export interface AnthropicContentBlock {
  type: string;
  id?: unknown;
  name?: unknown;
  input?: unknown;
}

/** The `tool_result` block answering a `tool_use` block (`Anthropic.Messages.ToolResultBlockParam`). */
export interface AnthropicToolResult {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  /** True when the script (or its arguments) failed: a non-zero exit code. */
  is_error: boolean;
}

/**
 * The script tool as an Anthropic tool definition: `{ name, description, input_schema }` (plus `strict` when
 * asked). Throws a `ToolshellError` when `options.name` does not fit `^[a-zA-Z0-9_-]{1,64}$`.
 * @example
 * const message = await client.messages.create({
 *   model: "claude-sonnet-4-5",
 *   max_tokens: 1024,
 *   system: api.systemPrompt(),
 *   messages: [{ role: "user", content: question }],
 *   tools: [toAnthropicTool(api)],
 * });
 */
export function toAnthropicTool(api: ScriptedTool, options: AnthropicToolOptions = {}): AnthropicTool {
  const definition = api.definition();
  return anthropicTool(
    {
      ...definition,
      name: exportedToolName(api.name, options.name),
      description: options.description ?? definition.description,
    },
    options.strict,
  );
}

function anthropicTool(definition: ScriptToolDefinition, strict: boolean | undefined): AnthropicTool {
  const schema = providerInputSchema(definition);
  return {
    name: definition.name,
    description: definition.description,
    input_schema: {
      ...schema,
      type: "object",
      properties: (schema.properties ?? {}) as Record<string, unknown>,
      required: (schema.required ?? []) as string[],
    },
    ...(strict === undefined ? {} : { strict }),
  };
}

/**
 * The toolset as Anthropic tool definitions: the script tool, and with `discovery: true` also `<name>_discover`
 * (read-only: lists, searches and explains the commands). `runAnthropicToolUse` answers both.
 * @example
 * const tools = toAnthropicTools(api, { discovery: true });
 * const system = api.systemPrompt({ level: "compact" });
 */
export function toAnthropicTools(
  api: ScriptedTool,
  options: AnthropicToolOptions & DiscoveryOptions = {},
): AnthropicTool[] {
  const name = exportedToolName(api.name, options.name);
  return exportedToolset(api, name, options).map((definition) =>
    anthropicTool(definition, definition.kind === "script" ? options.strict : undefined),
  );
}

/**
 * Runs a `tool_use` block of an Anthropic response through `api.execute()` and returns the `tool_result` block
 * that answers it: `{ type: "tool_result", tool_use_id, content, is_error }`, where `content` is the run's
 * `resultText()` and `is_error` says the exit code was not 0.
 *
 * Input that lacks `commands` or carries anything else is answered (not thrown) with a text that tells the model
 * what to send (exit code 2, `is_error: true`). A `tool_use` of `<name>_discover` (see `toAnthropicTools(api, {
 * discovery: true })`) gets the discover tool's answer. A block that is not a `tool_use` of this tool (another name, a
 * text block) returns `undefined` without running anything, so the host can route it to its own handler.
 * `options` carry the run's `signal`, `timeoutMs`, `context`, `tenant` and `env`, the `name` the tool was
 * exported under if it was renamed, and `onResult` to see the full result (trace included). Throws only for
 * invalid options (a `ToolshellError`), never for what the model sent.
 * @example
 * const results = [];
 * for (const block of message.content) {
 *   if (block.type === "tool_use") results.push((await runAnthropicToolUse(api, block)) ?? other(block));
 * }
 * messages.push({ role: "assistant", content: message.content }, { role: "user", content: results });
 */
export async function runAnthropicToolUse<Context = unknown>(
  api: ScriptedTool,
  block: AnthropicContentBlock,
  options: RunHelperOptions<Context> = {},
): Promise<AnthropicToolResult | undefined> {
  const name = exportedToolName(api.name, options.name);
  if (typeof block !== "object" || block === null || block.type !== "tool_use") return undefined;
  if (typeof block.id !== "string") return undefined;
  const discover = exportedDiscoverName(name);
  if (block.name === discover) {
    const answer = discoverAnswer(api, discover, block.input);
    return { type: "tool_result", tool_use_id: block.id, content: answer.text, is_error: answer.isError };
  }
  if (block.name !== name) return undefined;
  const result = await runScriptInput(api, name, block.input, options);
  options.onResult?.(result);
  return {
    type: "tool_result",
    tool_use_id: block.id,
    content: resultText(result),
    is_error: result.exitCode !== 0,
  };
}
