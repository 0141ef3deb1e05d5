// TM-ERR-001: both classes are recognised by a global-registry symbol, not by `instanceof`: a tool package that
// bundles its own copy of toolshell throws that copy's class, which `instanceof` would take for any other error.
const TOOLSHELL_ERROR_MARKER = Symbol.for("toolshell.ToolshellError");
const TOOL_ERROR_MARKER = Symbol.for("toolshell.ToolError");

/** Marks an instance (not enumerable: spreads and logs do not show it). */
function brand(error: Error, marker: symbol): void {
  Object.defineProperty(error, marker, { value: true });
}

/** Whether `value` carries `marker` set to true; false (never a throw) for a Proxy whose traps throw. */
function hasMarker(value: unknown, marker: symbol): boolean {
  try {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  } catch {
    return false;
  }
}

/**
 * Every code a ToolshellError carries: tools wired wrong (`duplicate_tool`, `invalid_env`, `invalid_option`,
 * `invalid_schema`, `invalid_tool`, `invalid_tool_name`), or an upstream MCP server that cannot be imported or
 * used (`invalid_upstream`, `too_many_tools`, `tool_name_collision`, `upstream_closed`, `upstream_failed`).
 */
export type ToolshellErrorCode =
  | "duplicate_tool"
  | "invalid_env"
  | "invalid_option"
  | "invalid_schema"
  | "invalid_tool"
  | "invalid_tool_name"
  | "invalid_upstream"
  | "too_many_tools"
  | "tool_name_collision"
  | "tool_process_failed"
  | "upstream_closed"
  | "upstream_failed";

/**
 * Errors for the engineer wiring tools (duplicate names, invalid schemas). They are thrown at
 * registration time. Mistakes made by a model inside a script never throw: they become stderr and an
 * exit code.
 */
export class ToolshellError extends Error {
  /** A stable machine-readable code, e.g. `duplicate_tool`, `invalid_tool_name`, `invalid_schema`. */
  readonly code: ToolshellErrorCode;

  constructor(code: ToolshellErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ToolshellError";
    this.code = code;
    brand(this, TOOLSHELL_ERROR_MARKER);
  }

  /** Whether `value` is a ToolshellError, from this copy of toolshell or any other (`instanceof` sees one copy). */
  static isInstance(value: unknown): value is ToolshellError {
    return hasMarker(value, TOOLSHELL_ERROR_MARKER);
  }
}

/**
 * Thrown by a tool's `execute` to fail the call with a message meant for the script (and so the model): stderr
 * gets `<tool>: <message>` even when other callback errors are sanitized, and the command exits with `exitCode`
 * (default 1). Whatever the callback wants printed before failing goes in `stdout`.
 * @example
 * execute: ({ id }) => { if (!users.has(id)) throw new ToolError(`no user with id ${id}`); return users.get(id); }
 */
export class ToolError extends Error {
  readonly exitCode: number;
  readonly stdout: string;

  constructor(message: string, options: { exitCode?: number; stdout?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "ToolError";
    const code = options.exitCode ?? 1;
    this.exitCode = Number.isInteger(code) && code >= 1 && code <= 255 ? code : 1;
    this.stdout = options.stdout ?? "";
    brand(this, TOOL_ERROR_MARKER);
  }

  /** Whether `value` is a ToolError, from this copy of toolshell or any other (`instanceof` sees one copy). */
  static isInstance(value: unknown): value is ToolError {
    return hasMarker(value, TOOL_ERROR_MARKER);
  }
}
