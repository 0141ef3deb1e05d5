/**
 * The script tool's MCP annotations, derived conservatively from its member tools' risk: a script may call any
 * of them, so it is only as harmless as the most dangerous one. Pure: no MCP SDK import here.
 */
import type { ToolAnnotations, ToolRisk } from "../tool/risk.js";

/** Annotations of a tool the server exposes, in MCP's vocabulary (all four hints always set). */
export type DerivedAnnotations = Required<ToolAnnotations>;

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
