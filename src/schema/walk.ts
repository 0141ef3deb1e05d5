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

/**
 * Each subschema keyword's place in the walk's order (the single ones, then the lists, then the maps), for a
 * lookup by the keys a node has: a node holds a few keys, and probing it for each of the ~20 keywords was most of
 * a walk's time (registering 200 tools walks each schema several times).
 */
const KEYWORD_RANK: ReadonlyMap<string, number> = new Map(
  [
    ...SINGLE_SUBSCHEMA,
    ...LIST_OF_SUBSCHEMAS.filter((keyword) => keyword !== "items"),
    ...MAP_OF_SUBSCHEMAS,
  ].map((keyword, rank) => [keyword, rank]),
);
/** `items` is a single subschema (ranked with those) or a draft-07 list (ranked with the lists). */
const ITEMS_LIST_RANK = SINGLE_SUBSCHEMA.length + LIST_OF_SUBSCHEMAS.indexOf("items") - 0.5;

/** The subschemas directly under `node`, in keyword order. */
function children(node: JsonSchema): unknown[] {
  const ranked: Array<[number, unknown[]]> = [];
  for (const keyword in node) {
    let rank = KEYWORD_RANK.get(keyword);
    if (rank === undefined || !Object.hasOwn(node, keyword)) continue;
    const value = node[keyword];
    let found: unknown[];
    if (rank < SINGLE_SUBSCHEMA.length) {
      if (isRecord(value)) found = [value];
      else if (keyword === "items" && Array.isArray(value)) {
        found = value;
        rank = ITEMS_LIST_RANK;
      } else continue;
    } else if (rank < SINGLE_SUBSCHEMA.length + LIST_OF_SUBSCHEMAS.length - 1) {
      if (!Array.isArray(value)) continue;
      found = value;
    } else if (isRecord(value)) found = Object.values(value);
    else continue;
    ranked.push([rank, found]);
  }
  if (ranked.length === 0) return [];
  if (ranked.length === 1) return (ranked[0] as [number, unknown[]])[1];
  return ranked.sort((a, b) => a[0] - b[0]).flatMap(([, found]) => found);
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
