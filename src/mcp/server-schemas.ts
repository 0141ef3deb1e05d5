/** The script tool's declared outputSchema: what a run returns as structuredContent. */
import type { JsonSchema } from "../schema/json-schema.js";

/** One trace entry, as src/trace/trace.ts defines it (draft-07 compatible: MCP clients validate with it). */
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
    truncated: {
      type: "object",
      properties: { argvBytes: { type: "integer" }, paramsBytes: { type: "integer" } },
    },
  },
  required: ["name", "kind", "argv", "exitCode", "durationMs"],
};

/** One trace entry as the server answers by default: which command ran, how it ended, how long it took. */
const TRACE_SUMMARY_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    name: { type: "string" },
    exitCode: { type: "integer" },
    durationMs: { type: "number" },
  },
  required: ["name", "exitCode", "durationMs"],
};

/**
 * `{ stdout, stderr, exitCode, trace, truncated, traceDropped }` of one run; `trace` holds whole entries with
 * `fullTrace`, else `{ name, exitCode, durationMs }` each.
 */
export function scriptOutputSchema(fullTrace: boolean): JsonSchema {
  return {
    type: "object",
    properties: {
      stdout: { type: "string", description: "What the script printed." },
      stderr: { type: "string", description: "Errors and diagnostics." },
      exitCode: { type: "integer", description: "0 on success." },
      trace: {
        type: "array",
        items: fullTrace ? TRACE_ENTRY_SCHEMA : TRACE_SUMMARY_SCHEMA,
        description: fullTrace
          ? "The commands the run dispatched, in order."
          : "The commands the run dispatched, in order: name, exit code and duration.",
      },
      truncated: { type: "boolean", description: "stdout or stderr was cut at the output budget." },
      traceDropped: {
        type: "integer",
        description: "Trace entries past the first 1,000 that were not kept.",
      },
      ...(fullTrace
        ? {
            traceTruncated: {
              type: "integer",
              description: "Trace entries whose argv or params were cut to the trace's byte budget.",
            },
          }
        : {}),
    },
    required: ["stdout", "stderr", "exitCode", "trace"],
  };
}
