import { AsyncResource } from "node:async_hooks";
import { COLD_START_GRACE_MS, EXIT_BUSY, KILL_GRACE_MS } from "../limits.js";
import type { PlanRecorder } from "../registry/plan.js";
import type { Registry } from "../registry/registry.js";
import type { OnCall } from "../registry/request.js";
import type { SpanLike } from "../registry/telemetry.js";
import { SHELL_COMMAND_NAMES } from "../script/command-names.js";
import { ShellCatalog } from "../shell/catalog.js";
import { type LoneToolCall, plainToolCall } from "../shell/plain-call.js";
import type { StopReason } from "../stop-reason.js";
import { truncateOutput } from "../text/cut.js";
import type { CallRequest } from "../tool/call.js";
import type { CallRecord } from "../trace/trace.js";
import type { Busy, CatalogSnapshot, RunTicket, WorkerPool } from "../worker/pool.js";
import type { CallAnswer, ScriptOrder, ScriptRequest, ScriptResult } from "../worker/protocol.js";
import type { RunHandle, RunHandlers } from "../worker/shell-worker.js";
import { failedRun } from "./result.js";
import { type HostRunResult, RunCalls, withTruncated } from "./run-calls.js";
import { RunClock } from "./run-clock.js";

/** Everything one execute() needs, resolved by ScriptedTool. */
export interface RunSetup {
  order: ScriptOrder;
  registry: Registry;
  catalog: CatalogSnapshot;
  signal: AbortSignal | undefined;
  context: unknown;
  tenant: string | undefined;
  /** Plan mode's record of the calls it did not run. */
  plan?: PlanRecorder;
  /** The run's span (telemetry): each call's span is its child. */
  span?: SpanLike;
  /** The run's own onCall hook. */
  onCall?: OnCall;
  /** The records of the run's calls by call id, filled by the registry (untrusted output, telemetry). */
  records?: Map<string, CallRecord>;
}

/** Inline runs keep each tool list's compiled parsers and validators, as a worker does. */
const inlineCatalogs = new WeakMap<CatalogSnapshot, ShellCatalog>();

function inlineCatalog(snapshot: CatalogSnapshot): ShellCatalog {
  let catalog = inlineCatalogs.get(snapshot);
  if (!catalog) {
    catalog = new ShellCatalog(snapshot.tools);
    inlineCatalogs.set(snapshot, catalog);
  }
  return catalog;
}

/** A module loaded once, on the first call; a failed load is that run's failure, and the next call tries again. */
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * The shell itself (the interpreter's bundle, the sandbox, the builtins), which a worker loads in its own thread:
 * the caller's thread loads it only for inline runs (decision 0037), once, on the first inline run or when an
 * inline ScriptedTool is built (its `prewarm`), whichever comes first.
 */
export const loadInlineShell: () => Promise<typeof import("../script/run-script.js")> = loadedOnce(
  () => import("../script/run-script.js"),
);

/** What runs a script on the caller's thread: the whole shell (inline), or a lone tool call (decision 0041). */
type HereRunner = (
  request: ScriptRequest,
  catalog: ShellCatalog,
  callHost: (call: CallRequest) => Promise<CallAnswer>,
  stop: { signal: AbortSignal },
) => Promise<ScriptResult>;

/** Runs on the caller's thread, under the run's clock, with `body` doing the run. */
async function runHere(setup: RunSetup, body: () => Promise<HereRunner>): Promise<HostRunResult> {
  const clock = new RunClock(setup);
  if (clock.reason) return notStarted(clock.reason, setup.order.timeoutMs);
  const calls = new RunCalls(setup, clock);
  try {
    const runner = await body();
    const catalog = inlineCatalog(setup.catalog);
    const signal = clock.controller.signal;
    clock.start();
    const request: ScriptRequest = { ...setup.order, deadline: clock.deadline };
    const result = await runner(request, catalog, (call) => calls.answer(call), { signal });
    return calls.merged(result);
  } catch (error) {
    // TM-FS-003: whatever a script does, execute() resolves: a failure the shell did not turn into a command's
    // status ends the run with exit 1 and says so, as a worker's "failed" does (it never throws to the caller).
    const message = error instanceof Error ? error.message : String(error);
    return lostRun(message, undefined, setup.order, calls, undefined);
  } finally {
    clock.dispose();
  }
}

/** Runs on the caller's thread: lowest latency, for trusted scripts (a CPU-bound command blocks the host). */
export function runInline(setup: RunSetup): Promise<HostRunResult> {
  return runHere(setup, async () => {
    const { runScript } = await loadInlineShell();
    return (request, catalog, callHost, stop) => runScript(request, catalog, callHost, stop, 0);
  });
}

/**
 * The few modules that answer a lone tool call (not the interpreter): loaded on the first such script, or when a
 * worker-mode ScriptedTool is built (its `prewarm`).
 */
export const loadLoneRun: () => Promise<typeof import("../script/lone-run.js")> = loadedOnce(
  () => import("../script/lone-run.js"),
);

/**
 * Decision 0041: in worker mode, the tool call a script plainly is (plain-call.ts: one tool's name and words
 * without expansions, read in one bounded pass) is answered on the caller's thread, as inline mode answers it,
 * without a worker's thread hops; undefined for every other script, which runs in a worker.
 */
function plainCall(setup: RunSetup): LoneToolCall | undefined {
  if (setup.order.scratch) return undefined;
  const catalog = inlineCatalog(setup.catalog);
  return plainToolCall(setup.order.script, catalog.tools, SHELL_COMMAND_NAMES);
}

/** What a run that never began was waiting for: a free worker, or a new one to start (TM-DOS-004). */
type Waited = "free" | "start" | undefined;

/** Why a run never began (see notStarted). */
function neverStarted(reason: StopReason | Busy, timeoutMs: number, waited: Waited): string {
  if (typeof reason === "object") {
    const whose = reason.full === "caller" ? "of your runs are" : "runs are";
    return `toolshell: busy: ${reason.waiting} ${whose} already waiting for a free shell worker; the script never started (retry later)\n`;
  }
  if (reason === "abort") return "toolshell: aborted\n";
  if (waited === "start")
    return `toolshell: timed out after ${timeoutMs} ms (and up to ${COLD_START_GRACE_MS} ms more) waiting for a new shell worker to start; the script never started (retry later)\n`;
  return waited
    ? `toolshell: timed out after ${timeoutMs} ms waiting for a free shell worker; the script never started (retry later)\n`
    : `toolshell: timed out after ${timeoutMs} ms\n`;
}

/**
 * A run that never began: its signal was aborted before, or it timed out while waiting for a free worker
 * (TM-DOS-004), or too many runs were waiting already (busy).
 */
function notStarted(reason: StopReason | Busy, timeoutMs: number, waited?: Waited): HostRunResult {
  const stderr = neverStarted(reason, timeoutMs, waited);
  const exitCode = typeof reason === "object" ? EXIT_BUSY : reason === "timeout" ? 124 : 130;
  return failedRun(stderr, exitCode);
}

/** What a terminated worker had printed (top-level statements that ended), if anything. */
interface Printed {
  stdout: string;
  stderr: string;
  cut: boolean;
}

/**
 * The result of a run whose worker had to be terminated or failed: what it had printed, the trace of the calls
 * the host answered (whole: the host made their entries), and why it ended.
 */
function lostRun(
  message: string,
  reason: StopReason | undefined,
  order: ScriptOrder,
  calls: RunCalls,
  printed: Printed | undefined,
): HostRunResult {
  const { timeoutMs } = order;
  const why =
    reason === "timeout"
      ? `toolshell: timed out after ${timeoutMs} ms (the shell did not stop by itself and was terminated)\n`
      : reason === "abort"
        ? "toolshell: aborted (the shell did not stop by itself and was terminated)\n"
        : `toolshell: ${message}\n`;
  const exitCode = reason === "timeout" ? 124 : reason === "abort" ? 130 : 1;
  const limit = order.limits.maxOutputBytes;
  const stdout = truncateOutput(printed?.stdout ?? "", limit, "stdout");
  const stderr = truncateOutput(printed?.stderr ?? "", limit, "stderr");
  const overflow = printed?.cut
    ? "toolshell: the output printed before the shell was terminated was longer than what it keeps; the rest is lost\n"
    : "";
  return withTruncated({
    stdout: stdout.text,
    stderr: stderr.text + overflow + why,
    exitCode,
    trace: calls.trace.entries,
    truncated: stdout.cut || stderr.cut || (printed?.cut ?? false),
    traceDropped: calls.trace.dropped,
  });
}

/**
 * Runs in a worker. Tool calls come back to this thread. On the deadline or an abort the worker is asked to
 * stop (it keeps what it printed); if it has not answered within a short grace, it is terminated and replaced,
 * and the run ends with the trace of the calls this thread saw.
 */
export function runInWorker(setup: RunSetup, pool: WorkerPool): Promise<HostRunResult> {
  const lone = plainCall(setup);
  if (lone) {
    return runHere(setup, async () => {
      const { runLoneCall } = await loadLoneRun();
      return (request, catalog, callHost, stop) => runLoneCall(request, catalog, lone, callHost, stop, 0);
    });
  }
  const clock = new RunClock(setup);
  if (clock.reason) return Promise.resolve(notStarted(clock.reason, setup.order.timeoutMs));
  const calls = new RunCalls(setup, clock);
  let handle: RunHandle | undefined;
  return new Promise((resolve) => {
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    const finish = (result: HostRunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(killTimer);
      clock.dispose();
      resolve(result);
    };
    // The answer goes back whatever happens: RunCalls.answer never rejects (guardedDispatch).
    const onShellCall = (call: CallRequest) => {
      void calls.answer(call).then((answer) => handle?.answer(call.callId, answer));
    };
    const onFailed = (message: string) =>
      finish(lostRun(message, clock.reason, setup.order, calls, handle?.printed()));
    const stop = () => {
      const reason = clock.reason ?? "abort";
      // Still waiting for a worker: nothing ran, so say that (the pool takes the run out of its queue).
      const waited = clock.timedOutStarting ? "start" : "free";
      if (!handle) return finish(notStarted(reason, setup.order.timeoutMs, waited));
      handle.stop(reason);
      killTimer = setTimeout(() => {
        const printed = handle?.printed();
        handle?.kill();
        finish(lostRun("", reason, setup.order, calls, printed));
      }, KILL_GRACE_MS);
    };
    clock.controller.signal.addEventListener("abort", stop, { once: true });
    // TM-ISO-001: a pool worker's message listener and the outbox watcher are shared by every run of the process
    // and deliver in the async context of whichever run started them. This run's messages are handled in the
    // context of the execute() that started it, so its callbacks, policy, onCall hooks and spans see the caller's
    // AsyncLocalStorage stores (and OpenTelemetry context), never another tenant's. (runInAsyncScope closures:
    // AsyncResource.bind and AsyncLocalStorage.snapshot cost ~25 us each on Node 20, a closure ~0.3 us.)
    const caller = new AsyncResource("toolshell.run");
    const handlers: RunHandlers = {
      onShellCall: (call) => caller.runInAsyncScope(onShellCall, null, call),
      onDone: (result) => caller.runInAsyncScope(finish, null, calls.merged(result)),
      onFailed: (message) => caller.runInAsyncScope(onFailed, null, message),
    };
    // TM-DOS-004: the caller's timeoutMs counts from here, the wait for a free worker included.
    clock.start();
    const ticket: RunTicket = {
      owner: setup.registry,
      tenant: setup.tenant,
      signal: clock.controller.signal,
      deadline: () => clock.deadline,
      workerStarting: () => clock.workerStarting(),
      workerReady: () => clock.workerReady(),
    };
    void pool.start(setup.order, setup.catalog, handlers, ticket).then((started) => {
      if (!started) return;
      if ("full" in started) return finish(notStarted(started, setup.order.timeoutMs));
      handle = started;
      if (clock.controller.signal.aborted) started.stop(clock.reason ?? "abort");
    });
  });
}
