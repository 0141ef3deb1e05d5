/**
 * Errors for the engineer wiring tools (duplicate names, invalid schemas). They are thrown at
 * registration time. Mistakes made by a model inside a script never throw: they become stderr and an
 * exit code.
 */
export class ToolshellError extends Error {
  /** A stable machine-readable code, e.g. `duplicate_tool`, `invalid_tool_name`, `invalid_schema`. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ToolshellError";
    this.code = code;
  }
}
