// One instantiation of the jq wasm with our own imports instead of the Emscripten glue: exact argv, stdin
// served in bulk from bytes, stdout/stderr captured as raw bytes with a cap, an explicit environment, no
// filesystem, UTC time, and no way to reach the host's console, process.exitCode or env.
//
// Loaded inside the jq worker as plain JS: it may only import its sibling driver-time module (see worker.ts).

import { createTimeImports } from "./driver-time.js";

// Minimal WebAssembly typings: this project's lib settings (ES2023, no DOM) do not declare them.
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(deltaPages: number): number;
}
export interface WasmInstance {
  readonly exports: Record<string, unknown>;
}
/** A compiled module: opaque here, structured-cloneable to workers. */
export type WasmModule = object;
export type WasmImports = Record<string, Record<string, unknown>>;
interface WasmApi {
  Instance: new (module: WasmModule, imports: WasmImports) => WasmInstance;
  Memory: abstract new (...args: never[]) => WasmMemory;
  Module: new (bytes: Uint8Array) => WasmModule;
}
export const wasmApi: WasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

// Emscripten/WASI errno values (musl as built by Emscripten).
const EBADF = 8;
const ENOENT = 44;
const ENOTTY = 59;
const ESPIPE = 70;
const WASM_PAGE = 65_536;

/** Thrown from an import to unwind out of jq's main(). */
export class JqUnwind extends Error {
  constructor(
    readonly kind: "exit" | "abort" | "output-limit",
    readonly code: number,
  ) {
    super(`jq ${kind}`);
  }
}

/** Bytes a sink's blocks hold (a write bigger than what is left gets a block of its own size). */
const SINK_BLOCK_BYTES = 64 * 1024;

/**
 * One stream's captured bytes. TM-MEM-002: jq writes line by line (a 2-byte write per `1\n`); copied into blocks,
 * its memory is the bytes it holds, where one buffer per write cost ~450 bytes of objects per write.
 */
interface Sink {
  /** Full blocks, in order. */
  blocks: Uint8Array[];
  /** The block being filled, and how much of it is. */
  block: Uint8Array;
  used: number;
  /** Bytes the stream emitted so far (and kept: writing stops at the cap). */
  size: number;
  cap: number;
}

function newSink(cap: number): Sink {
  return { blocks: [], block: new Uint8Array(0), used: 0, size: 0, cap };
}

/** Per-call I/O state; replaced before every call so nothing leaks from one call into the next. */
export interface CallIo {
  stdin: Uint8Array;
  stdinPos: number;
  stdinRead: boolean;
  stdout: Sink;
  stderr: Sink;
  truncated: boolean;
  /** The stream whose cap stopped jq, if one did. */
  cutStream: "stdout" | "stderr" | undefined;
  env: Uint8Array[];
}

export function newCallIo(
  stdin: Uint8Array,
  env: Record<string, string>,
  outCap: number,
  errCap: number,
): CallIo {
  const enc = new TextEncoder();
  return {
    stdin,
    stdinPos: 0,
    stdinRead: false,
    stdout: newSink(outCap),
    stderr: newSink(errCap),
    truncated: false,
    cutStream: undefined,
    env: Object.entries(env).map(([k, v]) => enc.encode(`${k}=${v}\0`)),
  };
}

/** The sink's bytes as one whole buffer (transferable without a copy). */
export function joinSink(sink: Sink): Uint8Array {
  if (sink.blocks.length === 0 && sink.used === sink.block.length) return sink.block;
  const out = new Uint8Array(sink.size);
  let at = 0;
  for (const block of sink.blocks) {
    out.set(block, at);
    at += block.length;
  }
  out.set(sink.block.subarray(0, sink.used), at);
  return out;
}

export interface WasmState {
  memory: WasmMemory | null;
  io: CallIo;
  maxMemoryBytes: number;
  /** How much of a date string or format strptime reads (see driver-time.ts). */
  maxStrptimeBytes: number;
}

function bytes(state: WasmState): Uint8Array {
  if (!state.memory) throw new Error("jq memory not ready");
  return new Uint8Array(state.memory.buffer);
}

function view(state: WasmState): DataView {
  if (!state.memory) throw new Error("jq memory not ready");
  return new DataView(state.memory.buffer);
}

function append(sink: Sink, data: Uint8Array): void {
  let rest = data;
  while (rest.length > 0) {
    if (sink.used === sink.block.length) {
      if (sink.block.length > 0) sink.blocks.push(sink.block);
      sink.block = new Uint8Array(Math.max(SINK_BLOCK_BYTES, rest.length));
      sink.used = 0;
    }
    const n = Math.min(rest.length, sink.block.length - sink.used);
    sink.block.set(rest.subarray(0, n), sink.used);
    sink.used += n;
    rest = rest.subarray(n);
  }
  sink.size += data.length;
}

function push(io: CallIo, sink: Sink, data: Uint8Array): void {
  const room = sink.cap - sink.size;
  if (data.length > room) {
    // TM-MEM-002: past the cap, keep what fits and unwind now, so an endless producer stops at once.
    if (room > 0) append(sink, data.subarray(0, room));
    io.truncated = true;
    io.cutStream = sink === io.stdout ? "stdout" : "stderr";
    throw new JqUnwind("output-limit", 0);
  }
  append(sink, data);
}

/** Adds bytes to the call's stdout as a write would; false when they passed the cap (what fits is kept). */
export function pushOutput(io: CallIo, data: Uint8Array): boolean {
  try {
    push(io, io.stdout, data);
    return true;
  } catch (error) {
    if (error instanceof JqUnwind) return false;
    throw error;
  }
}

function fdWrite(state: WasmState, fd: number, iov: number, iovcnt: number, pnum: number): number {
  const v = view(state);
  const mem = bytes(state);
  const sink = fd === 1 ? state.io.stdout : fd === 2 ? state.io.stderr : null;
  if (!sink) return EBADF;
  let total = 0;
  for (let i = 0; i < iovcnt; i++) {
    const ptr = v.getUint32(iov + i * 8, true);
    const len = v.getUint32(iov + i * 8 + 4, true);
    if (len > 0) push(state.io, sink, mem.subarray(ptr, ptr + len));
    total += len;
  }
  v.setUint32(pnum, total, true);
  return 0;
}

function fdRead(state: WasmState, fd: number, iov: number, iovcnt: number, pnum: number): number {
  if (fd !== 0) return EBADF;
  const io = state.io;
  io.stdinRead = true;
  const v = view(state);
  const mem = bytes(state);
  let total = 0;
  for (let i = 0; i < iovcnt && io.stdinPos < io.stdin.length; i++) {
    const ptr = v.getUint32(iov + i * 8, true);
    const len = v.getUint32(iov + i * 8 + 4, true);
    const n = Math.min(len, io.stdin.length - io.stdinPos);
    mem.set(io.stdin.subarray(io.stdinPos, io.stdinPos + n), ptr);
    io.stdinPos += n;
    total += n;
  }
  v.setUint32(pnum, total, true);
  return 0;
}

function environSizes(state: WasmState, pcount: number, psize: number): number {
  const v = view(state);
  v.setUint32(pcount, state.io.env.length, true);
  v.setUint32(
    psize,
    state.io.env.reduce((n, e) => n + e.length, 0),
    true,
  );
  return 0;
}

function environGet(state: WasmState, environ: number, buf: number): number {
  const v = view(state);
  const mem = bytes(state);
  let at = buf;
  state.io.env.forEach((entry, i) => {
    v.setUint32(environ + i * 4, at, true);
    mem.set(entry, at);
    at += entry.length;
  });
  return 0;
}

function resizeHeap(state: WasmState, requested: number): number {
  const memory = state.memory;
  if (!memory) return 0;
  const size = requested >>> 0;
  if (size > state.maxMemoryBytes) return 0;
  const old = memory.buffer.byteLength;
  // Over-allocate a little (as Emscripten does) so a growing heap is not resized on every malloc.
  const target = Math.min(state.maxMemoryBytes, Math.max(size, Math.min(old * 1.2, size + 96 * 2 ** 20)));
  const pages = Math.ceil((target - old) / WASM_PAGE);
  try {
    memory.grow(pages);
    return 1;
  } catch {
    return 0;
  }
}

function fdstat(state: WasmState, fd: number, pbuf: number): number {
  if (fd > 2) return EBADF;
  // A regular file, never a terminal: jq must not switch to colour or tty behaviour.
  const v = view(state);
  v.setUint8(pbuf, 4);
  v.setUint16(pbuf + 2, 0, true);
  v.setBigUint64(pbuf + 8, 0n, true);
  v.setBigUint64(pbuf + 16, 0n, true);
  return 0;
}

/** The import object the jq wasm expects (module "a", Emscripten's minified names). */
export function createImports(state: WasmState): WasmImports {
  const time = createTimeImports(() => view(state), state.maxStrptimeBytes);
  const abort = (): never => {
    throw new JqUnwind("abort", 0);
  };
  const exit = (code: number): never => {
    throw new JqUnwind("exit", code);
  };
  const imports: Record<string, unknown> = {
    a: abort, // __assert_fail
    b: exit, // _exit
    c: () => 0, // fd_close: jq fclose()s stdout at the end of main; keep the fd usable for the next call
    d: (fd: number, iov: number, n: number, p: number) => fdWrite(state, fd, iov, n, p),
    e: () => 0, // fcntl64
    f: () => -ENOENT, // openat: there is no filesystem
    g: () => Date.now(),
    h: (fd: number, iov: number, n: number, p: number) => fdRead(state, fd, iov, n, p),
    i: () => -ENOTTY, // ioctl: nothing is a terminal
    j: (environ: number, buf: number) => environGet(state, environ, buf),
    k: (size: number) => resizeHeap(state, size),
    l: (count: number, size: number) => environSizes(state, count, size),
    m: () => -ENOENT, // readlinkat
    n: () => -ENOENT, // getcwd
    o: abort, // __call_sighandler
    p: exit, // proc_exit
    q: () => undefined, // keepalive_clear
    r: time.gmtime,
    s: time.localtime,
    t: time.mktime,
    u: time.timegm,
    v: time.tzset,
    w: time.strptime,
    x: (fd: number) => (fd <= 2 ? ESPIPE : EBADF), // fd_seek
    y: (fd: number, pbuf: number) => fdstat(state, fd, pbuf),
    z: (buf: number, len: number) => {
      globalThis.crypto.getRandomValues(bytes(state).subarray(buf, buf + len));
      return 0;
    },
    A: () => -ENOENT, // lstat64
    B: () => -ENOENT, // newfstatat
    C: () => -ENOENT, // stat64
    D: (fd: number) => (fd <= 2 ? -ENOENT : -EBADF), // fstat64
    E: abort, // _abort_js
  };
  return { a: imports };
}
