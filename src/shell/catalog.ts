import { compileFlagParser } from "../flags/parse.js";
import type { Issue } from "../issues/issue.js";
import { compileValidator } from "../schema/validate.js";
import type { ToolSpec } from "../tool/tool.js";

interface CompiledTool {
  parse: (argv: string[]) => { params: Record<string, unknown>; issues: Issue[] };
  validate: (params: unknown) => Issue[];
}

/**
 * The tools as the shell sees them: specs only (callbacks stay with the host), with each tool's flag parser
 * and validator compiled on first use and kept for as long as the catalog lives.
 */
export class ShellCatalog {
  readonly tools: ReadonlyMap<string, ToolSpec>;
  private readonly compiled = new Map<string, CompiledTool>();

  constructor(specs: readonly ToolSpec[]) {
    this.tools = new Map(specs.map((spec) => [spec.name, spec]));
  }

  get names(): string[] {
    return [...this.tools.keys()];
  }

  compiledTool(spec: ToolSpec): CompiledTool {
    let compiled = this.compiled.get(spec.name);
    if (!compiled) {
      compiled = { parse: compileFlagParser(spec.inputSchema), validate: compileValidator(spec.inputSchema) };
      this.compiled.set(spec.name, compiled);
    }
    return compiled;
  }
}
