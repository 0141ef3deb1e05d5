/** A tool's risk: what it may do (read, write, destroy, reach outside), resolved once at registration. */

/**
 * Risk levels, lowest first. Each stands for the flags it implies: `safe` reads only and stays inside (readOnly,
 * idempotent, closed world); `low` reads only but reaches outside (open world); `medium` may write but destroys
 * nothing; `high` and `critical` may destroy (`critical` being what a gate should stop first).
 */
export const RISK_LEVELS = ["safe", "low", "medium", "high", "critical"] as const;

/** One of RISK_LEVELS. */
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Risk metadata of a tool, in MCP's vocabulary. Unset means the safe assumption: it may write and destroy. */
export interface ToolRisk {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
  /** The level given, or the one the flags amount to (destructive: high; writes: medium; open world: low; else safe). */
  level: RiskLevel;
}

/** MCP tool annotations, accepted as they come from MCP tool definitions. */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** The flags each level implies. */
const LEVEL_FLAGS: Record<RiskLevel, Omit<ToolRisk, "level">> = {
  safe: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  low: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  medium: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  high: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  critical: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
};

/** Whether `value` is one of RISK_LEVELS. */
export function isRiskLevel(value: unknown): value is RiskLevel {
  return typeof value === "string" && (RISK_LEVELS as readonly string[]).includes(value);
}

/** Where `level` stands among RISK_LEVELS (0 for safe). */
export function riskRank(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}

function levelOf(flags: Omit<ToolRisk, "level">): RiskLevel {
  if (flags.destructive) return "high";
  if (!flags.readOnly) return "medium";
  return flags.openWorld ? "low" : "safe";
}

/** Resolves a tool's risk from `risk` (a level, or flags) and MCP `annotations`, with the safe defaults. */
export function resolveRisk(
  risk: Partial<ToolRisk> | RiskLevel | undefined,
  annotations: ToolAnnotations | undefined,
): ToolRisk {
  if (typeof risk === "string") return { ...LEVEL_FLAGS[risk], level: risk };
  // A level with flags (a ToolSpec's risk registered again, say): the level, with the flags given over its own.
  const level = (risk as { level?: unknown } | undefined)?.level;
  if (isRiskLevel(level)) {
    const given = Object.fromEntries(
      Object.entries(risk ?? {}).filter(([key, value]) => key !== "level" && typeof value === "boolean"),
    );
    return { ...LEVEL_FLAGS[level], ...given, level };
  }
  const readOnly = risk?.readOnly ?? annotations?.readOnlyHint ?? false;
  const flags = {
    readOnly,
    destructive: risk?.destructive ?? annotations?.destructiveHint ?? !readOnly,
    idempotent: risk?.idempotent ?? annotations?.idempotentHint ?? readOnly,
    openWorld: risk?.openWorld ?? annotations?.openWorldHint ?? true,
  };
  return { ...flags, level: levelOf(flags) };
}
