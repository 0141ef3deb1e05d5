import type { OutcomeCode } from "./protocol.js";

/** One command the run dispatched to a tool, `help` or `discover`. */
export interface TraceEntry {
  name: string;
  kind: "tool" | "help" | "discover";
  /** The words after the command name, as the script passed them. */
  argv: string[];
  /** The params after flag parsing (tools only; absent when parsing failed before any params existed). */
  params?: Record<string, unknown>;
  exitCode: number;
  durationMs: number;
  /**
   * The call's id as the tool's callback saw it, and as its onCall record has it; a call the shell refused for
   * invalid params has one too (its record), a dry run or a call past the call limit has none.
   */
  callId?: string;
  /**
   * How the value the callback returned fails the tool's outputSchema, one short line each, e.g.
   * `.id: expected integer, got "42"`; absent when it matches or the tool declares no outputSchema.
   */
  outputIssues?: string[];
  /** What the policy decided, when the ScriptedTool has one (a denied call's callback never ran). */
  decision?: "allow" | "deny";
  /** Plan mode recorded the call instead of running it (the tool is not read-only). */
  planned?: true;
  /** The run's tenant, when it has one. */
  tenant?: string;
  /**
   * How the command ended: `"ok"` or an error code (`denied`, `timeout`, `circuit_open`, ...). Set by the host's
   * registry for calls that reached it; for commands the shell answered itself (invalid flags, the call limit,
   * `help`), from their exit code.
   */
  outcome?: OutcomeCode | "limit_reached";
  /** UTF-8 bytes of the params' JSON plus piped stdin (calls with a record). */
  bytesIn?: number;
  /** UTF-8 bytes of the output the call gave the shell (calls that reached the host). */
  bytesOut?: number;
  /** Times the callback ran (more than 1 only under a tool's `retry`; 0 when it never ran). */
  attempts?: number;
  /** Prompt-injection phrasing found in the output of a `trust: "untrusted"` tool, e.g. `["you-are-now"]`. */
  injectionFlags?: string[];
  /**
   * The call ended at its deadline while its callback was still running: whatever the callback returns later is
   * dropped, reported to `onCall` as a record with `late`, and counted in `stats()` as a late result.
   */
  abandoned?: true;
}

/** One call as the registry saw it, from any surface: what `onCall` receives and the trace entries gain. */
export interface CallRecord {
  callId: string;
  name: string;
  /** Where the call came from. */
  surface: "shell" | "host";
  tenant: string | undefined;
  outcome: OutcomeCode;
  exitCode: number;
  /** What the policy decided, when there is one and it was asked. */
  decision?: "allow" | "deny";
  /** Plan mode recorded the call instead of running it. */
  planned?: true;
  /** Host-side time from dispatch to outcome, in ms. */
  durationMs: number;
  bytesIn: number;
  bytesOut: number;
  /** Times the callback ran (0 when a stage before it stopped the call). */
  attempts: number;
  /** Set when the tool is `trust: "untrusted"` and its callback ran. */
  untrusted?: true;
  injectionFlags?: string[];
  /** The call ended at its deadline with its callback still running. */
  abandoned?: true;
  /**
   * Only on the second record of an abandoned call, sent when its callback finally settled: whether it gave a
   * value or an error, and how long after the call started. The value itself is dropped.
   */
  late?: { settled: "value" | "error"; afterMs: number };
}

/** Collects a run's trace, keeping the first `limit` entries and counting the rest. */
export class TraceRecorder {
  readonly entries: TraceEntry[] = [];
  dropped = 0;

  constructor(private readonly limit: number) {}

  record(entry: TraceEntry): void {
    if (this.entries.length < this.limit) this.entries.push(entry);
    else this.dropped++;
  }
}

/** Milliseconds since `started` (a performance.now() reading), to the microsecond. */
export function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}

/** The outcome of a command the shell answered without the host: from its exit code (nothing else is known). */
function shellOutcome(entry: TraceEntry): NonNullable<TraceEntry["outcome"]> {
  if (entry.exitCode === 0) return "ok";
  if (entry.kind !== "tool") return "invalid_params";
  if (entry.exitCode === 124) return "timeout";
  if (entry.exitCode === 130) return "cancelled";
  return entry.callId === undefined && entry.exitCode === 1 ? "limit_reached" : "invalid_params";
}

/**
 * Adds to a run's trace what the host's registry recorded of each call (outcome, bytes, attempts, injection
 * flags, abandoned callbacks) and the run's tenant. Entries are the run's own objects, completed in place.
 */
export function completeTrace(
  entries: TraceEntry[],
  records: ReadonlyMap<string, CallRecord>,
  tenant: string | undefined,
): void {
  for (const entry of entries) {
    if (tenant !== undefined) entry.tenant = tenant;
    const record = entry.callId === undefined ? undefined : records.get(entry.callId);
    if (!record) {
      entry.outcome = shellOutcome(entry);
      continue;
    }
    entry.outcome = record.outcome;
    entry.bytesIn = record.bytesIn;
    entry.bytesOut = record.bytesOut;
    entry.attempts = record.attempts;
    if (record.injectionFlags) entry.injectionFlags = record.injectionFlags;
    if (record.abandoned) entry.abandoned = true;
  }
}
