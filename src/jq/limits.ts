// Limits of the shell's jq command and its wasm driver.

import type { JqDriverConfig } from "./driver.js";

/**
 * Default cap on what one jq call emits on stdout, counted as jq writes it (not what a pipe after it keeps): past it
 * the output is cut there, jq is stopped at once and exits 5 (`jq: error: output exceeds 16 MiB ...`).
 */
export const JQ_DEFAULT_MAX_OUTPUT_BYTES: number = 16 * 2 ** 20;
/**
 * JavaScript heap of the jq worker, in MiB. jq's data lives in its wasm memory (capped by maxMemoryBytes) and its
 * output in buffers outside this heap; the cap catches anything else that would grow with jq's output.
 */
export const JQ_WORKER_HEAP_MB = 64;
/** Default time a jq call may run when neither a deadline nor the shell's remaining time says otherwise. */
export const JQ_DEFAULT_TIMEOUT_MS = 30_000;
/** Exit status when the call's deadline passed (as timeout(1)). */
export const JQ_EXIT_TIMEOUT = 124;
/** Exit status when the call was aborted (as after SIGINT). */
export const JQ_EXIT_ABORTED = 130;

export const JQ_DRIVER_CONFIG: JqDriverConfig = {
  // The wasm declares a 256 MiB maximum memory; stay a little under it so malloc fails cleanly.
  maxMemoryBytes: 256 * 2 ** 20 - 64 * 2 ** 10,
  recycleMemoryBytes: 64 * 2 ** 20,
  recycleAfterCalls: 1000,
  // jq-wasm 3.0.0-jq-1.8.2 is linked with a 1 MiB C stack right below the initial stack pointer.
  stackSizeBytes: 2 ** 20,
  stackGuardBytes: 64 * 2 ** 10,
  maxStderrBytes: 2 ** 20,
  maxArgvBytes: 256 * 2 ** 10,
  // TM-MEM-002: a date string is a few dozen bytes; what strptime decodes lands in the worker's 64 MiB heap.
  maxStrptimeBytes: 4 * 2 ** 10,
};
