/**
 * TM-DOS-005: what one upstream tool's schemas may cost the host. Its validators are compiled in one synchronous
 * step when it is registered, so a tool past these bounds is skipped rather than allowed to hold the event loop.
 * Texts and data are cleaned and checked at registration, for every third-party listing (src/tool/third-party.ts).
 */
import { MAX_UPSTREAM_SCHEMA_CHARS, MAX_UPSTREAM_SUBSCHEMAS } from "../limits.js";
import { forEachSubschema } from "../schema/walk.js";

/** A listed tool as the client reads it: its schemas' JSON (for the size bound and to notice a change). */
export interface ListedSchemas {
  inputJson: string;
  outputJson: string | undefined;
}

/** Why an upstream tool's schemas cost too much to register, or undefined. Throws when nested too deeply. */
export function schemaCostProblem(
  tool: { inputSchema: unknown; outputSchema?: unknown },
  listed: ListedSchemas,
): string | undefined {
  for (const [field, json] of [
    ["inputSchema", listed.inputJson],
    ["outputSchema", listed.outputJson],
  ] as const) {
    if (json !== undefined && json.length > MAX_UPSTREAM_SCHEMA_CHARS) {
      return `its ${field} is ${json.length} characters of JSON (at most ${MAX_UPSTREAM_SCHEMA_CHARS})`;
    }
  }
  let count = 0;
  const counting = (): void => {
    count++;
  };
  forEachSubschema(tool.inputSchema, counting);
  if (tool.outputSchema !== undefined) forEachSubschema(tool.outputSchema, counting);
  if (count > MAX_UPSTREAM_SUBSCHEMAS) {
    return (
      `its schemas have ${count} subschemas (at most ${MAX_UPSTREAM_SUBSCHEMAS} in all, so that compiling them ` +
      "cannot hold the host's event loop)"
    );
  }
  return undefined;
}
