// Loads and compiles jq.wasm once per thread; the compiled module is what gets posted to workers.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type WasmModule, wasmApi } from "./driver-imports.js";

let compiled: WasmModule | null = null;

/** Path of the jq 1.8.2 wasm shipped by the pinned jq-wasm package. */
function jqWasmPath(): string {
  return createRequire(import.meta.url).resolve("jq-wasm/jq.wasm");
}

/** The compiled jq module, compiled synchronously on first use and cached for the thread's lifetime. */
export function getJqModule(): WasmModule {
  if (!compiled) compiled = new wasmApi.Module(readFileSync(jqWasmPath()));
  return compiled;
}
