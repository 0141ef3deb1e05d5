// The jq 1.8.2 wasm driver: owns one live instance of the compiled module, runs jq's main() with an exact
// argv, and throws the instance away whenever its state can no longer be trusted.
//
// Loaded inside the jq worker as plain JS: it may only import its sibling driver-* modules (see worker.ts),
// so its limits arrive as a config object instead of being imported from limits.ts.

import {
  type CallIo,
  createImports,
  JqUnwind,
  joinSink,
  newCallIo,
  pushOutput,
  type WasmInstance,
  type WasmMemory,
  type WasmModule,
  type WasmState,
  wasmApi,
} from "./driver-imports.js";

export interface JqDriverConfig {
  /** Linear memory jq may grow to; malloc fails past it (jq then reports "cannot allocate memory"). */
  maxMemoryBytes: number;
  /** An instance whose memory grew past this is replaced after the call (keeps the footprint flat). */
  recycleMemoryBytes: number;
  /** An instance is replaced after this many calls even when every call was clean. */
  recycleAfterCalls: number;
  /** Size of the C stack the wasm was linked with. */
  stackSizeBytes: number;
  /** Bottom part of the C stack filled with a canary; touching it retires the instance. */
  stackGuardBytes: number;
  maxStderrBytes: number;
  maxArgvBytes: number;
  /** How much of a date string or format strptime decodes into the worker's heap (see driver-time.ts). */
  maxStrptimeBytes: number;
}

export interface JqRequest {
  /** Arguments after argv[0] (which is always "jq"). */
  argv: string[];
  stdin: Uint8Array;
  env: Record<string, string>;
  maxOutputBytes: number;
}

export interface JqResult {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number;
  truncated: boolean;
}

interface JqExports {
  memory: WasmMemory;
  ctors: () => number;
  main: (argc: number, argv: number) => number;
  stackRestore: (sp: number) => void;
  stackAlloc: (size: number) => number;
  stackCurrent: () => number;
}

interface LiveInstance {
  exports: JqExports;
  state: WasmState;
  initialSp: number;
  stackLow: number;
  calls: number;
  /** libc copies environ into its own state in a constructor, so an instance serves one environment. */
  envKey: string;
  /** The C `stdin` FILE and its pristine bytes, or null when it could not be located. */
  stdinFile: { at: number; pristine: Uint8Array } | null;
  /** Where the C `stdout` FILE is, when it could be located. */
  stdoutAt: number | undefined;
}

/** jq's exit status for runtime failures; also used for failures of the sandbox around it. */
const JQ_EXIT_RUNTIME = 5;
const CANARY = 0xa5a5a5a5;
/** sizeof(FILE) in Emscripten's musl (wasm32), and the offsets of the fields read or set here. */
const FILE_SIZE = 144;
const FILE_WPOS = 20;
const FILE_WBASE = 28;
const FILE_BUF = 44;
const FILE_BUF_SIZE = 48;
const FILE_FD = 60;
const FILE_LOCK = 76;
const FILE_LBF = 80;
/** BUFSIZ: the size of the static stdin and stdout buffers. */
const STDIO_BUFFER_BYTES = 1024;
/** musl's FILE flags of its static streams: F_PERM plus F_NOWR (stdin) or F_NORD (stdout). */
const STDIN_FLAGS = 1 | 8;
const STDOUT_FLAGS = 1 | 4;
/** Damage this close to the stack's end means the overflow may have reached static data. */
const STACK_OVERFLOW_MARGIN = 256;

function pickExports(instance: WasmInstance): JqExports {
  const e = instance.exports;
  const fn = (name: string): ((...args: number[]) => number) => {
    const f = e[name];
    if (typeof f !== "function") throw new Error(`jq wasm: export ${name} missing`);
    return f as (...args: number[]) => number;
  };
  const memory = e.F;
  if (!(memory instanceof wasmApi.Memory)) throw new Error("jq wasm: memory export missing");
  // Emscripten's minified export names: F memory, G ctors, H main, J/K/L stack restore/alloc/current.
  return {
    memory,
    ctors: fn("G"),
    main: fn("H"),
    stackRestore: fn("J"),
    stackAlloc: fn("K"),
    stackCurrent: fn("L"),
  };
}

export class JqDriver {
  private live: LiveInstance | null = null;
  private readonly module: WasmModule;
  private readonly config: JqDriverConfig;

  constructor(module: WasmModule, config: JqDriverConfig) {
    this.module = module;
    this.config = config;
  }

  /** Instantiates ahead of the next call (the worker does this while idle). */
  prepare(): void {
    if (!this.live) this.live = this.instantiate({});
  }

  /** Whether a live instance is ready (for tests of the reuse rules). */
  get instanceReady(): boolean {
    return this.live !== null;
  }

  run(request: JqRequest): JqResult {
    const refused = refusedArgv(request.argv, this.config.maxArgvBytes);
    if (refused) return refused;
    const argv = ["jq", ...request.argv].map((a) => new TextEncoder().encode(`${a}\0`));
    const live =
      this.live && this.live.envKey === envKey(request.env) ? this.live : this.instantiate(request.env);
    this.live = live;
    const errCap = Math.min(this.config.maxStderrBytes, request.maxOutputBytes);
    const io = newCallIo(request.stdin, request.env, request.maxOutputBytes, errCap);
    live.state.io = io;
    live.calls++;
    let outcome = this.callMain(live, argv);
    if (outcome.kind !== "output-limit" && !drainStdout(live, io)) {
      outcome = { kind: "output-limit", code: 0, retire: true };
    }
    const overflowed = this.checkStack(live);
    if (outcome.retire || overflowed || this.wornOut(live, io)) this.live = null;
    if (overflowed) {
      return failure("jq: error: C stack exhausted (value or program nested too deeply)\n", JQ_EXIT_RUNTIME);
    }
    return finish(io, outcome, request.maxOutputBytes);
  }

  private instantiate(env: Record<string, string>): LiveInstance {
    const state: WasmState = {
      memory: null,
      io: newCallIo(new Uint8Array(0), env, 0, 0),
      maxMemoryBytes: this.config.maxMemoryBytes,
      maxStrptimeBytes: this.config.maxStrptimeBytes,
    };
    const instance = new wasmApi.Instance(this.module, createImports(state));
    const exports = pickExports(instance);
    state.memory = exports.memory;
    exports.ctors();
    const initialSp = exports.stackCurrent();
    const stackLow = initialSp - this.config.stackSizeBytes;
    const guardWords = this.config.stackGuardBytes / 4;
    new Uint32Array(exports.memory.buffer, stackLow, guardWords).fill(CANARY);
    const stdinAt = locateFile(exports.memory, stackLow, STDIN_FLAGS, 0);
    const stdinFile =
      stdinAt === undefined ? null : { at: stdinAt, pristine: fileBytes(exports.memory, stdinAt) };
    // TM-MEM-002: this build's stdout is line-buffered (one write per line of output, 2 bytes for `1\n`). Fully
    // buffered, as the CLI's stdout is into a pipe, it reaches fd_write in 1 KiB blocks: 2.5x faster to the cap.
    const stdoutAt = locateFile(exports.memory, stackLow, STDOUT_FLAGS, 1);
    if (stdoutAt !== undefined) new DataView(exports.memory.buffer).setInt32(stdoutAt + FILE_LBF, -1, true);
    return { exports, state, initialSp, stackLow, calls: 0, envKey: envKey(env), stdinFile, stdoutAt };
  }

  private callMain(live: LiveInstance, argv: Uint8Array[]): Outcome {
    const { exports } = live;
    const sp = exports.stackCurrent();
    try {
      const table = exports.stackAlloc((argv.length + 1) * 4 + argv.reduce((n, a) => n + a.length, 0));
      const mem = new Uint8Array(exports.memory.buffer);
      const ptrs = new DataView(exports.memory.buffer);
      let at = table + (argv.length + 1) * 4;
      argv.forEach((arg, i) => {
        ptrs.setUint32(table + i * 4, at, true);
        mem.set(arg, at);
        at += arg.length;
      });
      ptrs.setUint32(table + argv.length * 4, 0, true);
      return { kind: "returned", code: exports.main(argv.length, table), retire: false };
    } catch (error) {
      return unwound(error);
    } finally {
      // An unwinding throw skips the C epilogues; restore the stack pointer ourselves.
      exports.stackRestore(sp);
    }
  }

  /** True when the stack reached static data; the guard being touched at all retires the instance. */
  private checkStack(live: LiveInstance): boolean {
    const words = new Uint32Array(live.exports.memory.buffer, live.stackLow, this.config.stackGuardBytes / 4);
    const touched = words.findLastIndex((w) => w !== CANARY);
    if (touched < 0) return false;
    this.live = null;
    return touched >= 0 && words.findIndex((w) => w !== CANARY) < STACK_OVERFLOW_MARGIN / 4;
  }

  private wornOut(live: LiveInstance, io: CallIo): boolean {
    if (io.stdinRead) {
      // jq's C stdin keeps EOF flags and unread buffered bytes between main() calls: put the FILE back to
      // its pristine bytes so one call's leftovers never reach the next, or retire the instance.
      if (!live.stdinFile) return true;
      new Uint8Array(live.exports.memory.buffer).set(live.stdinFile.pristine, live.stdinFile.at);
    }
    return (
      live.calls >= this.config.recycleAfterCalls ||
      live.exports.memory.buffer.byteLength > this.config.recycleMemoryBytes
    );
  }
}

type Outcome =
  | { kind: "returned"; code: number; retire: false }
  | { kind: "exit"; code: number; retire: false }
  | { kind: "abort" | "output-limit"; code: number; retire: true }
  | { kind: "trap"; message: string; retire: true };

/**
 * Finds one of musl's static FILEs in the data segment by its initial field values: its flags and fd, lock -1,
 * a 1024-byte buffer inside static data. Exactly one match or nothing.
 */
function locateFile(memory: WasmMemory, staticEnd: number, flags: number, fd: number): number | undefined {
  const v = new DataView(memory.buffer);
  const found: number[] = [];
  for (let p = 1024; p + FILE_SIZE < staticEnd; p += 4) {
    if (v.getUint32(p, true) !== flags || v.getInt32(p + FILE_FD, true) !== fd) continue;
    if (v.getInt32(p + FILE_LOCK, true) !== -1) continue;
    const buf = v.getUint32(p + FILE_BUF, true);
    if (v.getUint32(p + FILE_BUF_SIZE, true) === STDIO_BUFFER_BYTES && buf > 0 && buf < staticEnd)
      found.push(p);
  }
  return found.length === 1 ? found[0] : undefined;
}

function fileBytes(memory: WasmMemory, at: number): Uint8Array {
  return new Uint8Array(memory.buffer).slice(at, at + FILE_SIZE);
}

/**
 * Moves what jq's stdout still buffers into the call's output: nothing after a clean end (jq closes stdout), the
 * last block after an abort or a trap, which the line-buffered stream would have written. False past the cap.
 */
function drainStdout(live: LiveInstance, io: CallIo): boolean {
  if (live.stdoutAt === undefined) return true;
  const v = new DataView(live.exports.memory.buffer);
  const base = v.getUint32(live.stdoutAt + FILE_WBASE, true);
  const pos = v.getUint32(live.stdoutAt + FILE_WPOS, true);
  // Anything but a plausible buffer (a trap may follow a wild write) is left alone: the instance is retired then.
  if (pos <= base || pos - base > STDIO_BUFFER_BYTES || pos > v.byteLength) return true;
  v.setUint32(live.stdoutAt + FILE_WPOS, base, true);
  return pushOutput(io, new Uint8Array(live.exports.memory.buffer, base, pos - base));
}

function envKey(env: Record<string, string>): string {
  return JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function unwound(error: unknown): Outcome {
  if (error instanceof JqUnwind) {
    switch (error.kind) {
      case "exit": // jq's main() ends with exit() on every path: a clean end (libc flushed its stdio)
        return { kind: "exit", code: error.code, retire: false };
      case "abort":
        return { kind: "abort", code: error.code, retire: true };
      case "output-limit":
        return { kind: "output-limit", code: error.code, retire: true };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "trap", message, retire: true };
}

/**
 * The failure for an argv that would take more than `maxArgvBytes` of jq's memory (each argument NUL-terminated,
 * plus its pointer; argv[0] "jq" included), else undefined. The jq worker's caller checks it too, before the
 * arguments are copied into the worker's capped heap.
 */
export function refusedArgv(args: readonly string[], maxArgvBytes: number): JqResult | undefined {
  let bytes = 4 + 7;
  for (const arg of args) {
    bytes += Buffer.byteLength(arg) + 5;
    if (bytes > maxArgvBytes) {
      return failure(`jq: error: argument list too long (over ${maxArgvBytes} bytes)\n`, 2);
    }
  }
  return undefined;
}

function failure(message: string, exitCode: number): JqResult {
  return { stdout: new Uint8Array(0), stderr: new TextEncoder().encode(message), exitCode, truncated: false };
}

function sizeText(bytes: number): string {
  return bytes % 2 ** 20 === 0 ? `${bytes / 2 ** 20} MiB` : `${bytes} bytes`;
}

function finish(io: CallIo, outcome: Outcome, maxOutputBytes: number): JqResult {
  const stdout = joinSink(io.stdout);
  let stderr = joinSink(io.stderr);
  const note = (line: string): void => {
    const add = new TextEncoder().encode(line);
    const merged = new Uint8Array(stderr.length + add.length);
    merged.set(stderr);
    merged.set(add, stderr.length);
    stderr = merged;
  };
  const endsLine = stderr.length === 0 || stderr[stderr.length - 1] === 0x0a;
  switch (outcome.kind) {
    case "returned":
    case "exit":
      return { stdout, stderr, exitCode: outcome.code, truncated: false };
    case "output-limit":
      // TM-MEM-002: the cap counts what jq emits, whatever reads it; the message names the stream and says how to
      // stay under its cap.
      note(
        io.cutStream === "stderr"
          ? `${endsLine ? "" : "\n"}jq: error: stderr exceeds ${sizeText(io.stderr.cap)} and was cut there; ` +
              "send less to debug and stderr (fewer or smaller values)\n"
          : `${endsLine ? "" : "\n"}jq: error: output exceeds ${sizeText(maxOutputBytes)} and was cut there; ` +
              "filter it or take part of it (first(f), limit(n; f))\n",
      );
      return { stdout, stderr, exitCode: JQ_EXIT_RUNTIME, truncated: true };
    case "abort":
      if (stderr.length === 0) note("jq: error: aborted\n");
      return { stdout, stderr, exitCode: JQ_EXIT_RUNTIME, truncated: io.truncated };
    case "trap":
      note(`${endsLine ? "" : "\n"}jq: error: internal failure: ${outcome.message}\n`);
      return { stdout, stderr, exitCode: JQ_EXIT_RUNTIME, truncated: io.truncated };
  }
}
