/**
 * The one layer that guarantees a call never rejects, for every surface (a script's calls and host code's): the
 * registry's dispatch, with anything that escapes it turned into a `handler_failed` outcome and record.
 */
import type { PolicyCall } from "../registry/policy.js";
import { internalError } from "../registry/record.js";
import type { Registry } from "../registry/registry.js";
import type { CallInput, Dispatched, RunCallContext } from "../registry/request.js";
import { elapsedMs } from "../trace/trace.js";

/**
 * Dispatches one call; resolves whatever happens inside (a stage no value anticipated that throws, a hook or
 * telemetry that fails): nothing escapes into the event loop, and the shell (or host code) gets an answer.
 */
export async function guardedDispatch(
  registry: Registry,
  name: string,
  params: Record<string, unknown>,
  call: CallInput,
  run: RunCallContext,
  surface: PolicyCall["surface"],
): Promise<Dispatched> {
  const started = performance.now();
  try {
    return await registry.dispatch(name, params, call, run, surface);
  } catch {
    const failure = internalError(name, call, run, surface);
    failure.record.durationMs = elapsedMs(started);
    run.records?.set(call.callId, failure.record);
    return failure;
  }
}
