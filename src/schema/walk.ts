/**
 * The one walk over a JSON Schema's subschemas. It knows which keywords hold subschemas (one, a list, or a map of
 * them); every other keyword's value is data (`enum`, `const`, `default`, `examples`, `required`, ...), never
 * entered, even when a property is *named* like a keyword (`properties: { enum: {...} }` is a subschema).
 */
import { ToolshellError } from "../errors.js";
import { MAX_SCHEMA_DEPTH } from "../limits.js";
import type { JsonSchema } from "./json-schema.js";
import { isRecord } from "./resolve.js";

/** Keywords whose value is one subschema (`items` may also be a draft-07 list). */
const SINGLE_SUBSCHEMA: readonly string[] = [
  "additionalProperties",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
  "items",
];
/** Keywords whose value is a list of subschemas. */
const LIST_OF_SUBSCHEMAS: readonly string[] = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
/** Keywords whose value maps names to subschemas (draft-07 `dependencies` maps to subschemas or name lists). */
const MAP_OF_SUBSCHEMAS: readonly string[] = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
];

/** Keywords whose value holds subschemas: what the walk enters. */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  ...SINGLE_SUBSCHEMA,
  ...LIST_OF_SUBSCHEMAS,
  ...MAP_OF_SUBSCHEMAS,
]);

/** Keywords whose string value is prose for a reader (help, the prompt): the texts cleaned for display. */
export const SCHEMA_TEXT_KEYWORDS: ReadonlySet<string> = new Set(["description", "title", "$comment"]);

/** The subschemas directly under `node`, in keyword order. */
function children(node: JsonSchema): unknown[] {
  const found: unknown[] = [];
  for (const keyword of SINGLE_SUBSCHEMA) if (isRecord(node[keyword])) found.push(node[keyword]);
  for (const keyword of LIST_OF_SUBSCHEMAS) {
    const list = node[keyword];
    if (Array.isArray(list)) found.push(...list);
  }
  for (const keyword of MAP_OF_SUBSCHEMAS) {
    const map = node[keyword];
    if (isRecord(map)) found.push(...Object.values(map));
  }
  return found;
}

/**
 * Visits every subschema object of `root` (itself included), each parent before its children, so `visit` may
 * rewrite a node's keywords before they are read. Iterative; a schema nested more than MAX_SCHEMA_DEPTH levels
 * (or a cyclic object) throws `invalid_schema`.
 */
export function forEachSubschema(root: unknown, visit: (schema: JsonSchema) => void): void {
  const stack: [unknown, number][] = [[root, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (!isRecord(node)) continue;
    if (depth > MAX_SCHEMA_DEPTH)
      throw new ToolshellError("invalid_schema", "invalid schema: nested too deeply");
    visit(node);
    const below = children(node);
    for (let index = below.length - 1; index >= 0; index--) stack.push([below[index], depth + 1]);
  }
}
