import { afterAll } from "vitest";
import { ecommerceTools } from "../examples/ecommerce-tools.js";
import { ScriptedTool, type ScriptedToolOptions } from "../src/index.js";

export const MODES = ["worker", "inline"] as const;
export type Mode = (typeof MODES)[number];

const created: ScriptedTool[] = [];
afterAll(async () => {
  await Promise.all(created.map((api) => api.close()));
});

/** A ScriptedTool over the example e-commerce tools, closed after the file's tests. */
export function shop(mode: Mode = "worker", options: Partial<ScriptedToolOptions> = {}): ScriptedTool {
  const api = new ScriptedTool({ name: "shop", tools: ecommerceTools, isolation: mode, ...options });
  created.push(api);
  return api;
}

/** Any ScriptedTool, closed after the file's tests. */
export function track(api: ScriptedTool): ScriptedTool {
  created.push(api);
  return api;
}

/**
 * One synchronous command that runs for seconds once it starts: the worker never reaches its next command, so the
 * host terminates it at the deadline. Its input (8 MB from printf) takes ~0.8 s to make on an idle machine, about
 * twice that on a loaded one; STUCK_DEADLINE_MS leaves room for that, so the deadline passes while sed runs (with a
 * 1 s deadline a loaded CI machine was still in printf, and the run stopped by itself).
 */
export const STUCK = "printf '%08000000d' 0 | sed 's/0/1/g' | wc -c";
/** The deadline to give a run that ends in STUCK. */
export const STUCK_DEADLINE_MS = 3_000;
/** What a run terminated at STUCK_DEADLINE_MS prints last on stderr. */
export const STUCK_STDERR = `toolshell: timed out after ${STUCK_DEADLINE_MS} ms (the shell did not stop by itself and was terminated)\n`;
