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
  /** The call's id as the tool's callback saw it (tools that were called only). */
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
