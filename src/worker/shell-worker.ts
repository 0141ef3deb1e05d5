/**
 * One shell worker as the host sees it: the thread, its spin channels, the run it has, and what ends that run
 * (its result, a failure, memory, a lost message). The pool (pool.ts) decides which run gets which worker.
 */
import { Worker } from "node:worker_threads";
import { embeddedShellThread } from "../assets/embedded.js";
import { FROM_SOURCES, ownFile, resolveForSources } from "../assets/here.js";
import { WORKER_HEAP_HEADROOM_MB, WORKER_KEPT_CATALOGS } from "../limits.js";
import type { StopReason } from "../stop-reason.js";
import type { CallRequest } from "../tool/call.js";
import { clearHeapFlags, type HeapFlagShare, shareHeapFlags } from "./heap-flags.js";
import { outOfMemoryMessage } from "./heap-guard.js";
import type { CallAnswer, ScriptResult, ToHost, ToWorker } from "./protocol.js";
import { keepRecent } from "./recently-used.js";
import { readStream, STOP_FLAG, streamBuffer } from "./shared-memory.js";
import { ChannelWatcher, errorText, SpinChannel, spinChannel, Unreadable } from "./spin-channel.js";

/** How a run in a worker reaches the host: tool calls in, the result out. */
export interface RunHandlers {
  onShellCall(call: CallRequest): void;
  onDone(result: ScriptResult): void;
  onFailed(message: string): void;
}

/** How to start a shell worker: from a file, or from code (`eval`); `ownArgv`: with no node flags of the host's. */
interface WorkerEntry {
  entry: URL | string;
  eval: boolean;
  ownArgv?: boolean;
}

/**
 * Where the worker's code is: compiled JS in toolshell's dist/ (script/thread.js); inside a bundle, the copy
 * embedded at build time (0047), run as code; when running from the TS sources (tests, dev), the TS file loaded
 * through tsx's loader, registered inside the worker before the import.
 */
function workerEntry(): WorkerEntry {
  if (FROM_SOURCES) {
    const tsx = resolveForSources("tsx/esm/api");
    const source = ownFile("script/thread.ts")?.href;
    const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`;
    return { entry: code, eval: true };
  }
  const file = ownFile("script/thread.js");
  // The embedded copy is one CommonJS script that needs no loader: the host's flags are not passed on, since
  // --input-type=module among them would run it as an ES module, without require.
  return file ? { entry: file, eval: false } : { entry: embeddedShellThread(), eval: true, ownArgv: true };
}

/** Watches the outboxes of the workers that are about to send (0010). */
const watcher = new ChannelWatcher();

/** One shell worker thread and the host's side of its channels; runs one script at a time. */
export class ShellWorker {
  readonly worker: Worker;
  readonly stopFlag: Int32Array = new Int32Array(new SharedArrayBuffer(4));
  /** The current run's top-level output, copied by the worker as it is printed. */
  readonly output: SharedArrayBuffer = streamBuffer();
  /** Where a call's answer goes while the worker spins for it. */
  private readonly replyBuffer: SharedArrayBuffer = spinChannel();
  private readonly replies: SpinChannel = new SpinChannel(this.replyBuffer);
  /** Where the next run goes while the worker, just idle, watches for it. */
  private readonly inboxBuffer: SharedArrayBuffer = spinChannel();
  private readonly inbox: SpinChannel = new SpinChannel(this.inboxBuffer);
  /** Where the worker puts a message while the host watches for it. */
  private readonly outboxBuffer: SharedArrayBuffer = spinChannel();
  readonly outbox: SpinChannel = new SpinChannel(this.outboxBuffer);
  /** The calls in flight whose sender spins, by call id: the number their slot was armed with. */
  private readonly spinning = new Map<string, number>();
  readonly ready: Promise<void>;
  /** The catalogs the worker keeps, most recently used last: the same list as its thread's (script/thread.ts). */
  private readonly catalogs = new Map<number, true>();
  runId = -1;
  dead = false;
  /** Whether the current run spins and is watched for (0010). */
  private spins = false;
  /** Set once the worker has loaded the shell and said so. */
  started = false;
  /** Why it never started, when it died first. */
  failure: string | undefined;
  handlers: RunHandlers | undefined;

  constructor(memoryLimitMb: number, onExit: (worker: ShellWorker) => void) {
    // TM-MEM-001: the host's heap flags would override resourceLimits; they are cleared while the isolate is made.
    // The worker's execArgv stays the host's (loaders it may need): node rejects V8 flags in an explicit one, and
    // the heap flags in it are not applied again. env: {} keeps NODE_OPTIONS (and all the rest) from the worker.
    const restoreHeapFlags = clearHeapFlags();
    // TM-MEM-002: the worker clears them in the same way for the jq worker it starts; what it still holds when it
    // ends is taken back here.
    const heapFlags = shareHeapFlags();
    try {
      this.worker = this.create(workerEntry(), memoryLimitMb, heapFlags.heapFlags);
    } catch (error) {
      restoreHeapFlags();
      throw error;
    }
    this.worker.once("online", restoreHeapFlags);
    let markReady: () => void = () => {};
    this.ready = new Promise((resolve) => {
      markReady = resolve;
    });
    this.worker.on("message", (message: ToHost) => {
      if (message.type === "ready") {
        this.started = true;
        markReady();
      } else this.deliver(message);
    });
    // TM-DOS-002: a message node could not deserialize here is not dropped silently: the run ends now.
    this.worker.on("messageerror", (error: unknown) => this.lose("from", "read", errorText(error)));
    this.worker.on("error", (error: Error & { code?: string }) => {
      restoreHeapFlags();
      if (!this.started) this.failure = error.code ?? error.message;
      this.fail(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? outOfMemoryMessage(memoryLimitMb)
          : `the shell stopped: ${error.message}`,
      );
    });
    this.worker.on("exit", () => {
      restoreHeapFlags();
      heapFlags.releaseAll();
      this.dead = true;
      markReady();
      this.fail("the shell stopped");
      onExit(this);
    });
    // Attaching a "message" listener refs the worker again, so this comes last: an idle worker must never keep
    // the host alive. A busy one is ref'd by the pool until its run ends.
    this.worker.unref();
  }

  private create(
    { entry, eval: isCode, ownArgv }: WorkerEntry,
    memoryLimitMb: number,
    heapFlags: HeapFlagShare,
  ): Worker {
    return new Worker(entry, {
      eval: isCode,
      ...(ownArgv ? { execArgv: [] } : {}),
      workerData: {
        stopBuffer: this.stopFlag.buffer,
        outputBuffer: this.output,
        replyBuffer: this.replyBuffer,
        outboxBuffer: this.outboxBuffer,
        inboxBuffer: this.inboxBuffer,
        memoryLimitMb,
        heapFlags,
      },
      env: {},
      // TM-MEM-005: the cap is enforced by the worker (heap-guard.ts); V8's limit leaves room above it for one
      // oversized allocation, which past V8's limit + 16 MiB would abort the host process, not end the worker.
      resourceLimits: {
        maxOldGenerationSizeMb: memoryLimitMb + WORKER_HEAP_HEADROOM_MB,
        maxYoungGenerationSizeMb: 32,
      },
    });
  }

  /** A message from the worker, by postMessage or through its outbox. */
  deliver(message: ToHost): void {
    if (message.type === "lost") {
      // The worker could not read a message from here, or could not send one of its own.
      this.lose(message.failed === "read" ? "to" : "from", message.failed, message.reason);
      return;
    }
    if (message.type === "ready" || message.runId !== this.runId || !this.handlers) return;
    if (message.type === "call") {
      if (message.slot !== undefined) this.spinning.set(message.call.callId, message.slot);
      this.handlers.onShellCall(message.call);
    } else {
      // TM-MEM-005: a worker whose heap stayed large after its run is replaced, never handed another run.
      if (message.retire) this.dead = true;
      if (message.type === "done") this.take().onDone(message.result);
      else this.take().onFailed(message.message);
      if (message.retire) void this.worker.terminate();
    }
  }

  private take(): RunHandlers {
    const handlers = this.handlers as RunHandlers;
    this.handlers = undefined;
    this.spinning.clear();
    watcher.forget(this.outbox);
    return handlers;
  }

  fail(message: string): void {
    if (this.handlers) this.take().onFailed(message);
  }

  post(message: ToWorker): void {
    try {
      this.worker.postMessage(message);
    } catch (error) {
      this.lose("to", "sent", errorText(error));
    }
  }

  /**
   * TM-DOS-002: a message from or to the worker could not be read or sent. Nobody can tell which it was (a call,
   * its answer, the run's end), so the run ends now with what it printed and the worker, whose run may still be
   * waiting for it, is replaced. Depth is capped (TM-DOS-001), so no script's values cause this any more: what is
   * left is a fault or a shortage of memory, which a new worker and a smaller step may avoid.
   */
  private lose(direction: "from" | "to", failed: "read" | "sent", reason: string): void {
    this.dead = true; // not handed another run: it ends with the terminate below
    this.fail(
      `the run was stopped: a message ${direction} the shell could not be ${failed} (${reason}); what it printed ` +
        "before is kept. A new shell takes the next run: run again what did not finish (if it fails the same way, " +
        "pass less data in that step)",
    );
    void this.worker.terminate();
  }

  /**
   * A call's answer: through the reply channel if the worker still spins for it, else as a message. Its next
   * message (another call, or the run's end) is then watched for.
   */
  answer(runId: number, callId: string, answer: CallAnswer): void {
    const slot = this.spinning.get(callId);
    this.spinning.delete(callId);
    if (slot === undefined || !this.replies.offer(slot, answer))
      this.post({ type: "result", runId, callId, answer });
    if (this.spins) this.watchOutbox();
  }

  /** Watches for the worker's next message. */
  private watchOutbox(): void {
    watcher.watch(this.outbox, this.fromOutbox);
  }

  /** A message from the worker through its outbox; one this thread could not read was lost on its way here. */
  private readonly fromOutbox = (message: unknown): void => {
    if (message instanceof Unreadable) this.lose("from", "read", message.reason);
    else this.deliver(message as ToHost);
  };

  /** Starts a run in the worker (through its inbox if it watches it) and watches for its first message. */
  /**
   * Notes that the next run uses catalog `id`, as the worker's thread will; true when the worker has it already
   * (its tools need not be sent), false when they must be.
   */
  keepCatalog(id: number): boolean {
    const kept = this.catalogs.has(id);
    keepRecent(this.catalogs, id, true, WORKER_KEPT_CATALOGS);
    return kept;
  }

  begin(message: Extract<ToWorker, { type: "run" }>): void {
    this.spins = message.spin;
    if (!this.inbox.offer(0, message)) this.post(message);
    if (this.spins) this.watchOutbox();
  }
}

/** The host's grip on one run inside a worker. */
export class RunHandle {
  constructor(
    private readonly shell: ShellWorker,
    private readonly runId: number,
  ) {}

  answer(callId: string, answer: CallAnswer): void {
    if (this.shell.runId === this.runId) this.shell.answer(this.runId, callId, answer);
  }

  /** Asks the run to stop at its next command; works even while the worker's thread never yields. */
  stop(reason: StopReason): void {
    if (this.shell.runId !== this.runId) return;
    Atomics.store(this.shell.stopFlag, 0, reason === "timeout" ? STOP_FLAG.timeout : STOP_FLAG.abort);
    this.shell.post({ type: "abort", runId: this.runId, reason });
  }

  /**
   * What the run had printed, statement by statement, when its worker was terminated or failed (stdout and stderr
   * as printed, before any budget cut; `cut` when it printed more than the buffer holds).
   */
  printed(): { stdout: string; stderr: string; cut: boolean } {
    return readStream(this.shell.output);
  }

  /** Ends the worker (a run that did not stop in time); the pool replaces it. */
  kill(): void {
    if (this.shell.runId !== this.runId) return;
    this.shell.handlers = undefined;
    watcher.forget(this.shell.outbox);
    void this.shell.worker.terminate();
  }
}
