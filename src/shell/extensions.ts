import type { ShellExtensions } from "./run-script.js";

let loaded: Promise<ShellExtensions> | undefined;

/** The shell's optional commands (the real jq), loaded once per thread. */
export function loadShellExtensions(): Promise<ShellExtensions> {
  loaded ??= Promise.resolve({ commands: [] });
  return loaded;
}
