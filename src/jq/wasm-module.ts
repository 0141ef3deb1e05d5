// Loads and compiles jq.wasm once per thread; the compiled module is what gets posted to workers.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { embeddedJqWasm } from "../assets/embedded.js";
import { bundled, packageRequire } from "../assets/here.js";
import { type WasmModule, wasmApi } from "./driver-imports.js";

/** WebAssembly.compile, which lib ES2023 does not declare. */
const compileWasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }
).WebAssembly.compile;

let compiled: WasmModule | null = null;
let compiling: Promise<WasmModule> | null = null;

/** Path of the jq 1.8.2 wasm shipped by the pinned jq-wasm package; undefined inside a bundle (0047). */
function jqWasmPath(): string | undefined {
  return bundled ? undefined : packageRequire().resolve("jq-wasm/jq.wasm");
}

/** jq's wasm: jq-wasm's file, or inside a bundle the copy embedded at build time. */
function jqWasmBytesSync(): Uint8Array {
  const path = jqWasmPath();
  return path === undefined ? embeddedJqWasm() : readFileSync(path);
}

function jqWasmBytes(): Promise<Uint8Array> {
  const path = jqWasmPath();
  return path === undefined ? Promise.resolve().then(embeddedJqWasm) : readFile(path);
}

/**
 * The compiled jq module, cached for the thread's lifetime; compiled synchronously (~25 ms) if no compile has
 * finished yet. Only runJqInline needs it at once: a sync call while {@link compileJqModule} is under way
 * compiles a second time, and the thread keeps the first module made.
 */
export function getJqModule(): WasmModule {
  compiled ??= new wasmApi.Module(jqWasmBytesSync());
  return compiled;
}

/**
 * The compiled jq module, compiled once per thread without blocking it (V8 compiles on its own background
 * threads). A thread that runs jq itself starts this when it opts in, so its first call finds the module ready.
 */
export function compileJqModule(): Promise<WasmModule> {
  if (compiled) return Promise.resolve(compiled);
  compiling ??= jqWasmBytes()
    .then((bytes) => compileWasm(bytes))
    .catch(() => getJqModule()) // the synchronous compile throws the error worth reporting
    .then((module) => {
      compiled ??= module;
      return compiled;
    });
  return compiling;
}
