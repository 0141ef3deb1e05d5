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
export type { PlannedCall } from "./registry.js";
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
export type { InputSchema, NamelessTool, ToolContext, ToolDefinition, ToolSpec } from "./tool.js";
export type { TraceEntry } from "./trace.js";
