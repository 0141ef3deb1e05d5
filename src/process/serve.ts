/**
 * A tool process written in Node: serveToolProcess(tools) answers toolshell's frames on stdin and stdout with the
 * given tool definitions, each call made through a ScriptedTool's own path (`api.call`: validation, the schema's
 * parse, deadline, output check), so a tool behaves as it would if registered on the host directly.
 */
import { ScriptedTool } from "../scripted-tool.js";
import type { ToolDefinition, TypedToolDefinition } from "../tool/tool.js";
import { encodeFrame, type Frame, FrameError, FrameReader } from "./frames.js";

/** A tool definition as a tool process serves it: `requiredScope` is the scope the host must grant for it. */
export type ServedTool = ToolDefinition & { requiredScope?: string };

/** The tools served, each typed by its own input schema (as ScriptedTool's `tools` array is). */
export type ServedTools<Schemas extends readonly unknown[]> = {
  // biome-ignore lint/suspicious/noExplicitAny: any output schema (a defineTool() result keeps its own type).
  [K in keyof Schemas]: TypedToolDefinition<Schemas[K], any> & { requiredScope?: string };
};

/** Where serveToolProcess reads and writes (default: this process's stdin and stdout); for tests and embedding. */
export interface ServeToolProcessOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  /** Where a callback's real error (message and stack) is logged, sanitized in the answer (default: stderr). */
  log?: (line: string) => void;
}

/** The protocol's error codes for what api.call() reports (`invalid_input` makes the host's command exit 2). */
function protocolCode(code: string): string {
  return code === "invalid_params" ? "invalid_input" : code;
}

/**
 * Serves `tools` as a tool process: answers ToolHello with their listing, runs each InvokeTool concurrently and
 * stops a call on CancelInvocation. Resolves when the host closes stdin and every call in flight has answered.
 * While it serves this process's stdout, `console.log` and other writes to stdout go to stderr, so that they
 * cannot break a frame.
 * @example
 * // weather-tools.mjs, started by the host with connectToolProcess(api, { command: "node", args: ["weather-tools.mjs"] })
 * await serveToolProcess([{ name: "forecast", inputSchema: z.object({ city: z.string() }), execute: ({ city }) => ({ city, high: 21 }) }]);
 */
export async function serveToolProcess<const Schemas extends readonly unknown[]>(
  tools: ServedTools<Schemas>,
  options: ServeToolProcessOptions = {},
): Promise<void> {
  const scopes = new Map<string, string>();
  const definitions = (tools as readonly ServedTool[]).map((tool) => {
    const { requiredScope, ...definition } = tool;
    if (requiredScope !== undefined) scopes.set(tool.name, requiredScope);
    // Runs no script: a tool named as a shell command (`echo`) becomes `<name>.echo` on the host, replacing nothing.
    return { ...definition, replacesCommand: true } as ToolDefinition;
  });
  const api = new ScriptedTool({ name: "tool_process", tools: definitions, isolation: "inline" });
  const input = options.input ?? process.stdin;
  const ownStdout = options.output === undefined || options.output === process.stdout;
  const output = options.output ?? process.stdout;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Frames go out through the real write; anything else the tools print to stdout goes to stderr.
  const write = output.write.bind(output) as (chunk: Uint8Array) => boolean;
  // The host gone (EPIPE on a late answer) ends nothing but that answer.
  const ignore = (): void => {};
  output.on("error", ignore);
  const restore = ownStdout ? divertStdout() : () => {};
  const running = new Map<string, AbortController>();
  const answers = new Set<Promise<void>>();
  const send = (frame: Frame): void => {
    try {
      write(encodeFrame(frame));
    } catch (error) {
      // An output over the frame limit: the host gets an error in its place.
      if (error instanceof FrameError && typeof frame.call_id === "string") {
        write(
          encodeFrame({
            type: "ToolError",
            call_id: frame.call_id,
            code: "too_large",
            message: error.message,
          }),
        );
      }
    }
  };

  const invoke = async (frame: Frame): Promise<void> => {
    const callId = String(frame.call_id);
    const controller = new AbortController();
    running.set(callId, controller);
    try {
      const timeoutMs =
        typeof frame.deadline_ms === "number" && frame.deadline_ms > 0 ? frame.deadline_ms : undefined;
      const result = await api.call(String(frame.tool_name), frame.input ?? {}, {
        signal: controller.signal,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(typeof frame.tenant === "string" ? { tenant: frame.tenant } : {}),
      });
      if (result.ok) {
        send({ type: "ToolResult", call_id: callId, output: result.value ?? null });
        return;
      }
      const { error } = result;
      if (error.cause) log(`${String(frame.tool_name)}: ${error.cause.stack ?? error.cause.message}`);
      const code = controller.signal.aborted ? "cancelled" : protocolCode(error.code);
      // api.call's message is the script's stderr, each line led by the tool's name: the host adds its own.
      const prefix = `${String(frame.tool_name)}: `;
      const lines = error.message.replace(/\n$/, "").split("\n");
      const message = lines
        .map((line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line))
        .join("\n");
      send({ type: "ToolError", call_id: callId, code, message });
    } finally {
      running.delete(callId);
    }
  };

  const handle = (frame: Frame): void => {
    if (frame.type === "ToolHello") {
      send({
        type: "ToolRegister",
        tools: api.tools().map((spec) => ({
          name: spec.name,
          description: spec.description,
          input_schema: spec.inputSchema,
          ...(spec.outputSchema === undefined ? {} : { output_schema: spec.outputSchema }),
          ...(scopes.has(spec.name) ? { required_scope: scopes.get(spec.name) } : {}),
          risk: spec.risk.level,
          ...(spec.deprecated ? { deprecated: spec.deprecated } : {}),
        })),
      });
    } else if (frame.type === "InvokeTool" && typeof frame.call_id === "string") {
      const answer = invoke(frame).catch((error: unknown) => log(`toolshell: ${String(error)}`));
      answers.add(answer);
      void answer.finally(() => answers.delete(answer));
    } else if (frame.type === "CancelInvocation" && typeof frame.call_id === "string") {
      running.get(frame.call_id)?.abort();
    }
  };

  const reader = new FrameReader();
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const onData = (chunk: Buffer | string): void => {
    let frames: Frame[];
    try {
      frames = reader.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    } catch (error) {
      log(`toolshell: the host sent what is not a frame (${(error as Error).message}); stopping`);
      input.off("data", onData);
      stop();
      return;
    }
    for (const frame of frames) handle(frame);
  };
  const onEnd = (): void => stop();
  try {
    input.on("data", onData);
    input.once("end", onEnd);
    input.once("close", onEnd);
    input.once("error", onEnd);
    await stopped;
    await Promise.all([...answers]);
  } finally {
    // Only our own listeners come off: a host's listeners on its stdin (or the given input) stay.
    input.off("data", onData);
    input.off("end", onEnd);
    input.off("close", onEnd);
    input.off("error", onEnd);
    restore();
    output.off("error", ignore);
    await api.close();
    if (ownStdout) input.pause();
  }
}

/** Sends what is written to process.stdout to stderr until the returned function is called. */
function divertStdout(): () => void {
  const stdout = process.stdout as unknown as { write: (...args: unknown[]) => boolean };
  const original = stdout.write;
  stdout.write = (...args: unknown[]) =>
    (process.stderr.write as (...inner: unknown[]) => boolean).apply(process.stderr, args);
  return () => {
    stdout.write = original;
  };
}
