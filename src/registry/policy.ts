import { ToolshellError } from "../errors.js";
import type { CallOutcome } from "../tool/call.js";
import { isRiskLevel, RISK_LEVELS, type RiskLevel, riskRank, type ToolRisk } from "../tool/risk.js";
import type { RegisteredTool } from "../tool/tool.js";
import type { CallRecord } from "../trace/trace.js";
import { raceAbort } from "./deadline.js";
import type { RunCallContext } from "./request.js";

/** What a policy sees of a call about to run. */
export interface PolicyCall {
  name: string;
  params: Record<string, unknown>;
  risk: ToolRisk;
  tenant: string | undefined;
  context: unknown;
  /** Where the call comes from: a script (`"shell"`) or host code through `api.call()` (`"host"`). */
  surface: "shell" | "host";
  callId: string;
}

/** A policy's answer: run the call, or refuse it (with a reason the script sees). */
export type PolicyDecision = "allow" | "deny" | { deny: string };

/** Decides, before a tool's callback runs, whether the call may run. May be async (an approval). */
export type Policy = (call: PolicyCall) => PolicyDecision | Promise<PolicyDecision>;

/** The reason a policy gave, or undefined when it allowed the call. A policy that fails denies (fail closed). */
async function decide(policy: Policy, call: PolicyCall): Promise<string | undefined> {
  // Reading the answer is inside the try too: a `{ deny }` whose getter throws, or a Proxy, also fails closed.
  try {
    const decision: PolicyDecision = await policy(call);
    if (decision === "allow") return undefined;
    if (decision === "deny") return "not allowed by policy";
    if (typeof decision === "object" && decision !== null) {
      const reason: unknown = decision.deny;
      if (typeof reason === "string") return reason.split("\n")[0] || "not allowed by policy";
    }
    return "the policy gave no decision";
  } catch {
    return "the policy failed";
  }
}

/**
 * The common policy: read-only and non-destructive calls run; every destructive call waits for `approve`.
 * @example
 * new ScriptedTool({ name: "api", tools, policy: askForDestructive(async (call) => confirm(call.name)) })
 */
export function askForDestructive(approve: (call: PolicyCall) => boolean | Promise<boolean>): Policy {
  return async (call) => {
    if (!call.risk.destructive) return "allow";
    return (await approve(call)) ? "allow" : { deny: "not approved" };
  };
}

/** Options of requireApproval(). */
export interface RequireApprovalOptions {
  /** The lowest risk level that needs approval: `"high"` asks for high and critical calls. */
  atOrAbove: RiskLevel;
  /** Asked for each call at or above the level; `true` lets it run, `false` (or a throw) refuses it. */
  approve: (call: PolicyCall) => boolean | Promise<boolean>;
}

/**
 * A gate by risk level: calls below `atOrAbove` run; each call at or above it waits for `approve`. A tool's level is
 * its `risk` level, or the one its risk flags amount to (destructive: high; writes: medium; open world: low; else
 * safe).
 * @example
 * new ScriptedTool({ name: "api", tools, policy: requireApproval({ atOrAbove: "high", approve: (call) => ask(call) }) })
 */
export function requireApproval(options: RequireApprovalOptions): Policy {
  const atOrAbove: unknown = options?.atOrAbove;
  if (!isRiskLevel(atOrAbove)) {
    throw new ToolshellError(
      "invalid_option",
      `requireApproval: atOrAbove ${JSON.stringify(atOrAbove)} is not a risk level: use one of ${RISK_LEVELS.join(", ")}`,
    );
  }
  const approve: unknown = options.approve;
  if (typeof approve !== "function") {
    throw new ToolshellError(
      "invalid_option",
      "requireApproval: approve must be a function (call) => boolean",
    );
  }
  const threshold = riskRank(atOrAbove);
  return async (call) => {
    if (riskRank(call.risk.level) < threshold) return "allow";
    return (await options.approve(call)) === true
      ? "allow"
      : { deny: `not approved (risk ${call.risk.level})` };
  };
}

/** The policy's refusal as an outcome, or undefined when it allowed the call. */
export async function ask(
  policy: Policy,
  tool: RegisteredTool,
  name: string,
  params: Record<string, unknown>,
  run: RunCallContext,
  record: CallRecord,
): Promise<CallOutcome | undefined> {
  const call: PolicyCall = {
    name,
    params,
    risk: tool.spec.risk,
    tenant: run.tenant,
    context: run.context,
    surface: record.surface,
    callId: record.callId,
  };
  const decided = await raceAbort(
    name,
    decide(policy, call).then((reason) => denial(name, reason)),
    run.signal,
  );
  return decided.exitCode === 0 ? undefined : decided;
}

/** A policy's refusal as shell output (the callback never ran); exit 0 means allowed. */
function denial(name: string, reason: string | undefined): CallOutcome {
  if (reason === undefined) return { stdout: "", stderr: "", exitCode: 0, code: "ok" };
  return {
    stdout: "",
    stderr: `${name}: denied: ${reason}\n`,
    exitCode: 126,
    code: "denied",
  };
}
