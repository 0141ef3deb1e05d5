/** The script tool's declared outputSchema: what a run returns as structuredContent. */
import type { JsonSchema } from "../schema/json-schema.js";

/** One trace entry, as src/trace.ts defines it (draft-07 compatible: MCP clients validate with it). */
const TRACE_ENTRY_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    name: { type: "string" },
    kind: { type: "string", enum: ["tool", "help", "discover"] },
    argv: { type: "array", items: { type: "string" } },
    params: { type: "object" },
    exitCode: { type: "integer" },
    durationMs: { type: "number" },
    callId: { type: "string" },
    outputIssues: { type: "array", items: { type: "string" } },
    decision: { type: "string", enum: ["allow", "deny"] },
    planned: { type: "boolean" },
  },
  required: ["name", "kind", "argv", "exitCode", "durationMs"],
};

/** `{ stdout, stderr, exitCode, trace, truncated, traceDropped }` of one run. */
export const SCRIPT_OUTPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    stdout: { type: "string", description: "What the script printed." },
    stderr: { type: "string", description: "Errors and diagnostics." },
    exitCode: { type: "integer", description: "0 on success." },
    trace: {
      type: "array",
      items: TRACE_ENTRY_SCHEMA,
      description: "The tool calls the run made, in order.",
    },
    truncated: { type: "boolean", description: "stdout or stderr was cut at the output budget." },
    traceDropped: { type: "integer", description: "Trace entries past the first 1,000 that were not kept." },
  },
  required: ["stdout", "stderr", "exitCode", "trace"],
};
