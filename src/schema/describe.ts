/**
 * Flag descriptions derived from a tool's input schema, for `help` output and the system prompt.
 */
import type { JsonSchema } from "./json-schema.js";
import { type EffectiveType, effectiveType, isRecord, type JsonType, typeLabel } from "./resolve.js";

export interface FlagDescription {
  /** The property name; the flag is `--${name}`. */
  name: string;
  /** Display type: "integer", "boolean", "string|null", "json|a,b,c" (arrays), "json|key=value ..." (objects). */
  type: string;
  required: boolean;
  enum?: unknown[];
  description?: string;
  default?: unknown;
}

/** Enums longer than this are shown as their type in usage lines, not spelled out. */
const MAX_USAGE_ENUM = 6;

const LIST_SYNTAX: Partial<Record<JsonType, string>> = {
  integer: "json|1,2,3",
  number: "json|1.5,2",
  boolean: "json|true,false",
};
/** The display type of an object flag (and of an array of objects). */
export const OBJECT_FLAG_TYPE = "json|key=value ...";

const descriptions = new WeakMap<JsonSchema, FlagDescription[]>();

/** One description per top-level property, in declaration order (merged across allOf/oneOf/$ref). */
export function describeFlags(schema: JsonSchema): FlagDescription[] {
  const cached = descriptions.get(schema);
  if (cached) return [...cached];
  const root = isRecord(schema) ? schema : {};
  const top = effectiveType(root, root);
  const flags = [...top.properties].map(([name, property]) =>
    describeProperty(name, effectiveType(property, root), top.required.has(name), root),
  );
  if (isRecord(schema)) descriptions.set(schema, flags);
  return [...flags];
}

function describeProperty(
  name: string,
  type: EffectiveType,
  required: boolean,
  root: JsonSchema,
): FlagDescription {
  const flag: FlagDescription = { name, type: displayType(type, root), required };
  if (type.enumValues !== undefined) flag.enum = type.enumValues;
  if (type.description !== undefined) flag.description = type.description;
  if (type.hasDefault) flag.default = type.default;
  return flag;
}

function displayType(type: EffectiveType, root: JsonSchema): string {
  const types = [...type.types].filter((name) => name !== "null");
  if (types.length !== 1) return typeLabel(type);
  if (types[0] === "object") return OBJECT_FLAG_TYPE;
  if (types[0] !== "array") return typeLabel(type);
  const items = type.items === undefined ? undefined : effectiveType(type.items, root);
  const itemTypes = [...(items?.types ?? [])].filter((name) => name !== "null");
  const [itemType] = itemTypes;
  if (itemTypes.length !== 1 || itemType === undefined) return "json|a,b,c";
  if (itemType === "object") return OBJECT_FLAG_TYPE;
  return LIST_SYNTAX[itemType] ?? "json|a,b,c";
}

/**
 * Whether a tool with flags takes others besides them (its schema says so: `additionalProperties` true or a schema,
 * `patternProperties`): then an unknown flag is passed on, not refused, and `help` says so.
 */
export function takesOtherFlags(schema: JsonSchema): boolean {
  const root = isRecord(schema) ? schema : {};
  const top = effectiveType(root, root);
  return top.properties.size > 0 && top.open && !top.closed;
}

/** A one-line synopsis: `get_user --id <integer> [--status <open|closed>] [--verbose]`, required first. */
export function usageLine(toolName: string, schema: JsonSchema): string {
  const flags = describeFlags(schema);
  const ordered = [...flags.filter((flag) => flag.required), ...flags.filter((flag) => !flag.required)];
  const words = ordered.map((flag) => {
    const word = flag.type === "boolean" ? `--${flag.name}` : `--${flag.name} <${placeholder(flag)}>`;
    return flag.required ? word : `[${word}]`;
  });
  return [toolName, ...words].join(" ");
}

function placeholder(flag: FlagDescription): string {
  const values = flag.enum;
  if (values === undefined || values.length === 0 || values.length > MAX_USAGE_ENUM) return flag.type;
  return values.map((value) => (typeof value === "string" ? value : JSON.stringify(value))).join("|");
}
