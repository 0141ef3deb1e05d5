/**
 * The script tool's MCP annotations, derived conservatively from its member tools' risk: a script may call any
 * of them, so it is only as harmless as the most dangerous one. Pure: no MCP SDK import here.
 */
import { resolveRisk, type ToolAnnotations, type ToolRisk } from "../policy.js";
import type { ToolSpec } from "../tool.js";

/** Where a member tool's risk can come from besides the ScriptedTool itself: the definitions it was built from. */
export interface ToolRiskSource {
  name: string;
  risk?: Partial<ToolRisk>;
  annotations?: ToolAnnotations;
}

/** Annotations of a tool the server exposes, in MCP's vocabulary (all four hints always set). */
export type DerivedAnnotations = Required<ToolAnnotations>;

/**
 * Each member tool's risk: the spec's own `risk` when the ScriptedTool exposes it, else the matching definition's
 * `risk`/`annotations`, else the safe defaults (may write, destructive, not idempotent, open world).
 */
export function memberRisks(
  specs: readonly ToolSpec[],
  definitions: readonly ToolRiskSource[] = [],
): ToolRisk[] {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  return specs.map((spec) => {
    const own = (spec as ToolSpec & { risk?: Partial<ToolRisk> }).risk;
    if (own !== undefined) return resolveRisk(own, undefined);
    const definition = byName.get(spec.name);
    return resolveRisk(definition?.risk, definition?.annotations);
  });
}

/**
 * The script tool's hints: read-only only when every member is, non-destructive only when no member is
 * destructive, idempotent only when all are, open world when any is.
 * @example
 * scriptAnnotations([{ readOnly: true, destructive: false, idempotent: true, openWorld: false }])
 * // { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
 */
export function scriptAnnotations(risks: readonly ToolRisk[]): DerivedAnnotations {
  return {
    readOnlyHint: risks.every((risk) => risk.readOnly),
    destructiveHint: risks.some((risk) => risk.destructive),
    idempotentHint: risks.every((risk) => risk.idempotent),
    openWorldHint: risks.some((risk) => risk.openWorld),
  };
}

/** The `discover` tool only reads the catalog. */
export const DISCOVER_ANNOTATIONS: DerivedAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
