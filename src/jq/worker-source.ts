// Where the jq worker's code comes from.
//
// Compiled (dist/*.js): the sibling worker-entry.js file, loaded by URL.
// Sources (*.ts under vitest/tsx): a worker thread gets no TypeScript loader (tsx's hooks do not reach
// workers reliably on Node 20, and vitest transforms only its own thread), so the worker-side modules are
// transpiled here with the TypeScript compiler (a devDependency, present whenever sources run) and linked
// as data: URLs. This is why the worker-side modules (worker-entry, driver, driver-imports, driver-time)
// import nothing but each other and node: builtins.

import { readFile } from "node:fs/promises";

/** Worker-side modules, dependencies first. */
const WORKER_MODULES = ["driver-time", "driver-imports", "driver", "worker-entry"] as const;

let sourceModeUrl: Promise<URL> | null = null;

/** True when this module runs from its .ts source rather than from compiled JS. */
function runningFromSources(): boolean {
  return import.meta.url.endsWith(".ts");
}

/** The URL to start the jq worker from, in either mode. */
export function jqWorkerUrl(): Promise<URL> {
  if (!runningFromSources()) return Promise.resolve(new URL("./worker-entry.js", import.meta.url));
  sourceModeUrl ??= buildFromSources().catch((error: unknown) => {
    sourceModeUrl = null;
    throw error;
  });
  return sourceModeUrl;
}

async function buildFromSources(): Promise<URL> {
  const ts = (await import("typescript")).default;
  const linked = new Map<string, string>();
  for (const name of WORKER_MODULES) {
    const source = await readFile(new URL(`./${name}.ts`, import.meta.url), "utf8");
    const js = ts.transpileModule(source, {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
      },
      fileName: `${name}.ts`,
    }).outputText;
    const rewritten = js.replace(/from\s+"\.\/([\w-]+)\.js"/g, (_whole, dep: string) => {
      const url = linked.get(dep);
      if (!url) throw new Error(`jq worker: ${name} imports ${dep}, which is not a worker-side module`);
      return `from "${url}"`;
    });
    linked.set(name, `data:text/javascript;base64,${Buffer.from(rewritten).toString("base64")}`);
  }
  const entry = linked.get("worker-entry");
  if (!entry) throw new Error("jq worker: entry module missing");
  return new URL(entry);
}
