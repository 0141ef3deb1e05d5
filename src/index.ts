export { ToolError, ToolshellError } from "./errors.js";
export type { Issue, IssueCode } from "./issues/issue.js";
export type { BreakerOptions, RateLimitOptions } from "./registry/breaker.js";
export {
  askForDestructive,
  type Policy,
  type PolicyCall,
  type PolicyDecision,
  type ToolAnnotations,
  type ToolRisk,
} from "./registry/policy.js";
export type { OnCall, PlannedCall } from "./registry/registry.js";
export type { ToolStats } from "./registry/stats.js";
export type { SpanLike, TelemetryOptions, TracerLike } from "./registry/telemetry.js";
export type { CallError, CallErrorCode, CallOptions, CallResult } from "./run/host-call.js";
export { resultText } from "./run/result-text.js";
export type { CallRecord, TraceEntry } from "./run/trace.js";
export type { JsonSchema } from "./schema/json-schema.js";
export {
  type ExecuteOptions,
  type ExecuteResult,
  type ExecutionLimitsOptions,
  ScriptedTool,
  type ScriptedToolOptions,
  type ScriptToolDefinition,
} from "./scripted-tool.js";
export type {
  InputSchema,
  NamelessTool,
  RetryOptions,
  ToolContext,
  ToolDefinition,
  ToolSpec,
} from "./tool/tool.js";
export type { OutcomeCode } from "./worker/protocol.js";
