/**
 * The copies of toolshell's own files that a bundle carries (decision 0047): the worker entries as code to start a
 * worker from (`eval: true`), jq's wasm as bytes. Each is read on first use, synchronously, through loads.cjs
 * (the bundler has put the module with the copy in the bundle), and decoded once per thread.
 */
import { gunzipSync } from "node:zlib";
import loads from "./loads.cjs";

/** What a bundle lacks when it was built from toolshell's TypeScript sources rather than its dist/. */
const MISSING =
  "toolshell: this bundle has no embedded copy of toolshell's workers (it was built from toolshell's sources, not " +
  "from the installed package's dist/); bundle the installed package, or keep toolshell external";

function decoded(packed: string | undefined): Buffer {
  if (packed === undefined) throw new Error(MISSING);
  return gunzipSync(Buffer.from(packed, "base64"));
}

let shellThread: string | undefined;
let jqWorker: string | undefined;
let jqWasm: Uint8Array | undefined;

/** The shell worker's code, for `new Worker(code, { eval: true })`. */
export function embeddedShellThread(): string {
  shellThread ??= decoded(loads.embeddedShell().SHELL_THREAD).toString("utf8");
  return shellThread;
}

/** The jq worker's code, for `new Worker(code, { eval: true })`. */
export function embeddedJqWorker(): string {
  jqWorker ??= decoded(loads.embeddedJq().JQ_WORKER).toString("utf8");
  return jqWorker;
}

/** jq's wasm (jq-wasm's jq.wasm), as bytes. */
export function embeddedJqWasm(): Uint8Array {
  jqWasm ??= new Uint8Array(decoded(loads.embeddedJq().JQ_WASM));
  return jqWasm;
}
