import { access } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ecommerceToolset } from "../demo/ecommerce-tools.js";
import { ScriptedTool } from "../scripted-tool.js";
import type { ToolDefinition } from "../tool/tool.js";
import { CliError, EXIT_USAGE, errorMessage } from "./errors.js";

/** What a `--tools` module may export as a whole: tools plus, optionally, the script tool's name and description. */
export interface Toolset {
  name?: string;
  description?: string;
  tools: ToolDefinition[];
}

/** Options the CLI applies when it builds the ScriptedTool itself (not when the module exports one). */
export interface LoadOptions {
  /** List only names and one-liners in the system prompt. */
  compactPrompt?: boolean;
  /** Give each run a 16 MiB in-memory /tmp (`--scratch`). */
  scratch?: boolean;
  /** With no `file`: no tools at all instead of the demo ones (`mcp` given `--upstream`, whose tools it serves). */
  noDemo?: boolean;
  /** Tool processes to start and register (`--tool-process "CMD ARGS"`, optionally `name=`-prefixed). */
  toolProcesses?: readonly string[];
  /** Folders of tool packages to load (`--tools-dir DIR`), earlier folders first. */
  toolDirs?: readonly string[];
}

/** The script tool's name when a module exports bare tools. */
export const DEFAULT_NAME = "toolshell";

const TYPESCRIPT = new Set([".ts", ".mts", ".cts", ".tsx"]);

/** Duck-typed, so that a ScriptedTool from another copy of toolshell (say the user's own install) is recognised. */
function isScriptedTool(value: unknown): value is ScriptedTool {
  if (typeof value !== "object" || value === null) return false;
  const api = value as Record<string, unknown>;
  return ["execute", "tools", "systemPrompt", "definition", "close"].every(
    (method) => typeof api[method] === "function",
  );
}

function isToolset(value: unknown): value is Toolset {
  return typeof value === "object" && value !== null && Array.isArray((value as { tools?: unknown }).tools);
}

/**
 * What a module's exports define: a ScriptedTool as it is, or a toolset to build one from. Preference: a usable
 * default export (an array of tools, a ScriptedTool, or `{ name?, description?, tools }`), then a `tools` array.
 */
export function toolsFromModule(exports: Record<string, unknown>, label: string): ScriptedTool | Toolset {
  const defaultExport = exports.default;
  if (Array.isArray(defaultExport)) return { tools: defaultExport as ToolDefinition[] };
  if (isScriptedTool(defaultExport)) return defaultExport;
  if (isToolset(defaultExport)) return defaultExport;
  if (Array.isArray(exports.tools)) return { tools: exports.tools as ToolDefinition[] };
  if (exports.tools !== undefined) {
    throw new CliError(`${label}: its \`tools\` export must be an array of tool definitions`);
  }
  const found = Object.keys(exports);
  throw new CliError(
    `${label} exports no tools: export \`tools\` (an array of tool definitions) or a default export that is an ` +
      `array of tools, a ScriptedTool or { name, description, tools }` +
      (found.length > 0 ? ` (found exports: ${found.join(", ")})` : " (it has no exports)"),
  );
}

async function importModule(file: string, label: string): Promise<Record<string, unknown>> {
  const path = resolve(file);
  try {
    await access(path);
  } catch {
    throw new CliError(`${label}: no such file`, EXIT_USAGE);
  }
  try {
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ERR_UNKNOWN_FILE_EXTENSION" && TYPESCRIPT.has(extname(path))) {
      throw new CliError(
        `${label}: plain node cannot load TypeScript; run the CLI under tsx ` +
          "(`npx tsx node_modules/.bin/toolshell ...`) or point --tools at compiled JavaScript (.js/.mjs)",
        EXIT_USAGE,
        { cause: error },
      );
    }
    throw new CliError(`${label}: failed to load: ${errorMessage(error)}`, undefined, { cause: error });
  }
}

/** The ScriptedTool a CLI command works with. */
export interface LoadedToolshell {
  api: ScriptedTool;
  /** What to tell the user on stderr first: the bundled demo tools are in use (no `--tools` was given). */
  notice?: string;
}

/** Said on stderr when a command runs over the demo tools. */
function demoNotice(): string {
  const names = ecommerceToolset.tools.map((tool) => tool.name).join(", ");
  return `toolshell: no --tools given: using the bundled demo e-commerce tools (${names}); pass --tools FILE for your own\n`;
}

/**
 * The ScriptedTool the CLI works with: built from the module at `file` (a path relative to the working directory),
 * or over the bundled demo e-commerce tools when `file` is undefined. Throws a CliError that says what to fix for
 * a missing file, a module that fails to load or exports no tools, and an invalid tool.
 * @example
 * const { api } = await loadToolshell("./tools.mjs");
 * const result = await api.execute("help");
 */
export async function loadToolshell(
  file: string | undefined,
  options: LoadOptions = {},
): Promise<LoadedToolshell> {
  const sources = options.toolProcesses ?? [];
  const folders = options.toolDirs ?? [];
  const demo = file === undefined && options.noDemo !== true && sources.length === 0 && folders.length === 0;
  const label = file === undefined ? "demo tools" : `--tools ${file}`;
  const exports: Record<string, unknown> =
    file !== undefined
      ? await importModule(file, label)
      : { default: demo ? ecommerceToolset : { name: DEFAULT_NAME, tools: [] } };
  const found = toolsFromModule(exports, label);
  let loaded: LoadedToolshell;
  if (isScriptedTool(found)) {
    if (options.scratch) {
      throw new CliError(
        `--scratch: ${label} exports a ScriptedTool, whose options are its own; set scratch: true on it instead`,
      );
    }
    loaded = { api: found };
  } else {
    try {
      const api = new ScriptedTool({
        name: found.name ?? DEFAULT_NAME,
        description: found.description,
        tools: found.tools,
        compactPrompt: options.compactPrompt,
        ...(options.scratch ? { scratch: true } : {}),
      });
      loaded = demo ? { api, notice: demoNotice() } : { api };
    } catch (error) {
      throw new CliError(`${label}: ${errorMessage(error)}`, undefined, { cause: error });
    }
  }
  try {
    const notes =
      (await connectToolProcesses(loaded.api, sources)) + (await loadFolders(loaded.api, folders));
    if (notes !== "") loaded.notice = `${loaded.notice ?? ""}${notes}`;
  } catch (error) {
    await loaded.api.close();
    throw error;
  }
  return loaded;
}

/** Loads each `--tools-dir`'s packages; returns what to say on stderr of packages left out. */
async function loadFolders(api: ScriptedTool, folders: readonly string[]): Promise<string> {
  if (folders.length === 0) return "";
  const { loadToolFolders } = await import("../process/folders.js");
  const { skipped } = await loadToolFolders(api, folders);
  return skipped.map(({ dir, reason }) => `toolshell: --tools-dir: left out ${dir}: ${reason}\n`).join("");
}

/** Starts each `--tool-process` and registers its tools; returns what to say on stderr of tools left out. */
async function connectToolProcesses(api: ScriptedTool, specs: readonly string[]): Promise<string> {
  if (specs.length === 0) return "";
  const [{ connectToolProcess }, { parseUpstream }] = await Promise.all([
    import("../process/connect.js"),
    import("../mcp/client-spec.js"),
  ]);
  let notes = "";
  for (const spec of specs) {
    try {
      const parsed = parseUpstream(spec);
      if (!("command" in parsed))
        throw new CliError("a tool process is a command line, not a URL", EXIT_USAGE);
      const connection = await connectToolProcess(api, {
        command: parsed.command,
        ...(parsed.args ? { args: parsed.args } : {}),
        ...(parsed.name ? { name: parsed.name } : {}),
      });
      for (const { name, reason } of connection.skipped) {
        notes += `toolshell: --tool-process ${spec}: left out ${name}: ${reason}\n`;
      }
    } catch (error) {
      throw new CliError(`--tool-process ${spec}: ${errorMessage(error)}`, undefined, { cause: error });
    }
  }
  return notes;
}
