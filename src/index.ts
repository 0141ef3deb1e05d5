export type { BreakerOptions, RateLimitOptions } from "./breaker.js";
export { ToolError, ToolshellError } from "./errors.js";
export type { CallError, CallErrorCode, CallOptions, CallResult } from "./host-call.js";
export type { Issue, IssueCode } from "./issues.js";
export {
  askForDestructive,
  type Policy,
  type PolicyCall,
  type PolicyDecision,
  type ToolAnnotations,
  type ToolRisk,
} from "./policy.js";
export type { OutcomeCode } from "./protocol.js";
export type { OnCall, PlannedCall } from "./registry.js";
export { resultText } from "./result-text.js";
export type { JsonSchema } from "./schema/json-schema.js";
export {
  type ExecuteOptions,
  type ExecuteResult,
  type ExecutionLimitsOptions,
  ScriptedTool,
  type ScriptedToolOptions,
  type ScriptToolDefinition,
} from "./scripted-tool.js";
export type { ToolStats } from "./stats.js";
export type { SpanLike, TelemetryOptions, TracerLike } from "./telemetry.js";
export type {
  InputSchema,
  NamelessTool,
  RetryOptions,
  ToolContext,
  ToolDefinition,
  ToolSpec,
} from "./tool.js";
export type { CallRecord, TraceEntry } from "./trace.js";
