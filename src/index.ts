export type { DiscoverAnswer, DiscoveredTool } from "../builtins/discover-answer.js";
export { ToolError, ToolshellError, type ToolshellErrorCode } from "./errors.js";
export type { Issue, IssueCode } from "./issues/issue.js";
export type {
  ExecuteOptions,
  ExecutionLimitsOptions,
  PromptOptions,
  ScriptedToolOptions,
  ScriptToolDefinition,
  SystemPromptOptions,
  ToolsetDefinition,
  ToolsetOptions,
} from "./options.js";
export type { PlannedCall } from "./registry/plan.js";
export {
  askForDestructive,
  type Policy,
  type PolicyCall,
  type PolicyDecision,
  type RequireApprovalOptions,
  requireApproval,
} from "./registry/policy.js";
export type { OnCall } from "./registry/request.js";
export type { ToolStats } from "./registry/stats.js";
export type { SpanLike, TelemetryOptions, TracerLike } from "./registry/telemetry.js";
export type { CallError, CallOptions, CallResult } from "./run/host-call.js";
export type { ExecuteResult } from "./run/result.js";
export { resultText } from "./run/result-text.js";
export type { JsonSchema } from "./schema/json-schema.js";
export { ScriptedTool } from "./scripted-tool.js";
export type { PromptLevel } from "./shell/prompt.js";
export type { BreakerVerdict } from "./store/circuit.js";
export {
  type Admission,
  type AdmitRequest,
  type Awaitable,
  type BreakerSettings,
  MemoryStore,
  type RateLimitSettings,
  type StateStore,
} from "./store/store.js";
export type { CallErrorCode, OutcomeCode } from "./tool/call.js";
export type { FromJsonSchema, InferOutput, InferParams } from "./tool/infer.js";
export type { BreakerOptions, RateLimitOptions, RetryOptions } from "./tool/resilience.js";
export { RISK_LEVELS, type RiskLevel, type ToolAnnotations, type ToolRisk } from "./tool/risk.js";
export type {
  InputSchema,
  NamelessTool,
  ToolContext,
  ToolDefinition,
  ToolResult,
  ToolSpec,
  TypedToolDefinition,
} from "./tool/tool.js";
export { defineTool } from "./tool/tool.js";
export type { CallRecord, ThrownError, TraceEntry } from "./trace/trace.js";
