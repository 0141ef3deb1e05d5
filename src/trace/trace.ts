import { MAX_TRACE_ARGS_BYTES, MAX_TRACE_BYTES } from "../limits.js";
import type { OutcomeCode } from "../tool/call.js";

/** One command the run dispatched to a tool, `help` or `discover`. */
export interface TraceEntry {
  name: string;
  kind: "tool" | "help" | "discover";
  /**
   * The words after the command name, as the script passed them; past the trace's byte budget (4 KiB per entry,
   * 1 MiB per run, argv and params each counted) cut where the budget ends, at a `[toolshell: N bytes cut]` marker.
   */
  argv: string[];
  /**
   * The params after flag parsing (tools only; absent when parsing failed before any params existed, or when the
   * run's trace budget was spent). Past the budget a string value keeps its head and a `[toolshell: N bytes cut]`
   * marker, any other value becomes the string `[toolshell: N bytes of JSON cut]`, and keys past it are left out.
   */
  params?: Record<string, unknown>;
  /** Set when argv or params were cut to the trace's byte budget: the UTF-8 bytes each held before the cut. */
  truncated?: { argvBytes?: number; paramsBytes?: number };
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
   * registry for calls that reached it; by the shell for the commands it answered itself (invalid flags, a dry
   * run, the call limit, `help`).
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
  /** The tool is deprecated: the notice the call printed on stderr, e.g. `deprecated, use search_users`. */
  deprecated?: string;
  /**
   * The call ended at its deadline while its callback was still running: whatever the callback returns later is
   * dropped, reported to `onCall` as a record with `late`, and counted in `stats()` as a late result.
   */
  abandoned?: true;
}

/** One call as the registry saw it, from any surface: what `onCall` receives and the host builds trace entries from. */
/** What a callback threw, as the host reads it (CallRecord.error, api.call()'s error.cause). */
export interface ThrownError {
  /** An Error's name (`Error`, `TypeError`, `ToolError`...), else the thrown value's type (`string`, `object`...). */
  name: string;
  message: string;
  stack?: string;
}

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
  /** The tool is deprecated and ran: the notice its call printed, e.g. `deprecated, use search_users`. */
  deprecated?: string;
  /**
   * The `appData` of a callback's content result (`{ content, structuredContent?, isError?, appData }`): for the
   * host (onCall, audit), never printed, never in the trace a script or model sees.
   */
  appData?: unknown;
  /**
   * What the callback threw, for the host only: its name (an Error's, else the thrown value's type), message and
   * stack. Never in the trace, a script's output or an MCP answer, where the model reads `<tool>: callback failed`
   * (with sanitizeErrors on) or a ToolError's message.
   */
  error?: ThrownError;
  /** The call ended at its deadline with its callback still running. */
  abandoned?: true;
  /**
   * The ScriptedTool's state store failed (unreachable, or past its timeout) while this call's rate limit or
   * breaker was decided: the error, and what each tool option's `onStoreError` made of it (`rateLimit`: the call
   * was allowed uncounted or denied; `breaker`: this process's own breaker decided, or it was allowed or denied).
   */
  store?: { error: string; rateLimit?: "allow" | "deny"; breaker?: "local" | "allow" | "deny" };
  /**
   * Only on the second record of an abandoned call, sent when its callback finally settled: whether it gave a
   * value or an error, and how long after the call started. The value itself is dropped.
   */
  late?: { settled: "value" | "error"; afterMs: number };
}

/** Room kept for a cut marker: `[toolshell: N bytes of JSON cut]` with N up to 12 digits. */
const MARKER_ROOM = 48;

function cutMarker(bytes: number): string {
  return `[toolshell: ${bytes} bytes cut]`;
}

/** The longest head of `text` within `bytes` UTF-8 bytes, cut on a character boundary. */
function head(text: string, bytes: number): string {
  return Buffer.from(text, "utf8")
    .subarray(0, Math.max(0, bytes))
    .toString("utf8")
    .replace(/\uFFFD$/, "");
}

/** argv within `budget` bytes: whole words while they fit, then the head of the next and one marker for the rest. */
function boundArgv(argv: string[], budget: number): { argv: string[]; bytes: number; total?: number } {
  const sizes = argv.map((word) => Buffer.byteLength(word));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= budget) return { argv, bytes: total };
  const kept: string[] = [];
  let used = 0;
  for (const [index, word] of argv.entries()) {
    const size = sizes[index] ?? 0;
    if (used + size <= budget) {
      kept.push(word);
      used += size;
      continue;
    }
    const start = budget - used > MARKER_ROOM ? head(word, budget - used - MARKER_ROOM) : "";
    used += Buffer.byteLength(start);
    kept.push(`${start}${cutMarker(total - used)}`);
    break;
  }
  return { argv: kept, bytes: Math.min(budget, used + MARKER_ROOM), total };
}

/** One params value cut to fit `room` bytes of JSON, or undefined when even a marker does not fit. */
function boundValue(value: unknown, json: string, room: number): unknown {
  if (typeof value === "string") {
    let kept = head(value, room - MARKER_ROOM - 2); // 2: its quotes
    // JSON escapes can make the head's JSON longer than its bytes: halve until it fits.
    while (kept !== "" && Buffer.byteLength(JSON.stringify(kept)) + MARKER_ROOM > room) {
      kept = head(kept, Math.floor(Buffer.byteLength(kept) / 2));
    }
    if (kept !== "" || room >= MARKER_ROOM) {
      return `${kept}${cutMarker(Buffer.byteLength(value) - Buffer.byteLength(kept))}`;
    }
    return undefined;
  }
  return room >= MARKER_ROOM ? `[toolshell: ${Buffer.byteLength(json)} bytes of JSON cut]` : undefined;
}

/** params whose JSON fits `budget` bytes: values kept while they fit, then cut (see TraceEntry.params). */
function boundParams(
  params: Record<string, unknown>,
  budget: number,
): { params?: Record<string, unknown>; bytes: number; total?: number } {
  const total = Buffer.byteLength(JSON.stringify(params) ?? "");
  if (total <= budget) return { params, bytes: total };
  if (budget < MARKER_ROOM * 2) return { bytes: 0, total };
  const kept: Array<[string, unknown]> = [];
  let used = 2; // {}
  for (const [key, value] of Object.entries(params)) {
    const json = JSON.stringify(value);
    if (json === undefined) continue;
    const keyBytes = Buffer.byteLength(JSON.stringify(key)) + 2; // the colon, and a comma
    const size = keyBytes + Buffer.byteLength(json);
    const fitted = used + size <= budget ? value : boundValue(value, json, budget - used - keyBytes);
    if (fitted === undefined) break;
    kept.push([key, fitted]);
    used += fitted === value ? size : keyBytes + Buffer.byteLength(JSON.stringify(fitted));
  }
  // fromEntries defines own properties: a model-chosen key such as `__proto__` cannot reach a prototype.
  return { params: Object.fromEntries(kept), bytes: used, total };
}

/**
 * A byte budget spent the trace's way: each entry keeps at most `entryBytes` of argv and of params' JSON, and all
 * entries at most `totalBytes` of both, cut at visible markers (see TraceEntry.argv and .params). `total` is set
 * when something was cut: the UTF-8 bytes before the cut. The trace has one; plan mode's plannedCalls another.
 */
export class ByteBudget {
  private remaining: number;

  constructor(
    private readonly entryBytes: number = MAX_TRACE_ARGS_BYTES,
    totalBytes: number = MAX_TRACE_BYTES,
  ) {
    this.remaining = totalBytes;
  }

  argv(argv: string[]): { argv: string[]; total?: number } {
    const bounded = boundArgv(argv, Math.min(this.entryBytes, this.remaining));
    this.remaining = Math.max(0, this.remaining - bounded.bytes);
    return bounded;
  }

  /** params within the budget; undefined params when the budget is spent (total then says how big they were). */
  params(params: Record<string, unknown>): { params?: Record<string, unknown>; total?: number } {
    const bounded = boundParams(params, Math.min(this.entryBytes, this.remaining));
    this.remaining = Math.max(0, this.remaining - bounded.bytes);
    return bounded;
  }
}

/** One entry cut to what is left of `budget` (see TraceEntry.argv and .params), marked `truncated` when it was. */
function boundedEntry(entry: TraceEntry, budget: ByteBudget): TraceEntry {
  const argv = budget.argv(entry.argv);
  const params = entry.params === undefined ? undefined : budget.params(entry.params);
  if (argv.total === undefined && params?.total === undefined) return entry;
  const truncated: NonNullable<TraceEntry["truncated"]> = {};
  if (argv.total !== undefined) truncated.argvBytes = argv.total;
  if (params?.total !== undefined) truncated.paramsBytes = params.total;
  const { params: _dropped, ...rest } = entry;
  return {
    ...rest,
    argv: argv.argv,
    ...(params?.params !== undefined ? { params: params.params } : {}),
    truncated,
  };
}

/**
 * Collects trace entries, keeping the first `limit` and counting the rest. The host keeps one per run for the
 * calls it answered; the shell one (ShellTrace) for the commands it answered alone.
 * TM-MEM-003: entries are also bounded in bytes: each keeps at most `entryBytes` of argv and of params, and the
 * entries at most `totalBytes` of both in all, so 1,000 calls with 32 KiB flags stay near 1 MiB (63 MiB
 * before), in the worker, in the message that carries the result, and in every answer built from it.
 */
export class TraceRecorder {
  readonly entries: TraceEntry[] = [];
  dropped = 0;
  private readonly budget: ByteBudget;

  constructor(
    private readonly limit: number,
    entryBytes: number = MAX_TRACE_ARGS_BYTES,
    totalBytes: number = MAX_TRACE_BYTES,
  ) {
    this.budget = new ByteBudget(entryBytes, totalBytes);
  }

  /** Keeps the entry, bounded; returns what was kept (undefined once the trace is full). */
  record(entry: TraceEntry): TraceEntry | undefined {
    if (this.entries.length >= this.limit) {
      this.dropped++;
      return undefined;
    }
    const kept = boundedEntry(entry, this.budget);
    this.entries.push(kept);
    return kept;
  }
}

/**
 * One step of a run's trace as the shell reports it: the entry of a command the shell answered alone (help,
 * discover, refused params, a dry run, the call limit), or the call id of a call the host answered, whose entry
 * the host made (ADR 0034).
 */
export type ShellTraceStep = TraceEntry | string;

/** The shell's side of a run's trace: its own commands' entries and, in their place, the host's calls' ids. */
export class ShellTrace {
  readonly steps: ShellTraceStep[] = [];
  dropped = 0;
  private readonly budget: ByteBudget;

  constructor(private readonly limit: number) {
    this.budget = new ByteBudget();
  }

  /** A command the host never saw. */
  record(entry: TraceEntry): void {
    if (this.steps.length < this.limit) this.steps.push(boundedEntry(entry, this.budget));
    else this.dropped++;
  }

  /** A call the host answered, in the place the shell saw it end. */
  answered(callId: string): void {
    if (this.steps.length < this.limit) this.steps.push(callId);
    else this.dropped++;
  }
}

/** How many entries had argv or params cut to the trace's byte budget. */
export function truncatedEntries(entries: readonly TraceEntry[]): number {
  let truncated = 0;
  for (const entry of entries) if (entry.truncated) truncated++;
  return truncated;
}

/**
 * A run's trace in the order the shell saw its commands end: the shell's own entries (given the run's tenant)
 * and, for each call id, the entry the host made of that call. A call the host no longer keeps is counted in
 * `missing`.
 */
export function mergeTrace(
  steps: readonly ShellTraceStep[],
  answered: ReadonlyMap<string, TraceEntry>,
  tenant: string | undefined,
): { entries: TraceEntry[]; missing: number } {
  const entries: TraceEntry[] = [];
  let missing = 0;
  for (const step of steps) {
    if (typeof step !== "string") {
      if (tenant !== undefined) step.tenant = tenant;
      entries.push(step);
      continue;
    }
    const entry = answered.get(step);
    if (entry) entries.push(entry);
    else missing++;
  }
  return { entries, missing };
}

/** Milliseconds since `started` (a performance.now() reading), to the microsecond. */
export function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}
