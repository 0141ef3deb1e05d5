/**
 * Tool folders (issue 17, part 2): each immediate subfolder of a folder is a tool package, either a module
 * (`tool.mjs` or `tool.js` exporting tool definitions) or a tool process (`toolshell.json`). A package that fails
 * to load is skipped with its reason; loading never throws for one package's fault.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ToolshellError } from "../errors.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { sanitizeSegment } from "../tool/segment.js";
import type { ToolDefinition } from "../tool/tool.js";
import { connectToolProcess, type ToolProcessOptions } from "./connect.js";

/** The files that make a subfolder a package, in the order they are looked for. */
const MODULE_FILES = ["tool.mjs", "tool.js"] as const;
const PROCESS_FILE = "toolshell.json";
/** Bytes of a toolshell.json read at most (it holds a command line and a few scopes). */
const MAX_MANIFEST_BYTES = 64 * 1024;

/** Options of loadToolFolders(). */
export interface ToolFolderOptions {
  /**
   * The most any tool process of the folders is granted: a `toolshell.json`'s `grantScopes` are kept only where
   * they are among these. Default: what each `toolshell.json` says.
   */
  grantScopes?: readonly string[];
  /** For every tool process of the folders: see connectToolProcess(). */
  process?: Pick<
    ToolProcessOptions,
    "connectTimeoutMs" | "timeoutMs" | "stderr" | "trust" | "env" | "onEvent"
  >;
}

/** A subfolder that was not loaded, and why. */
export interface SkippedToolFolder {
  /** The subfolder's path. */
  dir: string;
  reason: string;
}

/** What loadToolFolders() registered. */
export interface LoadedToolFolders {
  /** The command names registered, in order. */
  tools: string[];
  /** The packages loaded (their subfolders' names), in order. */
  packages: string[];
  skipped: SkippedToolFolder[];
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a package module exports, as tool definitions; a string says what is wrong. */
function exportedTools(exports: Record<string, unknown>): ToolDefinition[] | string {
  const isTool = (value: unknown): boolean =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { execute?: unknown }).execute === "function";
  if (Array.isArray(exports.tools)) return exports.tools as ToolDefinition[];
  const given = exports.default;
  if (Array.isArray(given)) return given as ToolDefinition[];
  if (isTool(given)) return [given as ToolDefinition];
  if (typeof given === "object" && given !== null && Array.isArray((given as { tools?: unknown }).tools)) {
    return (given as { tools: ToolDefinition[] }).tools;
  }
  return "it exports no tools: export `tools` (an array of tool definitions), or a default tool or array";
}

/** Registers every tool of a module package, or none: a tool that fails to register takes the others back out. */
async function loadModule(api: ScriptedTool, file: string): Promise<string[] | string> {
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    return `its module failed to load: ${message(error).split("\n")[0]}`;
  }
  const tools = exportedTools(exports);
  if (typeof tools === "string") return tools;
  const added: string[] = [];
  for (const tool of tools) {
    try {
      api.add(tool);
      added.push(tool.name);
    } catch (error) {
      for (const name of added) api.remove(name);
      return message(error);
    }
  }
  return added;
}

/** A tool process package's manifest, checked; a string says what is wrong. */
function manifestOf(text: string): { command: string; args: string[]; grantScopes: string[] } | string {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    return `${PROCESS_FILE} is not JSON: ${message(error)}`;
  }
  const { process, grantScopes } = (manifest ?? {}) as { process?: unknown; grantScopes?: unknown };
  const { command, args } = (process ?? {}) as { command?: unknown; args?: unknown };
  if (typeof command !== "string" || command === "") {
    return `${PROCESS_FILE} needs { "process": { "command": "...", "args": [...] } }`;
  }
  const strings = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((item) => typeof item === "string");
  if (args !== undefined && !strings(args))
    return `${PROCESS_FILE}: process.args must be an array of strings`;
  if (grantScopes !== undefined && !strings(grantScopes)) {
    return `${PROCESS_FILE}: grantScopes must be an array of strings`;
  }
  return { command, args: args ?? [], grantScopes: grantScopes ?? [] };
}

async function loadProcess(
  api: ScriptedTool,
  dir: string,
  name: string,
  options: ToolFolderOptions,
): Promise<string[] | string> {
  const file = join(dir, PROCESS_FILE);
  let text: string;
  try {
    if ((await stat(file)).size > MAX_MANIFEST_BYTES)
      return `${PROCESS_FILE} is over ${MAX_MANIFEST_BYTES} bytes`;
    text = await readFile(file, "utf8");
  } catch (error) {
    // gone or unreadable since it was found: this package's fault, not the load's
    return `${PROCESS_FILE} cannot be read: ${message(error)}`;
  }
  const manifest = manifestOf(text);
  if (typeof manifest === "string") return manifest;
  const cap = options.grantScopes;
  const grantScopes = cap
    ? manifest.grantScopes.filter((scope) => cap.includes(scope))
    : manifest.grantScopes;
  try {
    const connection = await connectToolProcess(api, {
      ...options.process,
      command: manifest.command,
      args: manifest.args,
      cwd: dir,
      name,
      grantScopes,
    });
    return connection.tools;
  } catch (error) {
    return `its tool process did not start: ${message(error)}`;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Loads the tool packages in each folder's immediate subfolders: one with `tool.mjs` (or `tool.js`) is a module
 * whose tools (its `tools` export, or a default tool or array) are registered under the names they carry; one
 * with `toolshell.json` (`{ "process": { "command", "args" }, "grantScopes": [...] }`) is a tool process started
 * in that subfolder, its tools registered as `<subfolder>.<tool>`. A package's name is its subfolder's: when two
 * folders hold one of the same name, the earlier folder's wins. A package that fails to load (or a folder that
 * cannot be read) is in `skipped` with why; the others load. Tool processes close with `api.close()`.
 * @example
 * const { tools, skipped } = await loadToolFolders(api, ["./tools", "/opt/shared-tools"]);
 */
export async function loadToolFolders(
  api: ScriptedTool,
  dirs: readonly string[],
  options: ToolFolderOptions = {},
): Promise<LoadedToolFolders> {
  if (!Array.isArray(dirs) || !dirs.every((dir) => typeof dir === "string")) {
    throw new ToolshellError("invalid_option", "loadToolFolders: dirs must be an array of folder paths");
  }
  const loaded: LoadedToolFolders = { tools: [], packages: [], skipped: [] };
  const seen = new Map<string, string>();
  for (const folder of dirs.map((dir) => resolve(dir))) {
    let entries: string[];
    try {
      entries = (await readdir(folder, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      loaded.skipped.push({ dir: folder, reason: `the folder cannot be read: ${message(error)}` });
      continue;
    }
    for (const name of entries) {
      const dir = join(folder, name);
      const earlier = seen.get(name);
      if (earlier !== undefined) {
        loaded.skipped.push({ dir, reason: `a package named ${name} was already loaded from ${earlier}` });
        continue;
      }
      const result = await loadPackage(api, dir, name, options);
      if (typeof result === "string") {
        loaded.skipped.push({ dir, reason: result });
        continue;
      }
      seen.set(name, dir);
      loaded.packages.push(name);
      loaded.tools.push(...result);
    }
  }
  return loaded;
}

async function loadPackage(
  api: ScriptedTool,
  dir: string,
  name: string,
  options: ToolFolderOptions,
): Promise<string[] | string> {
  const modules: string[] = [];
  for (const file of MODULE_FILES) if (await exists(join(dir, file))) modules.push(file);
  const isProcess = await exists(join(dir, PROCESS_FILE));
  const [module] = modules;
  if (module !== undefined && isProcess) {
    return `it has both ${module} and ${PROCESS_FILE}: keep the one that defines the package`;
  }
  if (module !== undefined) return loadModule(api, join(dir, module));
  if (!isProcess) return `it has no ${MODULE_FILES.join(", ")} or ${PROCESS_FILE}`;
  if (sanitizeSegment(name, true) !== name) {
    return `its name is not a command namespace (a letter or _, then letters, digits, _, - and .): rename it ${sanitizeSegment(name, true)}`;
  }
  return loadProcess(api, dir, name, options);
}
