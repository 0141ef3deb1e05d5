/** A tool's risk: what it may do (read, write, destroy, reach outside), resolved once at registration. */

/** Risk metadata of a tool, in MCP's vocabulary. Unset means the safe assumption: it may write and destroy. */
export interface ToolRisk {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

/** MCP tool annotations, accepted as they come from MCP tool definitions. */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Resolves a tool's risk from `risk` and MCP `annotations`, with the safe defaults. */
export function resolveRisk(
  risk: Partial<ToolRisk> | undefined,
  annotations: ToolAnnotations | undefined,
): ToolRisk {
  const readOnly = risk?.readOnly ?? annotations?.readOnlyHint ?? false;
  return {
    readOnly,
    destructive: risk?.destructive ?? annotations?.destructiveHint ?? !readOnly,
    idempotent: risk?.idempotent ?? annotations?.idempotentHint ?? readOnly,
    openWorld: risk?.openWorld ?? annotations?.openWorldHint ?? true,
  };
}
