import { bundled, packageRequire } from "../assets/here.js";
import { ToolshellError } from "../errors.js";
import { MAX_TOOL_NAME_CHARS } from "../limits.js";
import { copySchema } from "../schema/copy.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { type Deprecation, deprecationOf } from "./deprecation.js";
import type { InferOutput, InferParams } from "./infer.js";
import { type ParamsParser, paramsParser } from "./parse.js";
import {
  type BreakerOptions,
  breakerSettings,
  type RateLimitOptions,
  type RetryOptions,
  rateLimitSettings,
  retrySettings,
} from "./resilience.js";
import {
  isRiskLevel,
  RISK_LEVELS,
  type RiskLevel,
  resolveRisk,
  type ToolAnnotations,
  type ToolRisk,
} from "./risk.js";
import { cleanThirdPartySpec, THIRD_PARTY_LISTING } from "./third-party.js";

/** What a tool's `execute` receives besides its params. */
export interface ToolContext<Context = unknown> {
  /** Text piped into the command (`echo '{...}' | update_user`), decoded as UTF-8; undefined when nothing was piped. */
  stdin: string | undefined;
  /** Aborted when the run is cancelled or passes its deadline. */
  signal: AbortSignal;
  /** Same signal under the AI SDK's name, so AI SDK tools work unchanged. */
  abortSignal: AbortSignal;
  /** Unique id of this call (also in the trace). */
  callId: string;
  /** Same id under the AI SDK's name. */
  toolCallId: string;
  /** Epoch ms by which this call must end (the smallest of the run's deadline and the tool's timeoutMs). */
  deadline: number;
  /** The tenant given to `execute(script, { tenant })`, if any. */
  tenant: string | undefined;
  /** The per-run context given to `execute(script, { context })`. */
  context: Context;
  /** Where the call came from: "shell" (a script, whatever ran it: execute(), MCP, an adapter) or "host" (api.call). */
  surface: "shell" | "host";
  /** Always empty: present so AI SDK tools that read `messages` keep working. */
  messages: never[];
}

/**
 * A zod 4 schema, an AI SDK `jsonSchema()` wrapper, a Standard Schema with JSON Schema output, plain JSON Schema,
 * or a lazy schema (a function returning one of those, as the AI SDK's `lazySchema()` makes).
 */
export type InputSchema = JsonSchema | ZodSchemaLike | { jsonSchema: unknown } | boolean | (() => unknown);

/**
 * A zod 4 schema (or zod 3.25's `zod/v4`), typed by its shape: zod is an optional peer, so toolshell's types do not
 * need it installed. Part of the public `InputSchema` type.
 * @public
 */
export interface ZodSchemaLike {
  readonly _zod: { readonly def: unknown };
}

/**
 * One tool: it becomes a shell command named `name`.
 * `execute` may be sync or async; a string result is written as is, any other JSON value as compact JSON plus a
 * newline, and `undefined`/`null` write nothing. An `execute` that returns an async iterable (an async generator,
 * as streaming AI SDK tools are) is read to its end and its last value written.
 */
export interface ToolDefinition<Params = Record<string, unknown>, Context = unknown> {
  name: string;
  /** A string; AI SDK 7 tools may carry a function, which is called once with no context. */
  description?: string | ((options: never) => string);
  /** JSON Schema, a zod schema or an AI SDK `jsonSchema()`; omitted means any flags are accepted. */
  inputSchema?: unknown;
  /**
   * The shape of what `execute` returns (JSON Schema, zod or AI SDK `jsonSchema()`). `help <tool>` shows it
   * compactly so a script gets its jq paths right; each returned value is checked against it (mismatches are
   * listed in the trace's `outputIssues`, or fail the call under the `strictOutput` option).
   */
  outputSchema?: unknown;
  /** Free-form labels for `discover --tag`. */
  tags?: readonly string[];
  /** One category for `discover --category`. */
  category?: string;
  /**
   * Bytes of this tool's output a command passes on; past it the head and tail are kept around a marker, and the
   * whole output stays readable in the run with `out <call id>`. Unset: no per-tool budget.
   */
  maxOutputBytes?: number;
  /**
   * What the tool may do: a level (`"safe"`, `"low"`, `"medium"`, `"high"`, `"critical"`; see RISK_LEVELS for
   * the flags each implies) or the flags themselves, whose unset parts default to the safe side (may write,
   * destructive); `{ level, ...flags }` (a ToolSpec's risk) is the level with the flags given over its own.
   */
  risk?: Partial<ToolRisk> | RiskLevel;
  /** MCP annotations (`readOnlyHint`, ...), read when `risk` does not say. */
  annotations?: ToolAnnotations;
  /**
   * The tool still runs but should no longer be used: `help`, `discover` and the prompt mark it, each call prints
   * `<tool>: deprecated, use <replacement>` on stderr, and its record has `deprecated`. `true` for no details.
   */
  deprecated?: Deprecation | true;
  /**
   * The longest one call may take (one attempt, under `retry`); past it the call ends with exit 124 even if the
   * callback ignores its signal.
   */
  timeoutMs?: number;
  /**
   * Bounded retries for an idempotent tool (registering one on a tool whose risk is not idempotent is an error):
   * an attempt that throws (other than a ToolError) or passes its `timeoutMs` is tried again, up to `attempts` in
   * all, after `backoffMs`, doubled each time; never past the call's deadline, never after a cancel.
   */
  retry?: RetryOptions;
  /** This tool's circuit breaker, or `false` for none; default: the ScriptedTool's `breaker` option. */
  breaker?: BreakerOptions | false;
  /** At most `calls` calls per `perMs` (shared by every run and host call); past it a call exits 75 without running. */
  rateLimit?: RateLimitOptions;
  /**
   * `"untrusted"` for tools whose output is third-party text (web pages, mail): a run that called one has its
   * stdout and stderr delimited by per-run markers, and each call's output is scanned for prompt-injection
   * phrasing (`injectionFlags` in the trace). A signal and a boundary for the model, not a defense.
   */
  trust?: "trusted" | "untrusted";
  /**
   * `"untrusted"` when the tool's description and its schemas' descriptions and titles come from a third party
   * (an upstream MCP server, a plugin manifest): they are cleaned (control, bidi and invisible characters
   * removed, lengths capped) and fenced in `systemPrompt()`, `help` and `discover` as text that is data, never
   * instructions.
   */
  descriptionTrust?: "trusted" | "untrusted";
  /** MCP's and Anthropic's name for inputSchema (`input_schema`), taken as inputSchema. */
  input_schema?: unknown;
  /** OpenAI's and the AI SDK's older name for inputSchema, taken as inputSchema. */
  parameters?: unknown;
  /**
   * True when the tool is meant to replace one of the shell's own commands of the same name (`jq`, `sort`, `echo`,
   * `discover`...): without it such a name is refused at registration.
   */
  replacesCommand?: boolean;
  // A method signature on purpose: its bivariance lets AI SDK tools, typed (input, options), register as they are.
  execute(params: Params, context: ToolContext<Context>): unknown;
}

/**
 * What a typed callback may return for an output type: the value, a promise of it, or a stream of them. Arrays and
 * objects may be readonly (a literal returned under a `const` type parameter is).
 */
export type ToolResult<Output> = unknown extends Output
  ? unknown
  : ReadonlyDeep<Output> | PromiseLike<ReadonlyDeep<Output>> | AsyncIterable<ReadonlyDeep<Output>>;

/** `T` with its arrays and objects readonly, at every depth: what a mutable `T` and a readonly literal both fit. */
type ReadonlyDeep<T> = T extends (...args: never) => unknown
  ? T
  : T extends readonly (infer Item)[]
    ? readonly ReadonlyDeep<Item>[]
    : T extends object
      ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> }
      : T;

/**
 * A tool whose callback is typed by its schemas: `params` from `inputSchema` (zod, a Standard Schema, an AI SDK
 * `jsonSchema<T>()`, a JSON Schema literal), the result from `outputSchema`. What `defineTool()` takes and returns,
 * and (with `Output` unknown) each element of the `tools` option.
 */
export interface TypedToolDefinition<Input = unknown, Output = unknown, Context = unknown>
  extends Omit<ToolDefinition<InferParams<Input>, Context>, "inputSchema" | "outputSchema" | "execute"> {
  /** JSON Schema, a zod schema, a Standard Schema or an AI SDK `jsonSchema()`; the callback's params are its value. */
  inputSchema?: Input;
  /** The shape of what `execute` returns (see ToolDefinition); with `defineTool()`, the callback's return type. */
  outputSchema?: Output;
  // NoInfer: the result is checked against the output schema, never read to infer it (nor made readonly by it).
  execute(
    params: InferParams<Input>,
    context: ToolContext<Context>,
  ): NoInfer<ToolResult<InferOutput<Output>>>;
}

/**
 * A tool definition with its callback typed from its schemas (at run time, the definition itself):
 * `params` is what the input schema's parse yields, the result must fit the output schema, `ctx.context` is
 * `Context`. A JSON Schema literal needs no `as const`.
 * @example
 * const search = defineTool({
 *   name: "search",
 *   inputSchema: z.object({ q: z.string(), limit: z.number().default(10) }),
 *   outputSchema: z.object({ hits: z.array(z.string()) }),
 *   execute: async ({ q, limit }) => ({ hits: await find(q, limit) }), // q: string, limit: number
 * });
 */
export function defineTool<const Input = undefined, const Output = undefined, Context = unknown>(
  tool: TypedToolDefinition<Input, Output, Context>,
): TypedToolDefinition<Input, Output, Context> {
  return tool;
}

/** An AI SDK `tool({ description, inputSchema, execute })` value; its name comes from where it is registered. */
export interface NamelessTool<Params = Record<string, unknown>, Context = never>
  extends Omit<ToolDefinition<Params, Context>, "name" | "execute"> {
  /** Optional in the AI SDK's type (client-side tools have none); registering one without it is an error. */
  execute?(params: Params, context: ToolContext<Context>): unknown;
}

/** The serialisable description of a tool: what the shell (in its worker) needs to parse, validate and document it. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** What the tool prints, as JSON Schema; absent when the tool declares none. */
  outputSchema?: JsonSchema;
  tags: string[];
  category: string | undefined;
  /** Per-tool output budget in bytes, when set. */
  maxOutputBytes?: number;
  /** What the tool may do (from `risk` or MCP `annotations`, safe defaults for what they leave unsaid). */
  risk: ToolRisk;
  /** The tool's output is third-party text (`trust: "untrusted"`): the run's result is wrapped in markers. */
  untrusted?: true;
  /** The description and schema texts are third-party (`descriptionTrust: "untrusted"`): fenced where shown. */
  untrustedDescription?: true;
  /** The tool is deprecated: marked where it is listed, noted on stderr when called. */
  deprecated?: Deprecation;
}

/** A registered tool: its spec plus the callback that stays on the caller's thread. */
export interface RegisteredTool {
  spec: ToolSpec;
  timeoutMs: number | undefined;
  retry?: Required<RetryOptions>;
  /** Resolved breaker settings: undefined to use the ScriptedTool's default, false for none. */
  breaker?: Required<BreakerOptions> | false;
  rateLimit?: Required<RateLimitOptions>;
  /**
   * The input schema's own parse, whose value the callback gets (zod's defaults and transforms, a JSON Schema's
   * defaults...); undefined when params reach the callback as they are.
   */
  parse?: ParamsParser;
  execute: (params: Record<string, unknown>, context: ToolContext) => unknown;
}

const TOOL_NAME = new RegExp(`^[A-Za-z_][A-Za-z0-9_.-]{0,${MAX_TOOL_NAME_CHARS - 1}}$`);

/** Checks a tool name: letters, digits, `_`, `-`, `.` (namespaces); nothing a shell would misread. */
export function assertToolName(name: unknown): asserts name is string {
  if (typeof name !== "string" || !TOOL_NAME.test(name) || name.endsWith(".") || name.includes("..")) {
    throw new ToolshellError(
      "invalid_tool_name",
      `invalid tool name ${JSON.stringify(name)}: use 1-${MAX_TOOL_NAME_CHARS} letters, digits, "_", "-" or "." (namespaces), starting with a letter or "_"`,
    );
  }
}

/**
 * zod is the user's (an optional peer): a zod 4 schema converts itself (`schema.toJSONSchema`, so the user's own zod
 * instance does the work); zod/mini schemas, which lack the method, go through the zod the user installed.
 */
function zodToJsonSchema(schema: ZodSchemaLike, io: SchemaIo): JsonSchema {
  const params = { io, unrepresentable: "any" as const };
  const own = (schema as { toJSONSchema?: (options: typeof params) => unknown }).toJSONSchema;
  if (typeof own === "function") return own.call(schema, params) as JsonSchema;
  return zodCore().toJSONSchema(schema, params) as JsonSchema;
}

interface ZodCore {
  toJSONSchema: (input: ZodSchemaLike, options: { io: SchemaIo; unrepresentable: "any" }) => unknown;
}

/**
 * zod's core, from the zod the user installed; inside a bundle, the bundler's (0047), which leaves it out, with a
 * warning at most, where the application has no zod: the require is in a try block.
 */
function zodCore(): ZodCore {
  if (!bundled) return packageRequire()("zod/v4/core") as ZodCore;
  try {
    return require("zod/v4/core") as ZodCore;
  } catch (error) {
    throw new ToolshellError(
      "invalid_schema",
      `a zod/mini schema needs zod's core ("zod/v4/core"): ${String(error)}`,
    );
  }
}

function isZodSchema(value: unknown): value is ZodSchemaLike {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** A zod 3 schema: zod's Standard Schema without zod 4's `_zod` internals. */
function isZod3Schema(value: object): boolean {
  const standard = (value as { "~standard"?: { vendor?: unknown } })["~standard"];
  return "_def" in value && standard?.vendor === "zod";
}

type SchemaIo = "input" | "output";

function standardJsonSchema(value: object, io: SchemaIo): unknown {
  const standard = (
    value as { "~standard"?: { jsonSchema?: Partial<Record<SchemaIo, (options: object) => unknown>> } }
  )["~standard"];
  const convert = standard?.jsonSchema?.[io];
  return typeof convert === "function" ? convert({ target: "draft-2020-12" }) : undefined;
}

/**
 * Converts any accepted schema form into one JSON Schema object, once, at registration. `io` says which side of
 * a transforming zod schema is meant: "input" for params, "output" for what a tool returns.
 */
function toJsonSchema(schema: InputSchema | undefined, toolName: string, io: SchemaIo = "input"): JsonSchema {
  const field = `${io}Schema`;
  if (schema === undefined || schema === true) return {};
  if (schema === false) return { not: {} };
  if (typeof schema === "function")
    return toJsonSchema(unlazy(schema, toolName, io) as InputSchema, toolName, io);
  if (isZodSchema(schema)) {
    try {
      return zodToJsonSchema(schema, io);
    } catch (error) {
      throw new ToolshellError(
        "invalid_schema",
        `${toolName}: zod schema cannot be converted to JSON Schema`,
        {
          cause: error,
        },
      );
    }
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw new ToolshellError(
      "invalid_schema",
      `${toolName}: ${field} must be a JSON Schema object or a zod schema`,
    );
  }
  if (isZod3Schema(schema)) {
    throw new ToolshellError(
      "invalid_schema",
      `${toolName}: ${field} is a zod 3 schema, which toolshell cannot convert to JSON Schema; build it with zod 4 ` +
        '(`import { z } from "zod"` with zod 4, or from "zod/v4" with zod 3.25), or register AI SDK tools with ' +
        'addAiSdkTools from "toolshell/ai", which reads zod 3 as the AI SDK does',
    );
  }
  // One unwrapping step only: zod's own JSON Schema output carries a `~standard` that yields itself again.
  const unwrapped =
    standardJsonSchema(schema, io) ??
    ("jsonSchema" in schema && typeof schema.jsonSchema === "object" ? schema.jsonSchema : schema);
  if (typeof unwrapped !== "object" || unwrapped === null || Array.isArray(unwrapped)) {
    throw new ToolshellError("invalid_schema", `${toolName}: ${field} must be a JSON Schema object`);
  }
  try {
    return copySchema(unwrapped) as JsonSchema;
  } catch (error) {
    throw new ToolshellError(
      "invalid_schema",
      `${toolName}: ${field} must be plain JSON Schema (it holds a function, class instance or symbol); ` +
        "pass a zod 4 schema or the JSON Schema itself",
      { cause: error },
    );
  }
}

/**
 * TM-INJ-001: a third party's listing (`descriptionTrust: "untrusted"`, or an MCP upstream's tool) is cleaned and
 * checked once, here, so every surface shows the clean copy and a listing that hides characters in its data is
 * refused, whatever path registered it; only `descriptionTrust: "untrusted"` fences the text where it is shown.
 */
function applyDescriptionTrust(spec: ToolSpec, definition: object): void {
  const trust = (definition as { descriptionTrust?: unknown }).descriptionTrust;
  if (trust !== undefined && trust !== "trusted" && trust !== "untrusted") {
    throw new ToolshellError(
      "invalid_tool",
      `${spec.name}: descriptionTrust must be "trusted" or "untrusted"`,
    );
  }
  const thirdParty = (definition as { [THIRD_PARTY_LISTING]?: unknown })[THIRD_PARTY_LISTING] === true;
  if (trust !== "untrusted" && !thirdParty) return;
  cleanThirdPartySpec(spec);
  if (trust === "untrusted") spec.untrustedDescription = true;
}

/**
 * The schema a lazy schema (a function returning the schema, as the AI SDK's `lazySchema()` makes) stands for:
 * called once, at registration. It must return the schema itself, not a promise or another function.
 */
function unlazy(given: unknown, toolName: string, io: SchemaIo): unknown {
  if (typeof given !== "function") return given;
  const field = `${io}Schema`;
  let schema: unknown;
  try {
    schema = (given as () => unknown)();
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : "";
    throw new ToolshellError("invalid_schema", `${toolName}: lazy ${field} failed${detail}`, {
      cause: error,
    });
  }
  if (typeof schema === "function" || typeof (schema as PromiseLike<unknown> | null)?.then === "function") {
    throw new ToolshellError(
      "invalid_schema",
      `${toolName}: lazy ${field} must return the schema itself (not a promise or another function)`,
    );
  }
  return schema;
}

function stringList(value: unknown, toolName: string, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new ToolshellError("invalid_tool", `${toolName}: ${field} must be an array of strings`);
  }
  return [...value];
}

function describe(description: unknown, toolName: string): string {
  if (description === undefined) return "";
  if (typeof description === "string") return description.trim();
  if (typeof description === "function") {
    try {
      const text: unknown = description({ context: undefined });
      if (typeof text === "string") return text.trim();
    } catch {
      // fall through to the error below
    }
  }
  throw new ToolshellError("invalid_tool", `${toolName}: description must be a string`);
}

/** The keys a tool's input schema may be given under: toolshell's, MCP's and Anthropic's, OpenAI's and the AI SDK's. */
const SCHEMA_KEYS = ["inputSchema", "input_schema", "parameters"] as const;
/** Other keys that mean an input schema, spelled as no library does: refused with did-you-mean. */
const SCHEMA_LOOKALIKES: ReadonlySet<string> = new Set([
  "inputschema",
  "schema",
  "params",
  "paramsschema",
  "argsschema",
]);

/**
 * The input schema a definition gives, under any key of SCHEMA_KEYS; a second one, or a key that looks like one of
 * them (`schema`, `input_Schema`...), is refused: the tool would otherwise get no validation at all.
 */
function inputSchemaOf(definition: Record<string, unknown>, name: string): InputSchema | undefined {
  for (const key of Object.keys(definition)) {
    if ((SCHEMA_KEYS as readonly string[]).includes(key)) continue;
    if (SCHEMA_LOOKALIKES.has(key.toLowerCase().replace(/[_-]/g, ""))) {
      throw new ToolshellError("invalid_tool", `${name}: unknown key "${key}" (did you mean inputSchema?)`);
    }
  }
  const given = SCHEMA_KEYS.filter((key) => definition[key] !== undefined);
  if (given.length > 1) {
    throw new ToolshellError(
      "invalid_tool",
      `${name}: give the input schema once (${given.join(" and ")} are both set)`,
    );
  }
  return given[0] === undefined ? undefined : (definition[given[0]] as InputSchema);
}

/** Normalises a tool definition (or an AI SDK tool registered under `name`) into its registered form. */
export function normalizeTool(
  definition: ToolDefinition | (NamelessTool & { name: string }),
): RegisteredTool {
  if (typeof definition !== "object" || definition === null) {
    throw new ToolshellError("invalid_tool", "a tool must be an object with name and execute");
  }
  const name = definition.name;
  assertToolName(name);
  if (typeof definition.execute !== "function") {
    throw new ToolshellError("invalid_tool", `${name}: execute must be a function`);
  }
  const description = describe(definition.description, name);
  if (definition.category !== undefined && typeof definition.category !== "string") {
    throw new ToolshellError("invalid_tool", `${name}: category must be a string`);
  }
  const schemaSource = unlazy(
    inputSchemaOf(definition as unknown as Record<string, unknown>, name),
    name,
    "input",
  );
  if (typeof definition.risk === "string" && !isRiskLevel(definition.risk)) {
    throw new ToolshellError(
      "invalid_tool",
      `${name}: risk ${JSON.stringify(definition.risk)} is not a level: use one of ${RISK_LEVELS.join(", ")}, or { readOnly, destructive, idempotent, openWorld }`,
    );
  }
  const levelInFlags: unknown =
    typeof definition.risk === "object" && definition.risk !== null
      ? (definition.risk as { level?: unknown }).level
      : undefined;
  if (levelInFlags !== undefined && !isRiskLevel(levelInFlags)) {
    throw new ToolshellError(
      "invalid_tool",
      `${name}: risk level ${JSON.stringify(levelInFlags)} is not a level: use one of ${RISK_LEVELS.join(", ")}`,
    );
  }
  const risk = resolveRisk(definition.risk, definition.annotations);
  const spec: ToolSpec = {
    name,
    description,
    inputSchema: toJsonSchema(schemaSource as InputSchema | undefined, name),
    tags: stringList(definition.tags, name, "tags"),
    category: definition.category,
    risk,
  };
  if (definition.outputSchema !== undefined) {
    spec.outputSchema = toJsonSchema(definition.outputSchema as InputSchema, name, "output");
  }
  const budget = definition.maxOutputBytes;
  if (budget !== undefined) {
    if (!Number.isSafeInteger(budget) || budget < 64) {
      throw new ToolshellError(
        "invalid_tool",
        `${name}: maxOutputBytes must be a whole number of at least 64`,
      );
    }
    spec.maxOutputBytes = budget;
  }
  const timeoutMs = definition.timeoutMs;
  if (timeoutMs !== undefined && (!Number.isFinite(timeoutMs) || timeoutMs <= 0)) {
    throw new ToolshellError("invalid_tool", `${name}: timeoutMs must be a positive number`);
  }
  const trust = definition.trust;
  if (trust !== undefined && trust !== "trusted" && trust !== "untrusted") {
    throw new ToolshellError("invalid_tool", `${name}: trust must be "trusted" or "untrusted"`);
  }
  if (trust === "untrusted") spec.untrusted = true;
  applyDescriptionTrust(spec, definition);
  const deprecated = deprecationOf(
    definition.deprecated,
    name,
    spec.untrustedDescription === true ||
      (definition as { [THIRD_PARTY_LISTING]?: unknown })[THIRD_PARTY_LISTING] === true,
  );
  if (deprecated) spec.deprecated = deprecated;
  const registered: RegisteredTool = {
    spec,
    timeoutMs,
    execute: definition.execute as RegisteredTool["execute"],
  };
  const parse = paramsParser(schemaSource, spec.inputSchema);
  if (parse) registered.parse = parse;
  if (definition.retry !== undefined) registered.retry = retrySettings(definition.retry, risk, name);
  if (definition.breaker !== undefined) {
    registered.breaker = definition.breaker === false ? false : breakerSettings(definition.breaker, name);
  }
  if (definition.rateLimit !== undefined)
    registered.rateLimit = rateLimitSettings(definition.rateLimit, name);
  return registered;
}
