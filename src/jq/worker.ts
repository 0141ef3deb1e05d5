// Runs jq off the calling thread. A jq program can loop forever inside one synchronous wasm call
// (`last(range(1e12))`, `repeat(1)`), which no timer in the same thread can interrupt; in a worker it is
// stopped by terminating the worker, which is then replaced lazily on the next call.
//
// A shell worker's thread opts in to running jq itself (0039): its host terminates it at its run's deadline or
// abort, which stops a runaway jq there as well as terminating a jq worker would. A call whose deadline is
// earlier than that (the per-call default below) still goes to the jq worker.

import { Worker } from "node:worker_threads";
import { JQ_DRIVER_LIMITS, JQ_EXIT_ABORTED, JQ_EXIT_TIMEOUT, JQ_WORKER_HEAP_MB } from "../limits.js";
import { clearHeapFlags } from "../worker/heap-flags.js";
import { JqDriver, type JqResult, refusedArgv } from "./driver.js";
import type { WasmModule } from "./driver-imports.js";
import { compileJqModule, getJqModule } from "./wasm-module.js";
import { jqWorkerEntry } from "./worker-source.js";

export interface RunJqOptions {
  /** jq's arguments after argv[0] (which is always "jq"). */
  argv: string[];
  /** Raw input bytes (jq's stdin). */
  stdin: Uint8Array;
  /** jq's environment (`$ENV`, `env`); empty by default, never the host's. */
  env?: Record<string, string>;
  signal?: AbortSignal;
  /** Epoch milliseconds after which the call is stopped with exit 124. */
  deadline?: number;
  /** The deadline is the end of the run this thread serves (nothing needs to stop the call sooner). */
  isRunEnd?: boolean;
  maxOutputBytes: number;
}

export type RunJqResult = JqResult;

interface Job {
  options: RunJqOptions;
  resolve: (result: RunJqResult) => void;
}

let nextId = 1;
let slot: Worker | null = null;
let slotStarting: Promise<Worker> | null = null;
let busy = false;
const queue: Job[] = [];
/** This thread's own driver: runJqInline's, and runJq's in a thread that opted in. */
let threadDriver: JqDriver | null = null;
/** Set by {@link runJqInThisThread}. */
let runsHere = false;
/** Workers that died of their heap cap (their exit says so). */
const outOfMemory = new WeakSet<Worker>();

const encoder = new TextEncoder();

function message(stderr: string, exitCode: number): RunJqResult {
  return { stdout: new Uint8Array(0), stderr: encoder.encode(stderr), exitCode, truncated: false };
}

/**
 * Makes runJq run jq in this thread, not in a jq worker, for calls nothing but the thread's own end needs to stop
 * sooner (see {@link inThisThread}), and starts compiling jq's module. Only for a thread its host terminates at
 * its run's deadline or abort: a shell worker's (script/thread.ts), never the host's, whatever thread that is.
 */
export function runJqInThisThread(): void {
  runsHere = true;
  void compileJqModule();
}

/**
 * Whether a call runs in this thread: it opted in, and the call's deadline is its run's end (`isRunEnd`), at which
 * this thread is ended. A call with an earlier deadline (jq's JQ_DEFAULT_TIMEOUT_MS in a longer run) can only be
 * ended there by a jq worker. The call's signal, the run's stop signal, fires only when the run ends
 * (builtins/index.ts passes it; `timeout`'s never reaches jq).
 */
function inThisThread(options: RunJqOptions): boolean {
  return runsHere && options.isRunEnd === true;
}

/** Runs one jq call in the jq worker, or in this thread where it opted in; never rejects. */
export function runJq(options: RunJqOptions): Promise<RunJqResult> {
  if (inThisThread(options)) return runHere(options);
  return new Promise((resolve) => {
    queue.push({ options, resolve });
    pump();
  });
}

/** Runs one jq call synchronously in this thread: no deadline or abort can interrupt it (tests, tools). */
export function runJqInline(options: RunJqOptions): RunJqResult {
  threadDriver ??= new JqDriver(getJqModule(), JQ_DRIVER_LIMITS);
  return threadDriver.run({
    argv: options.argv,
    stdin: options.stdin,
    env: options.env ?? {},
    maxOutputBytes: options.maxOutputBytes,
  });
}

/** Terminates the jq worker (a later call starts a new one). */
export async function stopJqWorker(): Promise<void> {
  const worker = slot;
  slot = null;
  slotStarting = null;
  if (worker) await worker.terminate();
}

function pump(): void {
  if (busy) return;
  const job = queue.shift();
  if (!job) return;
  busy = true;
  void runJob(job).then((result) => {
    busy = false;
    job.resolve(result);
    pump();
  });
}

async function getWorker(): Promise<Worker> {
  if (slot) return slot;
  slotStarting ??= startWorker();
  return slotStarting;
}

async function startWorker(): Promise<Worker> {
  const entry = await jqWorkerEntry();
  const module = await compileJqModule();
  // TM-MEM-002: the worker's heap is capped, and the host's heap flags, which would override the cap, are cleared
  // while its isolate is made (0012), from the host's thread (inline mode) or a shell worker's (worker mode) alike.
  const restoreHeapFlags = clearHeapFlags();
  let worker: Worker;
  try {
    worker = new Worker("url" in entry ? entry.url : entry.code, {
      eval: "code" in entry,
      workerData: { module, config: JQ_DRIVER_LIMITS },
      env: {}, // the worker gets none of the host's environment
      execArgv: [], // nor the host's node flags (--input-type, loaders) that would break a plain JS worker
      resourceLimits: { maxOldGenerationSizeMb: JQ_WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
  } catch (error) {
    restoreHeapFlags();
    throw error;
  }
  worker.once("online", restoreHeapFlags);
  worker.unref(); // an idle jq worker never keeps the host process alive
  worker.on("error", (error: Error & { code?: string }) => {
    restoreHeapFlags();
    if (error.code === "ERR_WORKER_OUT_OF_MEMORY") outOfMemory.add(worker);
  });
  worker.once("exit", () => {
    restoreHeapFlags();
    if (slot === worker) slot = null;
  });
  slot = worker;
  slotStarting = null;
  return worker;
}

function stoppedText(worker: Worker): string {
  if (!outOfMemory.has(worker)) return "jq: error: the jq worker stopped unexpectedly\n";
  return `jq: error: out of memory (jq's heap limit is ${JQ_WORKER_HEAP_MB} MiB); give jq less data or a narrower filter\n`;
}

function retire(worker: Worker): void {
  if (slot === worker) slot = null;
  void worker.terminate();
}

/** The answer for a call stopped before it started, if it is. */
function stoppedBefore(options: RunJqOptions, now: number): RunJqResult | undefined {
  if (options.signal?.aborted) return message("jq: aborted\n", JQ_EXIT_ABORTED);
  if (options.deadline !== undefined && options.deadline <= now) {
    return message("jq: timed out after 0 ms\n", JQ_EXIT_TIMEOUT);
  }
  return undefined;
}

/**
 * Runs one call synchronously in this thread: no hop, no copy of its input or output. Bounded as in the jq
 * worker (the driver caps its wasm memory, output and stack); a runaway ends with the thread, at the run's end.
 */
async function runHere(options: RunJqOptions): Promise<RunJqResult> {
  let module: WasmModule;
  try {
    module = await compileJqModule();
  } catch (error) {
    return message(`jq: error: cannot load jq: ${String(error)}\n`, 2);
  }
  const stopped = stoppedBefore(options, Date.now());
  if (stopped) return stopped;
  threadDriver ??= new JqDriver(module, JQ_DRIVER_LIMITS);
  return threadDriver.run({
    argv: options.argv,
    stdin: options.stdin,
    env: options.env ?? {},
    maxOutputBytes: options.maxOutputBytes,
  });
}

async function runJob(job: Job): Promise<RunJqResult> {
  const { options } = job;
  const started = Date.now();
  const stopped = stoppedBefore(options, started);
  if (stopped) return stopped;
  // TM-MEM-002: arguments jq would refuse never reach the worker (80 MB of them passed its heap cap).
  const refused = refusedArgv(options.argv, JQ_DRIVER_LIMITS.maxArgvBytes);
  if (refused) return refused;
  let worker: Worker;
  try {
    worker = await getWorker();
  } catch (error) {
    return message(`jq: error: cannot start the jq worker: ${String(error)}\n`, 2);
  }
  return callWorker(worker, options, started);
}

function callWorker(worker: Worker, options: RunJqOptions, started: number): Promise<RunJqResult> {
  const id = nextId++;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: RunJqResult, kill: boolean): void => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      worker.off("message", onMessage);
      worker.off("exit", onExit);
      if (kill) retire(worker);
      else worker.unref();
      resolve(result);
    };
    const onMessage = (msg: { id: number; result: RunJqResult }): void => {
      if (msg.id === id) finish(msg.result, false);
    };
    const onAbort = (): void => finish(message("jq: aborted\n", JQ_EXIT_ABORTED), true);
    const onExit = (): void => finish(message(stoppedText(worker), 5), true);
    worker.on("message", onMessage);
    worker.once("exit", onExit);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.deadline !== undefined) {
      const budget = options.deadline - started;
      const wait = Math.max(0, options.deadline - Date.now());
      timer = setTimeout(
        () => finish(message(`jq: timed out after ${budget} ms\n`, JQ_EXIT_TIMEOUT), true),
        wait,
      );
    }
    worker.ref(); // a call in flight keeps the process alive until it settles
    const stdin = options.stdin;
    const whole = stdin.byteOffset === 0 && stdin.byteLength === stdin.buffer.byteLength;
    const request = {
      argv: options.argv,
      stdin: whole ? stdin : stdin.slice(),
      env: options.env ?? {},
      maxOutputBytes: options.maxOutputBytes,
    };
    worker.postMessage({ id, request });
  });
}
