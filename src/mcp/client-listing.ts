/**
 * TM-INJ-001: what an upstream lists, made safe to show. Descriptions and titles are cleaned (src/untrusted.ts);
 * data a schema shows but validation needs as it is (property names, `enum`/`const`/`default`/`examples`
 * values) cannot be rewritten, so a tool whose shown data hides characters, or is oversized, is not imported.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { hiddenCharacter } from "../untrusted.js";
import { MAX_UPSTREAM_PROPERTY_NAME, MAX_UPSTREAM_SHOWN_VALUE } from "./client-limits.js";

const TEXT_KEYWORDS = new Set(["description", "title", "$comment"]);
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);

/** How a node of a schema is read: a subschema, a `properties` map, a `patternProperties` map, or data. */
type Kind = "schema" | "properties" | "patterns" | "data";

function hiddenIn(text: string, what: string): string | undefined {
  const code = hiddenCharacter(text);
  return code === undefined
    ? undefined
    : `${what} holds ${code}, a control or invisible character the model could neither see nor type`;
}

/** Checks one object's entries; pushes what to read next; the first problem found, if any. */
function visitObject(
  node: Record<string, unknown>,
  kind: Kind,
  stack: [unknown, Kind][],
): string | undefined {
  for (const [key, value] of Object.entries(node)) {
    if (kind === "properties") {
      const problem = hiddenIn(key, "a property name");
      if (problem) return problem;
      if (key.length > MAX_UPSTREAM_PROPERTY_NAME) {
        return `it has a property name of ${key.length} characters (at most ${MAX_UPSTREAM_PROPERTY_NAME})`;
      }
      stack.push([value, "schema"]);
      continue;
    }
    if (kind === "patterns") {
      stack.push([value, "schema"]);
      continue;
    }
    const problem = hiddenIn(key, kind === "data" ? "a value" : "a keyword");
    if (problem) return problem;
    if (kind === "data") stack.push([value, "data"]);
    else if (TEXT_KEYWORDS.has(key) || (key === "pattern" && typeof value === "string")) continue;
    else if (DATA_KEYWORDS.has(key)) stack.push([value, "data"]);
    else if (key === "properties") stack.push([value, "properties"]);
    else if (key === "patternProperties") stack.push([value, "patterns"]);
    else stack.push([value, "schema"]);
  }
  return undefined;
}

/** Why one schema cannot be shown as it is, or undefined. Iterative, so any nesting depth is fine. */
function schemaProblem(schema: unknown): string | undefined {
  const stack: [unknown, Kind][] = [[schema, "schema"]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, kind] = next;
    if (typeof node === "string") {
      const problem = hiddenIn(node, kind === "data" ? "a value" : "a keyword's value");
      if (problem) return problem;
      if (kind === "data" && node.length > MAX_UPSTREAM_SHOWN_VALUE) {
        return `it shows a value of ${node.length} characters (at most ${MAX_UPSTREAM_SHOWN_VALUE})`;
      }
    } else if (Array.isArray(node)) {
      for (const item of node) stack.push([item, kind === "data" ? "data" : "schema"]);
    } else if (typeof node === "object" && node !== null) {
      const problem = visitObject(node as Record<string, unknown>, kind, stack);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Why an upstream tool cannot be imported as it is listed (its schemas would show hidden or oversized data). */
export function listingProblem(tool: Tool): string | undefined {
  for (const field of ["inputSchema", "outputSchema"] as const) {
    const problem = schemaProblem(tool[field]);
    if (problem) return `its ${field}: ${problem}`;
  }
  return undefined;
}
