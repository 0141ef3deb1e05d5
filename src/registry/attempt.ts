/**
 * Running a tool's callback: each attempt under the call's deadline, retries when the tool opts in, the value a
 * streaming callback ends with, and the late result of a callback the deadline abandoned.
 */

import type { BreakerVerdict } from "../store/circuit.js";
import type { CallOutcome } from "../tool/call.js";
import { asContentResult, resultValue } from "../tool/content.js";
import type { RegisteredTool, ToolContext } from "../tool/tool.js";
import { type CallRecord, elapsedMs, type ThrownError } from "../trace/trace.js";
import { abortedOutcome, callLimit, pause, raceAbort } from "./deadline.js";
import type { OutputCheck } from "./output-check.js";
import { capped, failedOutcome, isToolError, render, thrownError } from "./render.js";
import type { CallInFlight, RunCallContext } from "./request.js";

/** What attempts need from the registry, per tool: its output check, strictOutput, where a late result goes. */
export interface AttemptSettings {
  check: OutputCheck | undefined;
  strict: boolean;
  /** Receives the frozen second record of an abandoned callback that settled after all. */
  late: (record: CallRecord, run: RunCallContext) => void;
}

/** How one attempt at running the callback ended, for retries and the breaker. */
export interface Attempt {
  outcome: CallOutcome;
  value?: unknown;
  /** Worth another attempt: the callback threw (not a ToolError) or passed the tool's own timeoutMs. */
  retryable: boolean;
  verdict: BreakerVerdict;
}

/** One attempt in flight: what its callback gave so far, and the race of its outcome against the deadline. */
class AttemptState {
  value: unknown = undefined;
  /** How the callback ended: undefined while it runs. */
  ended: "value" | "tool_error" | "threw" | undefined = undefined;
  /** What the callback threw, for the host (CallRecord.error). */
  thrown: ThrownError | undefined = undefined;
  readonly started: number = performance.now();
  /** The callback's outcome, whenever it comes (set right after construction). */
  called!: Promise<CallOutcome>;
  /** The outcome, or the deadline's. */
  race!: Promise<CallOutcome>;

  constructor(readonly dispose: () => void) {}
}

/**
 * The value a callback ends with: the last one a streaming callback (one returning an async iterable, such as an
 * async generator, as AI SDK tools that stream do) yields. Reading stops, and the stream is closed, once the
 * call's signal aborts: a stream that ignores the signal is not read forever after its call ended.
 */
async function finalValue(value: unknown, signal: AbortSignal): Promise<unknown> {
  const resolved = await value;
  if (typeof resolved !== "object" || resolved === null || !(Symbol.asyncIterator in resolved))
    return resolved;
  let last: unknown;
  for await (const item of resolved as AsyncIterable<unknown>) {
    if (signal.aborted) break;
    last = item;
  }
  return last;
}

/** Runs the callback: once, or under the tool's `retry` again while it fails in a retryable way. */
export function runAttempts(
  tool: RegisteredTool,
  params: Record<string, unknown>,
  call: CallInFlight,
  settings: AttemptSettings,
): Promise<Attempt> {
  if (tool.retry) return withRetries(tool, params, call, settings);
  // Not async: a call without retries pays one promise over the race, not an async frame as well.
  const attempt = startAttempt(tool, params, call, settings);
  return attempt.race.then((outcome) => endAttempt(attempt, outcome, call, settings));
}

/** Runs the callback again while it fails in a retryable way, within the call's deadline and never after a cancel. */
async function withRetries(
  tool: RegisteredTool,
  params: Record<string, unknown>,
  call: CallInFlight,
  settings: AttemptSettings,
): Promise<Attempt> {
  const { attempts, backoffMs } = tool.retry as Required<NonNullable<RegisteredTool["retry"]>>;
  const { run } = call;
  let attempt = startAttempt(tool, params, call, settings);
  let result = endAttempt(attempt, await attempt.race, call, settings);
  for (let done = 1; done < attempts && result.retryable && !run.signal.aborted; done++) {
    const wait = backoffMs * 2 ** (done - 1);
    if (Date.now() + wait >= run.runDeadline) break;
    if (!(await pause(wait, run.signal))) {
      return {
        outcome: abortedOutcome(tool.spec.name, run.signal),
        retryable: false,
        verdict: "neutral",
      };
    }
    attempt = startAttempt(tool, params, call, settings);
    result = endAttempt(attempt, await attempt.race, call, settings);
  }
  return result;
}

/**
 * Starts one run of the callback under the call's deadline; `race` settles with its outcome or at the deadline
 * (then `endAttempt` finds it still running and abandons it). Split in two so a call awaits only the race.
 */
function startAttempt(
  tool: RegisteredTool,
  params: Record<string, unknown>,
  call: CallInFlight,
  settings: AttemptSettings,
): AttemptState {
  const { record, run } = call;
  const name = tool.spec.name;
  record.attempts++;
  const limit = callLimit(tool.timeoutMs, run);
  const context: ToolContext = {
    stdin: call.stdin,
    signal: limit.signal,
    abortSignal: limit.signal,
    callId: record.callId,
    toolCallId: record.callId,
    context: run.context,
    tenant: run.tenant,
    surface: record.surface,
    deadline: limit.deadline,
    messages: [],
  };
  const state = new AttemptState(limit.dispose);
  state.called = (async () => {
    const value = await finalValue(tool.execute(params, context), limit.signal);
    state.value = value;
    state.ended = "value";
    // MCP's result shape prints as an upstream's result does; its appData is for the record, never the script.
    const content = asContentResult(value);
    if (content === undefined) return capped(name, render(name, value, settings.check, settings.strict));
    if (content.appData !== undefined) record.appData = content.appData;
    return capped(name, render(name, resultValue(content), settings.check, settings.strict));
  })().catch((error: unknown) => {
    state.ended = isToolError(error) ? "tool_error" : "threw";
    // Host-only: the model reads failedOutcome's words (issue 16, item 3).
    state.thrown = thrownError(error);
    return failedOutcome(name, error, run.sanitizeErrors);
  });
  // "timed out after N ms" quotes the tool's timeoutMs only when that is the limit that applies, not the run's.
  const ownTimeout = limit.signal === run.signal ? undefined : tool.timeoutMs;
  state.race = raceAbort(name, state.called, limit.signal, ownTimeout);
  return state;
}

/** How an attempt ended, once its race settled: a callback still running is abandoned (its late result watched). */
function endAttempt(
  state: AttemptState,
  outcome: CallOutcome,
  call: CallInFlight,
  settings: AttemptSettings,
): Attempt {
  state.dispose();
  if (state.ended === undefined) {
    call.record.abandoned = true;
    watchLate(state, call, outcome, settings);
    const ownTimeout = outcome.code === "timeout" && !call.run.signal.aborted;
    return { outcome, retryable: ownTimeout, verdict: outcome.code === "timeout" ? "failure" : "neutral" };
  }
  // The last attempt's: an earlier attempt's error is not the call's when a retry succeeded.
  if (state.thrown) call.record.error = state.thrown;
  else delete call.record.error;
  const threw = state.ended === "threw";
  const verdict: BreakerVerdict = outcome.code === "ok" ? "success" : threw ? "failure" : "neutral";
  return { outcome, value: state.value, retryable: threw, verdict };
}

/** When an abandoned callback settles after all: a second record with `late`, and the tool's late count. */
function watchLate(
  state: AttemptState,
  call: CallInFlight,
  cut: CallOutcome,
  settings: AttemptSettings,
): void {
  void state.called.then((settled) => {
    const late: CallRecord = {
      ...call.record,
      outcome: cut.code ?? "timeout",
      exitCode: cut.exitCode,
      abandoned: true,
      late: { settled: settled.code === "ok" ? "value" : "error", afterMs: elapsedMs(state.started) },
      ...(state.thrown ? { error: state.thrown } : {}),
    };
    settings.late(Object.freeze(late), call.run);
  });
}
