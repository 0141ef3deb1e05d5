import { availableParallelism } from "node:os";
import { MAX_FAILED_STARTS, MAX_WAITING_RUNS, MAX_WAITING_RUNS_PER_CALLER } from "../limits.js";
import type { ToolSpec } from "../tool/tool.js";
import type { ScriptOrder, ScriptRequest, ToWorker } from "./protocol.js";
import { type QueueFull, RunQueue, type Waiter } from "./run-queue.js";
import { resetStream, STOP_FLAG } from "./shared-memory.js";
import { RunHandle, type RunHandlers, ShellWorker } from "./shell-worker.js";
import { WARM_UP_ANSWER, WARM_UP_CATALOG, WARM_UP_ORDER, WARM_UP_PASSES } from "./warm-up.js";

/**
 * Whose run it is and its clock, for the wait for a worker (TM-DOS-004): waiting runs are served round robin by
 * owner and tenant, leave the queue when `signal` aborts (the caller's timeoutMs counts the wait), and get what
 * is left of their time. The clock never stops: a new worker's start-up is granted up to COLD_START_GRACE_MS more
 * in all (limits.ts), so that a run's wall time is bounded by its timeoutMs plus that grace.
 */
export interface RunTicket {
  /** The ScriptedTool the run is for (any object that stands for it). */
  owner: object;
  tenant: string | undefined;
  signal: AbortSignal;
  /** Epoch ms at which the run must end, read when it is handed to its worker. */
  deadline(): number;
  /** A new worker is starting for the run (its start-up is lent the grace)... */
  workerStarting(): void;
  /** ...and is ready (the run keeps what the start took, within the grace). */
  workerReady(): void;
}

/** The run never started: too many runs already wait for a worker. */
export type Busy = QueueFull;

/** The tools as last sent to workers; a new id makes each worker take the new list once. */
export interface CatalogSnapshot {
  id: number;
  tools: ToolSpec[];
}

/** The cores this process may run on (its CPU affinity). */
const CORES = availableParallelism();

/** A worker started ahead of any run (prewarm) while it starts and makes its warm-up run. */
interface Warming {
  worker: ShellWorker;
  /** Settles when the warm-up ended (or the worker died): the worker is then ready for runs, or dead. */
  done: Promise<void>;
  /**
   * A run took the worker while it was warming: the rest of the warm-up is skipped and the worker goes to that
   * run, not to the pool.
   */
  claimed: boolean;
  /** The warm-up run's id, once it was handed to the worker. */
  runId: number | undefined;
}

/**
 * A pool of shell workers, each running one script at a time: started for runs as they come, and one ahead of
 * them when a ScriptedTool asks for it (prewarm, ADR 0038).
 */
export class WorkerPool {
  private readonly idle: ShellWorker[] = [];
  /** Workers with a run, and the one warming (they all count toward the pool's size). */
  private readonly busy = new Set<ShellWorker>();
  private readonly waiting: RunQueue<ShellWorker | undefined>;
  private nextRunId = 1;
  /** Workers in a row that died before they were ready for the run that waited for them. */
  private failedStarts = 0;
  private warming: Warming | undefined;

  constructor(
    private readonly size: number,
    private readonly memoryLimitMb: number,
    queue: { maxWaiting: number; maxWaitingPerCaller: number } = {
      maxWaiting: MAX_WAITING_RUNS,
      maxWaitingPerCaller: MAX_WAITING_RUNS_PER_CALLER,
    },
  ) {
    this.waiting = new RunQueue(queue.maxWaiting, queue.maxWaitingPerCaller);
  }

  private spawn(): ShellWorker {
    const worker = new ShellWorker(this.memoryLimitMb, (dead) => this.forget(dead));
    this.busy.add(worker);
    worker.worker.ref();
    return worker;
  }

  /**
   * Starts one worker and warms it (warm-up.ts) before any run takes it, unless the pool has a worker already:
   * however many ScriptedTools share the pool, it starts one thread here; the others start for runs, as they
   * come. The thread is unref'd until a run takes it, so it never keeps the host alive, and it dies harmlessly:
   * a warming worker that dies is dropped, never retried, and not counted against any run's start. Settles (never
   * rejects) once the pool's warm-up, if any, has ended.
   */
  prewarm(): Promise<void> {
    if (this.warming) return this.warming.done;
    if (this.idle.length > 0 || this.busy.size > 0) return Promise.resolve();
    let worker: ShellWorker;
    try {
      worker = new ShellWorker(this.memoryLimitMb, (dead) => this.forget(dead));
    } catch {
      return Promise.resolve(); // no thread now (the first run will say why, if it cannot start one either)
    }
    this.busy.add(worker);
    const warming: Warming = { worker, done: Promise.resolve(), claimed: false, runId: undefined };
    warming.done = this.warmUp(warming);
    this.warming = warming;
    void warming.done.then(() => {
      if (this.warming === warming) this.warming = undefined;
      if (!warming.claimed) this.release(worker);
    });
    return warming.done;
  }

  /** The worker threads the pool has now: idle, with a run, or warming. */
  threads(): number {
    return this.idle.length + this.busy.size;
  }

  /**
   * The warm-up runs (WARM_UP_PASSES of them), once the worker is ready and until a run takes it; settles when
   * they end, however they end.
   */
  private async warmUp(warming: Warming): Promise<void> {
    const { worker } = warming;
    await worker.ready;
    for (let pass = 0; pass < WARM_UP_PASSES && !worker.dead && !warming.claimed; pass++) {
      const runId = this.nextRunId++;
      warming.runId = runId;
      await new Promise<void>((ended) => {
        const request: ScriptRequest = { ...WARM_UP_ORDER, deadline: Date.now() + WARM_UP_ORDER.timeoutMs };
        this.begin(worker, runId, request, WARM_UP_CATALOG, false, {
          onShellCall: (call) => worker.answer(runId, call.callId, WARM_UP_ANSWER),
          onDone: () => ended(),
          onFailed: () => ended(),
        });
      });
      worker.runId = -1;
    }
  }

  /**
   * A worker for the run: an idle one, the warming one, a new one while the pool is not full, else the run waits
   * its turn; undefined when it left the queue (aborted, timed out).
   */
  private acquire(ticket: RunTicket): Promise<ShellWorker | undefined> | Busy {
    const idle = this.idle.pop();
    if (idle) {
      this.busy.add(idle);
      idle.worker.ref();
      return Promise.resolve(idle);
    }
    // The warming worker, started ahead, is ready sooner than a new one. The run does not wait for the rest of its
    // warm-up, which may do more than the run needs: it is skipped, or stopped as a run is (the command under
    // way, say jq's first start, is aborted), so the run comes no later than on a worker started for it.
    const warming = this.warming;
    if (warming && !warming.claimed) {
      warming.claimed = true;
      if (warming.runId !== undefined) new RunHandle(warming.worker, warming.runId).stop("abort");
      warming.worker.worker.ref();
      return Promise.resolve(warming.worker);
    }
    if (this.busy.size < this.size) return Promise.resolve(this.spawn());
    let resolve: (worker: ShellWorker | undefined) => void = () => {};
    const taken = new Promise<ShellWorker | undefined>((settle) => {
      resolve = settle;
    });
    const leave = () => {
      this.waiting.remove(waiter);
      resolve(undefined);
    };
    const waiter: Waiter<ShellWorker | undefined> = {
      owner: ticket.owner,
      tenant: ticket.tenant,
      take: (worker) => {
        ticket.signal.removeEventListener("abort", leave);
        resolve(worker);
      },
    };
    const full = this.waiting.add(waiter);
    if (full) return full;
    ticket.signal.addEventListener("abort", leave, { once: true });
    return taken;
  }

  private release(worker: ShellWorker): void {
    worker.runId = -1;
    // TM-MEM-005: a worker retiring after its run (its heap stayed large) is replaced, not reused.
    if (worker.dead) {
      this.forget(worker);
      return;
    }
    const next = this.waiting.next();
    if (next) next.take(worker);
    else {
      this.busy.delete(worker);
      this.idle.push(worker);
      worker.worker.unref();
    }
  }

  private forget(worker: ShellWorker): void {
    const wasBusy = this.busy.delete(worker);
    const index = this.idle.indexOf(worker);
    if (index !== -1) this.idle.splice(index, 1);
    const next = wasBusy ? this.waiting.next() : undefined;
    if (!next) return;
    let replacement: ShellWorker | undefined;
    try {
      replacement = this.spawn();
    } catch {
      replacement = undefined; // the waiting run does not start; the next run's own start says why
    }
    next.take(replacement);
  }

  /**
   * Starts a run as soon as a worker is free for it, with what is left of its time then. Undefined: it never
   * started (it left the queue, or `onFailed` was told why).
   */
  async start(
    order: ScriptOrder,
    catalog: CatalogSnapshot,
    handlers: RunHandlers,
    ticket: RunTicket,
  ): Promise<RunHandle | Busy | undefined> {
    if (ticket.signal.aborted) return undefined;
    let acquired: ReturnType<WorkerPool["acquire"]>;
    try {
      acquired = this.acquire(ticket);
    } catch (error) {
      // No thread could be made (a bundle without toolshell's worker code, a thread limit): this run fails with
      // why, and the host lives on.
      handlers.onFailed(
        `the shell could not start (${error instanceof Error ? error.message : String(error)})`,
      );
      return undefined;
    }
    if (!(acquired instanceof Promise)) return acquired;
    const worker = await acquired;
    if (!worker) return undefined;
    // The wait for the warming worker (its start-up, or its warm-up pass ending) counts as a start: the run is
    // lent the grace for it.
    const warming = this.warming?.worker === worker ? this.warming : undefined;
    if (warming || (!worker.started && !worker.dead)) {
      ticket.workerStarting();
      await (warming ? warming.done : worker.ready);
      ticket.workerReady();
    }
    if (ticket.signal.aborted && !worker.dead) {
      this.release(worker);
      return undefined;
    }
    if (worker.dead) {
      // A worker that dies before it is ready would die again: after a few, the run fails instead of the pool
      // spawning threads forever. A later run tries again. The warming worker was not started for this run: its
      // death is not counted.
      if (!warming && !worker.started && ++this.failedStarts >= MAX_FAILED_STARTS) {
        this.failedStarts = 0;
        handlers.onFailed(`the shell could not start${worker.failure ? ` (${worker.failure})` : ""}`);
        return undefined;
      }
      return this.start(order, catalog, handlers, ticket);
    }
    this.failedStarts = 0;
    const runId = this.nextRunId++;
    // The run's one clock gives the deadline now, after any wait for a worker or its start (TM-DOS-004).
    const timed: ScriptRequest = { ...order, deadline: ticket.deadline() };
    // Spinning pays only while every spinning thread has a core of its own: this run's worker, the others that
    // are busy, and the host. Past that (one core, or more runs than cores), it would take their CPU time.
    const spin = this.busy.size + 1 <= CORES;
    this.begin(worker, runId, timed, catalog, spin, {
      onShellCall: handlers.onShellCall,
      onDone: (result) => {
        this.release(worker);
        handlers.onDone(result);
      },
      onFailed: (message) => {
        if (!worker.dead) this.release(worker);
        handlers.onFailed(message);
      },
    });
    return new RunHandle(worker, runId);
  }

  /** Hands a run to a ready worker: a clear stop flag and output stream, its handlers, and its tools if new to it. */
  private begin(
    worker: ShellWorker,
    runId: number,
    request: ScriptRequest,
    catalog: CatalogSnapshot,
    spin: boolean,
    handlers: RunHandlers,
  ): void {
    worker.runId = runId;
    Atomics.store(worker.stopFlag, 0, STOP_FLAG.none);
    resetStream(worker.output);
    worker.handlers = handlers;
    const tools = worker.keepCatalog(catalog.id) ? undefined : catalog.tools;
    const message: Extract<ToWorker, { type: "run" }> = {
      type: "run",
      runId,
      request,
      catalogId: catalog.id,
      tools,
      spin,
    };
    worker.begin(message);
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    const all = [...this.idle, ...this.busy];
    this.idle.length = 0;
    this.busy.clear();
    this.warming = undefined;
    await Promise.all(all.map((worker) => worker.worker.terminate()));
  }
}

const pools = new Map<string, WorkerPool>();

/** The pool shared by every ScriptedTool with the same size and memory cap, so servers do not multiply threads. */
export function sharedPool(size: number | undefined, memoryLimitMb: number): WorkerPool {
  const workers = size ?? Math.max(1, Math.min(4, CORES));
  const key = `${workers}:${memoryLimitMb}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new WorkerPool(workers, memoryLimitMb);
    pools.set(key, pool);
  }
  return pool;
}
