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
