// How each implementation builds a ScriptedTool from the bench's tools (tools.mjs), so that every bench gives
// them the same tools, limits and result rendering:
//   ts-worker / ts-inline: toolshell's ScriptedTool from the compiled ../dist, isolation "worker" / "inline";
//   bashkit: @everruns/bashkit's ScriptedTool with the same JSON Schemas.

import { render } from "./tools.mjs";

/** toolshell's limits in every bench (bashkit gets the same loop bound and a command budget to match). */
export const LIMITS = { maxToolCalls: 2000, maxLoopIterations: 5000 };

/**
 * Loads the implementation's library and returns `create({ name, tools, options })`, which builds one
 * ScriptedTool and returns `{ run(script) }` resolving with `{ stdout, stderr, exitCode }`; `options` are extra
 * toolshell options (bashkit has no equivalents). `close()` stops what the created tools started.
 */
export async function loadShell(impl) {
  if (impl === "ts-worker" || impl === "ts-inline")
    return toolshell(impl === "ts-worker" ? "worker" : "inline");
  if (impl === "bashkit") return bashkit();
  throw new Error(`unknown implementation ${impl}`);
}

async function toolshell(isolation) {
  const { ScriptedTool } = await import("../dist/src/index.js");
  const asTool = (tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    execute: (params) => tool.run(params),
  });
  const created = [];
  return {
    create: ({ name, tools, options = {} }) => {
      const scripted = new ScriptedTool({
        name,
        tools: tools.map(asTool),
        isolation,
        limits: LIMITS,
        ...options,
      });
      created.push(scripted);
      return { run: (script) => scripted.execute(script) };
    },
    close: async () => {
      for (const scripted of created) await scripted.close();
    },
  };
}

async function bashkit() {
  const { ScriptedTool } = await import("@everruns/bashkit");
  // bashkit callbacks must return a string synchronously and must never throw (a throw ends the process).
  const callback = (tool) => (params) => {
    try {
      const value = tool.run(params ?? {});
      return typeof value?.then === "function" ? "" : render(value);
    } catch {
      return "";
    }
  };
  return {
    create: ({ name, tools }) => {
      const scripted = new ScriptedTool({
        name,
        maxCommands: 100_000,
        maxLoopIterations: LIMITS.maxLoopIterations,
      });
      for (const tool of tools)
        scripted.addTool(tool.name, tool.description, callback(tool), tool.inputSchema);
      return { run: (script) => scripted.execute(script) };
    },
    close: async () => {},
  };
}
