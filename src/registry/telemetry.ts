/**
 * OpenTelemetry spans, following the GenAI semantic conventions for tool execution: one `execute_tool <script
 * tool>` span per execute() and one `execute_tool <tool>` child span per tool call. `@opentelemetry/api` is an
 * optional peer: it is reached only through a dynamic import, once, and when it is absent nothing happens.
 */

import type { OutcomeCode } from "../tool/call.js";

/** The few members of an OpenTelemetry `Span` toolshell uses (structural, so the package stays optional). */
export interface SpanLike {
  setAttribute(key: string, value: string | number | boolean): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  isRecording(): boolean;
  end(): void;
}

/** The one member of an OpenTelemetry `Tracer` toolshell uses. */
export interface TracerLike {
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: Record<string, string | number | boolean> },
    context?: unknown,
  ): SpanLike;
}

/** The `telemetry` option of a ScriptedTool. */
export interface TelemetryOptions {
  /** The tracer to use; default: `trace.getTracer("toolshell")` from the globally registered provider. */
  tracer?: TracerLike;
  /** Record each call's params (and the run's script) as `gen_ai.tool.call.arguments` (default false: they may be sensitive). */
  recordArguments?: boolean;
  /** Record each call's output (and the run's stdout) as `gen_ai.tool.call.result`, cut to 4 KiB (default false). */
  recordResults?: boolean;
}

/** What toolshell needs of `@opentelemetry/api`. */
interface OtelApi {
  trace: {
    getTracer(name: string, version?: string): TracerLike;
    setSpan(context: unknown, span: SpanLike): unknown;
  };
  context: { active(): unknown };
}

/** Characters of arguments or results a span attribute keeps. */
const MAX_ATTRIBUTE_CHARS = 4096;
const SPAN_KIND_INTERNAL = 0;
const STATUS_ERROR = 2;

let loading: Promise<OtelApi | undefined> | undefined;

/**
 * Not a literal, and marked for bundlers to leave alone: an application that bundles toolshell without
 * OpenTelemetry must not fail to build (0047); with it, the API is imported at run time, from node_modules.
 */
const OTEL_API = "@opentelemetry/api";

/** `@opentelemetry/api`, imported once; undefined when it is not installed. */
function loadOtelApi(): Promise<OtelApi | undefined> {
  loading ??= import(/* webpackIgnore: true */ /* @vite-ignore */ OTEL_API).then(
    (module) => ((module as { default?: OtelApi }).default ?? module) as unknown as OtelApi,
    () => undefined,
  );
  return loading;
}

function capped(text: string): string {
  return text.length > MAX_ATTRIBUTE_CHARS ? `${text.slice(0, MAX_ATTRIBUTE_CHARS)}...` : text;
}

/**
 * A span from `start`, set up by `setup`; undefined when it would not be recorded or the tracer threw (a failing
 * tracer costs the spans, never the run or the call). A span that was made is ended when it is not kept.
 */
function opened(start: () => SpanLike, setup: (span: SpanLike) => void): SpanLike | undefined {
  let span: SpanLike | undefined;
  try {
    span = start();
    if (span.isRecording()) {
      setup(span);
      return span;
    }
  } catch {
    // the tracer's failure is the host's own
  }
  if (span !== undefined) ended(span, () => {});
  return undefined;
}

/** Ends a span exactly once after `finish` set its attributes, whatever either throws. */
function ended(span: SpanLike, finish: () => void): void {
  try {
    finish();
  } catch {
    // an attribute the tracer refused: the span still ends
  }
  try {
    span.end();
  } catch {
    // nothing more to do
  }
}

/** What a finished call reports to its span. */
export interface SpanEnd {
  outcome: OutcomeCode;
  exitCode: number;
  attempts: number;
  output?: string;
  /** The first line of the call's stderr, for the error status's description. */
  message?: string;
}

/** Spans for one ScriptedTool, once `@opentelemetry/api` (or an explicit tracer) is at hand. */
export class Telemetry {
  constructor(
    private readonly api: OtelApi | undefined,
    private readonly tracer: TracerLike,
    private readonly options: TelemetryOptions,
  ) {}

  /** The run's span, `execute_tool <name>`; undefined when no provider records it (nothing else is made then). */
  startRun(name: string, script: string): SpanLike | undefined {
    return opened(
      () =>
        this.tracer.startSpan(`execute_tool ${name}`, {
          kind: SPAN_KIND_INTERNAL,
          attributes: {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": name,
            "gen_ai.tool.type": "function",
          },
        }),
      (span) => {
        if (this.options.recordArguments) {
          span.setAttribute("gen_ai.tool.call.arguments", capped(JSON.stringify({ commands: script })));
        }
      },
    );
  }

  /** Ends the run's span with its exit code (error status when the script failed). */
  endRun(span: SpanLike, result: { exitCode: number; stdout: string; calls: number }): void {
    ended(span, () => {
      span.setAttribute("toolshell.exit_code", result.exitCode);
      span.setAttribute("toolshell.tool_calls", result.calls);
      if (this.options.recordResults) span.setAttribute("gen_ai.tool.call.result", capped(result.stdout));
      if (result.exitCode !== 0) {
        span.setAttribute("error.type", `exit_${result.exitCode}`);
        span.setStatus({ code: STATUS_ERROR, message: `exit code ${result.exitCode}` });
      }
    });
  }

  /**
   * A tool call's span, child of `parent` when given (linked explicitly: no context manager is assumed), else
   * of whatever context is active. Undefined when it would not be recorded.
   */
  startCall(
    name: string,
    callId: string,
    description: string,
    argumentsJson: string | undefined,
    parent: SpanLike | undefined,
  ): SpanLike | undefined {
    const api = this.api;
    return opened(
      () => {
        const context = api
          ? parent
            ? api.trace.setSpan(api.context.active(), parent)
            : api.context.active()
          : undefined;
        return this.tracer.startSpan(
          `execute_tool ${name}`,
          {
            kind: SPAN_KIND_INTERNAL,
            attributes: {
              "gen_ai.operation.name": "execute_tool",
              "gen_ai.tool.name": name,
              "gen_ai.tool.call.id": callId,
              "gen_ai.tool.type": "function",
              ...(description ? { "gen_ai.tool.description": capped(description) } : {}),
            },
          },
          context,
        );
      },
      (span) => {
        if (this.options.recordArguments && argumentsJson !== undefined) {
          span.setAttribute("gen_ai.tool.call.arguments", capped(argumentsJson));
        }
      },
    );
  }

  /** Ends a call's span: `error.type` is the outcome code and the status is an error unless it was "ok". */
  endCall(span: SpanLike, end: SpanEnd): void {
    ended(span, () => {
      span.setAttribute("toolshell.outcome", end.outcome);
      span.setAttribute("toolshell.exit_code", end.exitCode);
      span.setAttribute("toolshell.attempts", end.attempts);
      if (this.options.recordResults && end.output !== undefined) {
        span.setAttribute("gen_ai.tool.call.result", capped(end.output));
      }
      if (end.outcome !== "ok") {
        span.setAttribute("error.type", end.outcome);
        span.setStatus({ code: STATUS_ERROR, ...(end.message ? { message: end.message } : {}) });
      }
    });
  }
}

/**
 * The Telemetry of a ScriptedTool: with an explicit tracer, that one; otherwise the global provider's tracer
 * when `@opentelemetry/api` is installed. Undefined when neither is available.
 */
export async function createTelemetry(options: TelemetryOptions): Promise<Telemetry | undefined> {
  const api = await loadOtelApi();
  let tracer: TracerLike | undefined;
  try {
    tracer = options.tracer ?? api?.trace.getTracer("toolshell");
  } catch {
    // a global provider whose getTracer throws: no spans, and no rejection left unhandled at construction
    return undefined;
  }
  return tracer ? new Telemetry(api, tracer, options) : undefined;
}
