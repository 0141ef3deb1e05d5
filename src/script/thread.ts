/**
 * A shell worker: runs one script at a time, off the host's thread. Each tool call goes to the host as one
 * message and comes back as one, through shared memory when the receiving side is watching for it
 * (spin-channel.ts, 0010), else by postMessage.
 */
import { parentPort, workerData } from "node:worker_threads";
import { runJqInThisThread } from "../jq/worker.js";
import { WORKER_KEPT_CATALOGS } from "../limits.js";
import { ShellCatalog } from "../shell/catalog.js";
import type { HostCaller } from "../shell/shell-run.js";
import type { ToolSpec } from "../tool/tool.js";
import { HeapGuard, outOfMemoryMessage } from "../worker/heap-guard.js";
import type { CallAnswer, ToHost, ToWorker } from "../worker/protocol.js";
import { keepRecent } from "../worker/recently-used.js";
import {
  ChannelWatcher,
  lostMessage,
  Pace,
  SpinChannel,
  TAG_LIMIT,
  Unreadable,
} from "../worker/spin-channel.js";
import { canStream, runScript } from "./run-script.js";

/**
 * How long a call's sender spins for the answer before it sleeps until the message comes. The host answers a
 * synchronous tool within ~0.1-0.2 ms here; a slower tool costs the worker at most this much CPU per call.
 */
const SPIN_MS = 0.3;

const port = parentPort;
if (!port) throw new Error("toolshell: shell worker started outside a worker thread");

/** Set by the host to stop the current run even while this thread never yields (a CPU-bound loop). */
const stopFlag = new Int32Array(workerData.stopBuffer as SharedArrayBuffer);
/** Where each run's top-level output is copied as it is printed, so the host keeps it if it must terminate us. */
const outputBuffer = workerData.outputBuffer as SharedArrayBuffer;
/** Where the host puts a call's answer while this thread spins for it (spin-channel.ts). */
const replies = new SpinChannel(workerData.replyBuffer as SharedArrayBuffer);
/** TM-MEM-005: the memory cap, enforced here between commands and after each run. */
const heap = new HeapGuard(workerData.memoryLimitMb as number);
const catalogs = new Map<number, ShellCatalog>();
const pendingCalls = new Map<string, (answer: CallAnswer) => void>();
let current: { runId: number; controller: AbortController } | undefined;

/** Where the host puts the next run while this thread, idle after a run, watches for it (0010). */
const inbox = new SpinChannel(workerData.inboxBuffer as SharedArrayBuffer);
const inboxWatcher = new ChannelWatcher();
/** Where this thread puts a message while the host watches for it (spin-channel.ts). */
const outbox = new SpinChannel(workerData.outboxBuffer as SharedArrayBuffer);

/**
 * A message to the host: through the outbox if the host is watching it, else posted. One that cannot be sent is
 * reported as lost instead (TM-DOS-002): the host ends the run and replaces this worker.
 */
function send(message: ToHost): void {
  if (outbox.offer(0, message)) return;
  try {
    port?.postMessage(message);
  } catch (error) {
    port?.postMessage(lostMessage("sent", error));
  }
}

/**
 * The catalog a run uses: one of the WORKER_KEPT_CATALOGS this thread keeps, most recently used last in the map,
 * or a new one from the tools the pool sent. The pool keeps the same list (keepCatalog in worker/shell-worker.ts),
 * so it sends the tools exactly when this thread does not have them.
 */
function catalogFor(catalogId: number, tools: ToolSpec[] | undefined): ShellCatalog {
  let catalog = catalogs.get(catalogId);
  if (!catalog) {
    if (!tools) throw new Error(`toolshell: catalog ${catalogId} was never sent to this worker`);
    catalog = new ShellCatalog(tools);
    // The spin's pace is kept per tool name of the catalogs used since the last one was built: bounded.
    paces.clear();
  }
  keepRecent(catalogs, catalogId, catalog, WORKER_KEPT_CATALOGS);
  return catalog;
}

/**
 * Spinning for answers, paced per tool: after a few calls of a tool in a row whose answer came well after the spin
 * ended (a tool that goes to the network), that tool's next calls sleep until their message comes, and spinning
 * is tried again later. Other tools keep spinning: a slow tool must not send the quick ones of the same scripts
 * down the slow path. An answer that came just after the spin ended (a busy host, a noisy machine) does not
 * count: pausing then would send the next calls down the slow path for nothing.
 */
const spin = { tag: 0, allowed: false };
/** Per tool name of the current tool list: slow answers in a row, and calls left before it is spun for again. */
const paces = new Map<string, Pace>();
/** An answer later than this after its call was sent counts toward pausing the spin. */
const SLOW_ANSWER_MS = 3 * SPIN_MS;
/** Slow answers in a row before a tool's calls stop spinning... */
const SLOW_ANSWERS_BEFORE_PAUSE = 4;
/** ...for this many of its calls. */
const PAUSED_CALLS = 64;

function paceOf(tool: string): Pace {
  let pace = paces.get(tool);
  if (!pace) {
    pace = new Pace(SLOW_ANSWERS_BEFORE_PAUSE, PAUSED_CALLS);
    paces.set(tool, pace);
  }
  return pace;
}

/** Arms the reply channel for the next call of `tool`; undefined while spinning for it is paused. */
function armReply(tool: string): number | undefined {
  if (!spin.allowed || !paceOf(tool).allows()) return undefined;
  spin.tag = (spin.tag % (TAG_LIMIT - 1)) + 1;
  replies.arm(spin.tag);
  return spin.tag;
}

/** Spins for the answer to the call of `tool` armed with `tag`, for at most SPIN_MS; undefined: it comes by message. */
function spinForReply(tag: number, tool: string): CallAnswer | Unreadable | undefined {
  const until = performance.now() + SPIN_MS;
  let answer: CallAnswer | Unreadable | undefined;
  for (let spins = 1; ; spins++) {
    answer = replies.take(tag) as CallAnswer | Unreadable | undefined;
    if (answer !== undefined || !replies.watching(tag)) break;
    if ((spins & 63) === 0 && performance.now() > until) {
      answer = replies.disarm(tag) as CallAnswer | Unreadable | undefined;
      break;
    }
  }
  if (answer !== undefined) paceOf(tool).hit();
  return answer;
}

/** A spun-for call of `tool` was answered by message after `ms`: a slow one counts toward pausing its spin. */
function answeredLate(tool: string, ms: number): void {
  if (ms < SLOW_ANSWER_MS) paceOf(tool).hit();
  else paceOf(tool).miss();
}

function hostCaller(runId: number): HostCaller {
  return (call) => {
    // Spin only for a lone call in flight: others' answers (background jobs) come as messages, which a spinning
    // thread would hold back.
    const slot = pendingCalls.size === 0 ? armReply(call.name) : undefined;
    const sent = performance.now();
    send({ type: "call", runId, call, slot });
    const answer = slot === undefined ? undefined : spinForReply(slot, call.name);
    // An answer this thread could not read: the host, told, ends the run and replaces this worker.
    if (answer instanceof Unreadable) send(lostMessage("read", answer));
    else if (answer) return Promise.resolve(answer);
    return new Promise<CallAnswer>((resolve) => {
      pendingCalls.set(
        call.callId,
        slot === undefined
          ? resolve
          : (late) => {
              answeredLate(call.name, performance.now() - sent);
              resolve(late);
            },
      );
    });
  };
}

async function run(message: Extract<ToWorker, { type: "run" }>): Promise<void> {
  const { runId, request } = message;
  spin.allowed = message.spin;
  const controller = new AbortController();
  current = { runId, controller };
  // Past the cap the run fails at once, and the host ends this worker: it keeps what the run streamed.
  const memory = heap.watch(controller, () =>
    send({ type: "failed", runId, message: outOfMemoryMessage(heap.capMb), retire: true }),
  );
  let ended: Extract<ToHost, { type: "done" | "failed" }>;
  try {
    const catalog = catalogFor(message.catalogId, message.tools);
    const stop = { signal: memory.signal, flag: stopFlag };
    const result = await runScript(request, catalog, hostCaller(runId), stop, runId, outputBuffer);
    ended = { type: "done", runId, result };
  } catch (error) {
    ended = { type: "failed", runId, message: error instanceof Error ? error.message : String(error) };
  } finally {
    current = undefined;
    pendingCalls.clear();
  }
  // TM-MEM-005: nothing of the run is kept here; a heap still large after it is not carried into the next run
  // (or into this thread's teardown at close): the host replaces this worker.
  if (memory.tripped()) return;
  if (heap.shouldRetire()) {
    send({ ...ended, retire: true });
    return;
  }
  // A host that starts runs back to back hands the next one over through the inbox and wakes nobody.
  if (spin.allowed) inboxWatcher.watch(inbox, fromInbox);
  send(ended);
}

function receive(message: ToWorker): void {
  if (message.type === "run") {
    // The run came (by either path): nothing more is watched for until it ends.
    inboxWatcher.forget(inbox);
    void run(message);
  } else if (message.type === "result") {
    const resolve = pendingCalls.get(message.callId);
    pendingCalls.delete(message.callId);
    resolve?.(message.answer);
  } else if (message.type === "abort" && current?.runId === message.runId) {
    current.controller.abort(new Error(message.reason));
  }
}

/** A run handed over through the inbox; one this thread could not read is reported lost (TM-DOS-002). */
function fromInbox(message: unknown): void {
  if (message instanceof Unreadable) send(lostMessage("read", message));
  else receive(message as ToWorker);
}

port.on("message", receive);
// TM-DOS-002: a message from the host that node could not deserialize here (a run, a call's answer, an abort).
port.on("messageerror", (error) => send(lostMessage("read", error)));
// TM-MEM-005: V8's limit is above the cap, so a cap too small for the shell itself is refused here.
if (heap.tooSmall()) throw new Error(`its heap after loading is over the ${heap.capMb} MiB limit`);
void canStream();
// 0039: this thread runs jq itself; the host ends it at the run's deadline or abort, a runaway jq with it.
runJqInThisThread();
send({ type: "ready" });
