import type { ExecuteOptions, ScriptToolDefinition } from "../options.js";
import type { ExecuteResult } from "../run/result.js";
import type { ScriptedTool } from "../scripted-tool.js";

/**
 * Per-call options of the adapters' run helpers, passed on to `api.execute()`: the run's `signal`, `timeoutMs`,
 * `context` (reaches every callback as `ctx.context`), `tenant` (the policy and `ctx.tenant`) and extra `env`.
 */
export type AdapterRunOptions<Context = unknown> = Pick<
  ExecuteOptions<Context>,
  "signal" | "timeoutMs" | "context" | "tenant" | "env"
>;

/** What every export of the script tool shares: another name or description for the provider. */
export interface ExportOptions {
  /**
   * The tool's name as the provider sees it (default: the ScriptedTool's name). It must fit
   * `^[a-zA-Z0-9_-]{1,64}$`; use `providerToolName()` to make one fit. Give the run helper the same name.
   */
  name?: string;
  /**
   * The description the model reads (default: `api.definition().description`, which lists the commands). Pass
   * `api.systemPrompt()` here when you cannot add it to the system prompt.
   */
  description?: string;
}

/**
 * The script tool's input schema as sent to providers: `{ commands: string }` with `required` and
 * `additionalProperties: false`, and no `$schema` key. It uses only keywords that mean the same in draft-07 and
 * 2020-12 (type, properties, required, additionalProperties, description), so every target reads it alike, and
 * it meets OpenAI's strict-mode rules (every property required, no additional properties).
 */
export function providerInputSchema(definition: ScriptToolDefinition): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = structuredClone(definition.inputSchema);
  return schema;
}

/** A run that did not start because the arguments were not a script: exit 2, the reason on stderr. */
function badArguments(toolName: string, reason: string): ExecuteResult {
  return {
    stdout: "",
    stderr: `${toolName}: ${reason}; send {"commands": "<bash script>"}\n`,
    exitCode: 2,
    trace: [],
    truncated: false,
    traceDropped: 0,
  };
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

/**
 * Checks that the model's arguments are `{ commands: string }`; returns the script, or the run result that tells
 * the model what was wrong (never throws for anything the model sent).
 */
function scriptFrom(toolName: string, input: unknown): string | ExecuteResult {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return badArguments(toolName, `the arguments must be a JSON object, got ${kindOf(input)}`);
  }
  const { commands, ...rest } = input as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (commands === undefined) {
    const got = unknown.length > 0 ? ` (got ${unknown.map((key) => JSON.stringify(key)).join(", ")})` : "";
    return badArguments(toolName, `missing "commands", the bash script to run${got}`);
  }
  if (typeof commands !== "string") {
    return badArguments(
      toolName,
      `"commands" must be a string holding one bash script, got ${kindOf(commands)}`,
    );
  }
  if (unknown.length > 0) {
    const names = unknown.map((key) => JSON.stringify(key)).join(", ");
    return badArguments(toolName, `unknown argument ${names}: the only argument is "commands"`);
  }
  return commands;
}

/** The outcome of parsing a provider's JSON-encoded arguments. */
export type ParsedArguments = { ok: true; value: unknown } | { ok: false; result: ExecuteResult };

/** Parses a provider's JSON-encoded arguments; bad JSON becomes the run result that tells the model so. */
export function parseArguments(toolName: string, text: unknown): ParsedArguments {
  if (typeof text !== "string") {
    return {
      ok: false,
      result: badArguments(toolName, `the arguments must be a JSON string, got ${kindOf(text)}`),
    };
  }
  // Some models send "" for a call without arguments: read as an empty object, which then lacks "commands".
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message : "parse error";
    return { ok: false, result: badArguments(toolName, `the arguments are not valid JSON (${detail})`) };
  }
}

/** The run's signal when the framework gives one and the host another: aborted when either is. */
export function anySignal(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a || !b) return a ?? b;
  return AbortSignal.any([a, b]);
}

/** Runs the model's arguments as a script, or answers with why they are not one. Never throws for model input. */
export async function runScriptInput<Context>(
  api: ScriptedTool,
  toolName: string,
  input: unknown,
  options: AdapterRunOptions<Context> = {},
): Promise<ExecuteResult> {
  const script = scriptFrom(toolName, input);
  if (typeof script !== "string") return script;
  const { signal, timeoutMs, context, tenant, env } = options;
  return api.execute<Context>(script, { signal, timeoutMs, context, tenant, env });
}

/** Options of the OpenAI and Anthropic run helpers. */
export interface RunHelperOptions<Context = unknown> extends AdapterRunOptions<Context> {
  /** The name the tool was exported under, when it was not the ScriptedTool's own (see `ExportOptions.name`). */
  name?: string;
  /** Receives the run's full result (stdout, stderr, exitCode, trace, ...) for logging or a UI. */
  onResult?: (result: ExecuteResult) => void;
}
