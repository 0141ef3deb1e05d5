// Where the jq worker's code comes from.
//
// Compiled (dist/*.js): the sibling worker-entry.js file, loaded by URL; inside a bundle, the copy embedded at
// build time (0047), run as code.
// Sources (*.ts under vitest/tsx): a worker thread gets no TypeScript loader (tsx's hooks do not reach
// workers reliably on Node 20, and vitest transforms only its own thread), so the worker-side modules are
// transpiled here with the TypeScript compiler (a devDependency, present whenever sources run) and linked
// as data: URLs. This is why the worker-side modules (worker-entry, driver, driver-imports, driver-time)
// import nothing but each other and node: builtins.

import { readFile } from "node:fs/promises";
import { embeddedJqWorker } from "../assets/embedded.js";
import { FROM_SOURCES, ownFile } from "../assets/here.js";

/** Worker-side modules, dependencies first. */
const WORKER_MODULES = ["driver-time", "driver-imports", "driver", "worker-entry"] as const;

let sourceModeUrl: Promise<URL> | null = null;

/** Where to start the jq worker from: a URL, or (in a bundle) the code itself, for `eval: true`. */
export type JqWorkerEntry = { url: URL } | { code: string };

/** The jq worker's entry, in any mode. */
export async function jqWorkerEntry(): Promise<JqWorkerEntry> {
  if (FROM_SOURCES) return { url: await jqWorkerUrlFromSources() };
  const file = ownFile("jq/worker-entry.js");
  return file ? { url: file } : { code: embeddedJqWorker() };
}

function jqWorkerUrlFromSources(): Promise<URL> {
  sourceModeUrl ??= buildFromSources().catch((error: unknown) => {
    sourceModeUrl = null;
    throw error;
  });
  return sourceModeUrl;
}

/** Not a literal, so that no bundler looks for TypeScript in an application that bundles toolshell. */
const TYPESCRIPT = "typescript";

async function buildFromSources(): Promise<URL> {
  const ts = (
    (await import(/* webpackIgnore: true */ /* @vite-ignore */ TYPESCRIPT)) as {
      default: typeof import("typescript");
    }
  ).default;
  const linked = new Map<string, string>();
  for (const name of WORKER_MODULES) {
    const file = ownFile(`jq/${name}.ts`);
    if (!file) throw new Error(`jq worker: jq/${name}.ts is missing`);
    const source = await readFile(file, "utf8");
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
