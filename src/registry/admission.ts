/**
 * The admission stage: a tool's rate limit and circuit breaker, decided by the ScriptedTool's state store (this
 * process's memory by default, RedisStore to share them between processes), and what a call gets when a shared
 * store fails: the tool's `onStoreError` choice, written in its record (docs/decisions/0050).
 */

import { type BreakerVerdict, CircuitBreaker } from "../store/circuit.js";
import {
  type Admission,
  type Awaitable,
  boundedAnswer,
  DEFAULT_STORE_TIMEOUT_MS,
  releaseQuietly,
  type StateStore,
} from "../store/store.js";
import type { CallOutcome } from "../tool/call.js";
import type { BreakerOptions, RateLimitOptions } from "../tool/resilience.js";
import type { RegisteredTool } from "../tool/tool.js";
import type { CallRecord } from "../trace/trace.js";
import { failed } from "./render.js";
import type { CallInFlight } from "./request.js";

/** Exit code of a call refused because its tool is unavailable for now (circuit open, rate limited): EX_TEMPFAIL. */
const TEMPORARY_FAILURE_EXIT = 75;

/** Calls admitted by this process: each call's ticket in the store. */
let tickets = 0;

/** A half-open trial's lease past the call's own deadline (a process that died mid-trial frees it then). */
const TRIAL_LEASE_SLACK_MS = 1000;

/** One tool's gate: its store key, its settings, and (with a shared store) this process's own breaker. */
export interface Gate {
  /** The tool's key in the store: the ScriptedTool's name and the tool's. */
  key: string;
  /** How long one call of the tool may take at most (its attempts, their waits), when its timeoutMs bounds it. */
  callMs: number | undefined;
  rateLimit: Required<RateLimitOptions> | undefined;
  breaker: Required<BreakerOptions> | undefined;
  /** This process's breaker of the tool, which decides when a shared store fails (`onStoreError: "local"`). */
  local: CircuitBreaker | undefined;
}

/** How a call passed the gate. */
export interface Pass {
  /** The call's name in the store (see AdmitRequest.ticket). */
  ticket: string;
  /** The token of the half-open trial the store admitted the call as. */
  trial?: string;
  /** The call is a trial of this process's own breaker (the store had failed). */
  localTrial?: boolean;
  /** Whether the call still has to be counted against the rate limit (after a policy). */
  uncounted: boolean;
}

export function makeGate(
  key: string,
  tool: RegisteredTool,
  breaker: Required<BreakerOptions> | undefined,
  shared: boolean,
): Gate {
  const { timeoutMs, retry } = tool;
  const attempts = retry?.attempts ?? 1;
  // Every attempt at its timeoutMs, and the doubling waits between them.
  const callMs =
    timeoutMs === undefined
      ? undefined
      : timeoutMs * attempts + (retry?.backoffMs ?? 0) * (2 ** (attempts - 1) - 1);
  return {
    key,
    callMs,
    rateLimit: tool.rateLimit,
    breaker,
    local: breaker && shared ? new CircuitBreaker(breaker) : undefined,
  };
}

/** A store operation bounded by the store's timeout (TM-DOS-009); a late answer goes to `late`. */
function bounded<T>(
  store: StateStore,
  operation: Awaitable<T>,
  what: string,
  late: (value: T) => void,
): Promise<T> {
  return boundedAnswer(operation, store.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS, what, late);
}

/** Undoes what a late answer did: the call it counted, the trial it granted. */
function release(store: StateStore, gate: Gate, ticket: string, token?: string): void {
  releaseQuietly(store, gate.key, ticket, token);
}

/**
 * The message of an error a store operation failed with, for the record only: it may name the store's host and
 * port, which a script (and the model) must not read.
 */
function storeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]?.slice(0, 200) || "unknown error";
}

/** Notes in the record that the store failed, and what the tool's choices made of it. */
function noteStore(
  record: CallRecord,
  error: unknown,
  choice: NonNullable<CallRecord["store"]>["rateLimit"] | undefined,
  breaker?: NonNullable<CallRecord["store"]>["breaker"],
): void {
  const store = record.store ?? { error: storeError(error) };
  if (choice !== undefined) store.rateLimit = choice;
  if (breaker !== undefined) store.breaker = breaker;
  record.store = store;
}

function rateLimited(name: string, limit: Required<RateLimitOptions>): CallOutcome {
  const message = `${name}: rate limited (at most ${limit.calls} calls per ${limit.perMs} ms); try again later\n`;
  return failed("rate_limited", message, TEMPORARY_FAILURE_EXIT);
}

function circuitOpen(name: string, failures: number): CallOutcome {
  const message = `${name}: temporarily unavailable (${failures} recent failures)\n`;
  return failed("circuit_open", message, TEMPORARY_FAILURE_EXIT);
}

/** The answers of a store that failed: the rate limit's `onStoreError`, then the breaker's. */
function fallback(gate: Gate, call: CallInFlight, error: unknown, ticket: string): Pass | CallOutcome {
  const { record } = call;
  const name = record.name;
  if (gate.rateLimit) {
    const choice = gate.rateLimit.onStoreError;
    noteStore(record, error, choice);
    if (choice === "deny") {
      return failed(
        "rate_limited",
        `${name}: rate limit unavailable (its state store did not answer); try again later\n`,
        TEMPORARY_FAILURE_EXIT,
      );
    }
  }
  if (!gate.breaker) return { ticket, uncounted: false };
  const choice = gate.breaker.onStoreError;
  noteStore(record, error, undefined, choice);
  if (choice === "allow") return { ticket, uncounted: false };
  if (choice === "deny") {
    return failed(
      "circuit_open",
      `${name}: temporarily unavailable (its state store did not answer)\n`,
      TEMPORARY_FAILURE_EXIT,
    );
  }
  const admitted = (gate.local as CircuitBreaker).admit();
  if (typeof admitted === "number") return circuitOpen(name, admitted);
  return admitted === "trial" ? { ticket, localTrial: true, uncounted: false } : { ticket, uncounted: false };
}

/**
 * Rate limit, then circuit breaker, in one store operation: a refusal, or how the call passed. Both come before a
 * policy (never ask an approver about a call that cannot run now); with a policy (`countNow` false) the call is
 * counted by `count` once it is allowed.
 */
export async function admit(
  store: StateStore,
  gate: Gate,
  call: CallInFlight,
  countNow: boolean,
): Promise<Pass | CallOutcome> {
  const { rateLimit, breaker } = gate;
  const ticket = String(++tickets);
  const { run, record } = call;
  const runLeft = Math.max(0, run.runDeadline - Date.now());
  let admission: Admission;
  // TM-DOS-009: bounded here, whatever store it is, so a store that never answers cannot hold the call.
  try {
    const asked = store.admit(gate.key, {
      rateLimit,
      breaker,
      take: countNow,
      // The trial is held until the call's own deadline: its tool's limit when sooner than the run's end.
      trialLeaseMs: Math.min(runLeft, gate.callMs ?? runLeft) + TRIAL_LEASE_SLACK_MS,
      ticket,
    });
    admission = await bounded(store, asked, "the state store's admit", (late) => {
      if ("admitted" in late)
        release(store, gate, ticket, late.admitted === "trial" ? late.token : undefined);
    });
  } catch (error) {
    return fallback(gate, call, error, ticket);
  }
  if ("refused" in admission) {
    return admission.refused === "rate_limited"
      ? rateLimited(record.name, rateLimit as Required<RateLimitOptions>)
      : circuitOpen(record.name, admission.failures);
  }
  const uncounted = rateLimit !== undefined && !countNow;
  return admission.admitted === "trial"
    ? { ticket, trial: admission.token, uncounted }
    : { ticket, uncounted };
}

/**
 * Counts a call a policy allowed against the rate limit, if it still fits (other calls may have used the window
 * while the policy decided): a refusal, or undefined.
 */
export async function count(
  store: StateStore,
  gate: Gate,
  call: CallInFlight,
  pass: Pass,
): Promise<CallOutcome | undefined> {
  const limit = gate.rateLimit as Required<RateLimitOptions>;
  const { ticket } = pass;
  try {
    const fits = await bounded(
      store,
      store.take(gate.key, limit, ticket),
      "the state store's take",
      (late) => {
        if (late) release(store, gate, ticket);
      },
    );
    return fits ? undefined : rateLimited(call.record.name, limit);
  } catch (error) {
    noteStore(call.record, error, limit.onStoreError);
    if (limit.onStoreError === "allow") return undefined;
    return failed(
      "rate_limited",
      `${call.record.name}: rate limit unavailable (its state store did not answer); try again later\n`,
      TEMPORARY_FAILURE_EXIT,
    );
  }
}

/**
 * Tells the breaker how an admitted call ended. Only a failure or a trial's end changes a circuit, so other ends
 * cost no store operation. This process's own breaker hears every end too, so it has history when it must decide.
 */
export async function settle(
  store: StateStore,
  gate: Gate,
  pass: Pass,
  verdict: BreakerVerdict,
  call: CallInFlight,
): Promise<void> {
  const { breaker, local } = gate;
  if (!breaker) return;
  // The local breaker follows the shared circuit's trials too (a shared trial's success closes it, a failure
  // opens it), so what it decides in an outage starts from what the replicas last agreed.
  local?.settle(verdict, pass.localTrial === true || pass.trial !== undefined);
  if (pass.localTrial || (verdict !== "failure" && pass.trial === undefined)) return;
  // A call the fallback let through (the store had failed) has nothing to report to it but a failure.
  try {
    await bounded(
      store,
      store.settle(gate.key, breaker, verdict, pass.trial),
      "the state store's settle",
      () => {},
    );
  } catch (error) {
    noteStore(call.record, error, undefined, local ? "local" : undefined);
  }
}
