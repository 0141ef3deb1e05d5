// Loads and compiles jq.wasm once per thread; the compiled module is what gets posted to workers.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { type WasmModule, wasmApi } from "./driver-imports.js";

/** WebAssembly.compile, which lib ES2023 does not declare. */
const compileWasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }
).WebAssembly.compile;

let compiled: WasmModule | null = null;
let compiling: Promise<WasmModule> | null = null;

/** Path of the jq 1.8.2 wasm shipped by the pinned jq-wasm package. */
function jqWasmPath(): string {
  return createRequire(import.meta.url).resolve("jq-wasm/jq.wasm");
}

/**
 * The compiled jq module, cached for the thread's lifetime; compiled synchronously (~25 ms) if no compile has
 * finished yet. Only runJqInline needs it at once: a sync call while {@link compileJqModule} is under way
 * compiles a second time, and the thread keeps the first module made.
 */
export function getJqModule(): WasmModule {
  compiled ??= new wasmApi.Module(readFileSync(jqWasmPath()));
  return compiled;
}

/**
 * The compiled jq module, compiled once per thread without blocking it (V8 compiles on its own background
 * threads). A thread that runs jq itself starts this when it opts in, so its first call finds the module ready.
 */
export function compileJqModule(): Promise<WasmModule> {
  if (compiled) return Promise.resolve(compiled);
  compiling ??= readFile(jqWasmPath())
    .then((bytes) => compileWasm(bytes))
    .catch(() => getJqModule()) // the synchronous compile throws the error worth reporting
    .then((module) => {
      compiled ??= module;
      return compiled;
    });
  return compiling;
}
