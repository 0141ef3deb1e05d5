/**
 * TM-INJ-001: a tool listing written by a third party (an upstream MCP server, or a tool registered with
 * `descriptionTrust: "untrusted"`), made safe to show, once, at registration. Texts (`description`, `title`,
 * `$comment` of every subschema) are cleaned; data that validation needs as it is (property names, which are
 * flags; `enum`, `const`, `default`, `examples` and every other keyword's value) cannot be rewritten, so a listing
 * whose data hides characters or is oversized is refused and the tool is not registered.
 */
import { ToolshellError } from "../errors.js";
import {
  MAX_UNTRUSTED_DESCRIPTION,
  MAX_UNTRUSTED_PROPERTY_NAME,
  MAX_UNTRUSTED_SCHEMA_TEXT,
  MAX_UNTRUSTED_SHOWN_VALUE,
} from "../limits.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { isRecord } from "../schema/resolve.js";
import { forEachSubschema, SCHEMA_TEXT_KEYWORDS, SUBSCHEMA_KEYWORDS } from "../schema/walk.js";
import { cleanUntrustedText, hiddenCharacter } from "../text/untrusted.js";
import type { ToolSpec } from "./tool.js";

/**
 * Set by the MCP client on the definitions it registers for a trusted upstream: the listing is a third party's,
 * cleaned and checked as under `descriptionTrust: "untrusted"`, but not fenced. Internal: not exported by the
 * package.
 */
export const THIRD_PARTY_LISTING: unique symbol = Symbol("toolshell.thirdPartyListing");

function hiddenIn(text: string, what: string): string | undefined {
  const code = hiddenCharacter(text);
  return code === undefined
    ? undefined
    : `${what} holds ${code}, a control or invisible character the model could neither see nor type`;
}

/** Why one keyword's data cannot be shown as it is: hidden characters in any key or string, or a long string. */
function dataProblem(data: unknown): string | undefined {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === "string") {
      const problem = hiddenIn(node, "a value");
      if (problem) return problem;
      if (node.length > MAX_UNTRUSTED_SHOWN_VALUE) {
        return `it shows a value of ${node.length} characters (at most ${MAX_UNTRUSTED_SHOWN_VALUE})`;
      }
    } else if (Array.isArray(node)) {
      stack.push(...node);
    } else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node)) {
        const problem = hiddenIn(key, "a value");
        if (problem) return problem;
        stack.push(value);
      }
    }
  }
  return undefined;
}

function propertyNameProblem(name: string): string | undefined {
  const problem = hiddenIn(name, "a property name");
  if (problem) return problem;
  if (name.length > MAX_UNTRUSTED_PROPERTY_NAME) {
    return `it has a property name of ${name.length} characters (at most ${MAX_UNTRUSTED_PROPERTY_NAME})`;
  }
  return undefined;
}

/**
 * Cleans one subschema's texts in place and says why its own keywords cannot be shown, if so. Subschemas under
 * it are the walk's (src/schema/walk.ts); `pattern` stays as it is (a pattern may rightly spell control
 * characters) and is escaped where a message quotes it (src/issues/issue.ts).
 */
function visitSubschema(node: JsonSchema): string | undefined {
  let found: string | undefined;
  for (const [key, value] of Object.entries(node)) {
    const problem = hiddenIn(key, "a keyword");
    if (problem) return problem;
    if (SCHEMA_TEXT_KEYWORDS.has(key) && typeof value === "string") {
      node[key] = cleanUntrustedText(value, MAX_UNTRUSTED_SCHEMA_TEXT);
    } else if (key === "properties" && isRecord(value)) {
      for (const name of Object.keys(value)) found ??= propertyNameProblem(name);
    } else if (!SUBSCHEMA_KEYWORDS.has(key) && !(key === "pattern" && typeof value === "string")) {
      found ??= dataProblem(value);
    }
  }
  return found;
}

/** Cleans a third-party schema's texts in place; why it cannot be shown as it is, or undefined. */
function cleanThirdPartySchema(schema: JsonSchema): string | undefined {
  let found: string | undefined;
  forEachSubschema(schema, (node) => {
    found ??= visitSubschema(node);
  });
  return found;
}

/**
 * TM-INJ-001: a third party's spec made safe to show, in place (the spec holds registration's own copies): its
 * description and schema texts cleaned and capped, its data checked. Throws `invalid_schema` naming the tool and
 * the schema when the data hides characters or is oversized.
 */
export function cleanThirdPartySpec(spec: ToolSpec): void {
  spec.description = cleanUntrustedText(spec.description, MAX_UNTRUSTED_DESCRIPTION);
  for (const field of ["inputSchema", "outputSchema"] as const) {
    const schema = spec[field];
    if (schema === undefined) continue;
    let problem: string | undefined;
    try {
      problem = cleanThirdPartySchema(schema);
    } catch (error) {
      if (!ToolshellError.isInstance(error)) throw error;
      problem = error.message;
    }
    if (problem !== undefined) {
      throw new ToolshellError("invalid_schema", `${spec.name}: ${field}: ${problem}`);
    }
  }
}
