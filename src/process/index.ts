/**
 * `toolshell/process`: tools from other programs. connectToolProcess() starts a tool process (any language, frames
 * of JSON on stdin and stdout) and registers its tools as commands; serveToolProcess() makes one in Node;
 * loadToolFolders() loads the tool packages (modules or tool processes) kept in folders.
 */
export type { ToolProcessEvent } from "./child.js";
export {
  connectToolProcess,
  type SkippedProcessTool,
  type ToolProcessConnection,
  type ToolProcessOptions,
} from "./connect.js";
export {
  type LoadedToolFolders,
  loadToolFolders,
  type SkippedToolFolder,
  type ToolFolderOptions,
} from "./folders.js";
export {
  type ServedTool,
  type ServedTools,
  type ServeToolProcessOptions,
  serveToolProcess,
} from "./serve.js";
