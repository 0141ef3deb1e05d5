/**
 * One start of a tool process: the child, its frames both ways, its calls in flight and its stderr's tail. When it
 * exits, sends what is not a frame or breaks the protocol, it ends once: its in-flight calls fail with why and
 * `onEnd` hears it (src/process/connect.ts decides about a restart). Nothing it does throws into the host.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { ToolError } from "../errors.js";
import { TOOL_PROCESS_STDERR_TAIL_BYTES } from "../limits.js";
import { encodeFrame, type Frame, FrameError, FrameReader } from "./frames.js";

/** How the child is started: no shell, only the environment given. */
export interface ChildSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string | undefined;
  stderr: "inherit" | "ignore" | ((text: string) => void) | undefined;
}

/** What a tool process lists about one tool, as it sent it (checked by the connection). */
export interface ListedTool {
  name?: unknown;
  description?: unknown;
  input_schema?: unknown;
  output_schema?: unknown;
  required_scope?: unknown;
  risk?: unknown;
  deprecated?: unknown;
  [field: string]: unknown;
}

/** A ToolEvent a tool sent during a call. */
export interface ToolProcessEvent {
  /** The command the call is of (`name.tool`). */
  command: string;
  callId: string;
  message?: string;
  progress?: number;
}

interface Pending {
  command: string;
  resolve(output: unknown): void;
  reject(error: Error): void;
}

/** Why a child ended, as the error of the calls it leaves unanswered says it. */
function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return code === null ? `exited (killed by ${signal ?? "a signal"})` : `exited (code ${code})`;
}

export class ToolProcessChild {
  private readonly child: ChildProcess;
  private readonly reader = new FrameReader();
  private readonly calls = new Map<string, Pending>();
  /** Calls cancelled or given up on: a late answer to one of them is no fault. */
  private readonly abandoned = new Set<string>();
  private tail: Buffer = Buffer.alloc(0);
  private endedWith: string | undefined;
  private listed: ((tools: ListedTool[]) => void) | undefined;
  private refused: ((error: Error) => void) | undefined;
  /** Resolves with the tools of the ToolRegister answer; rejects if the child ends first. */
  readonly registered: Promise<ListedTool[]>;
  /** Resolves once the child has exited (or could not start). */
  readonly exited: Promise<void>;

  constructor(
    spec: ChildSpec,
    private readonly onEnd: (child: ToolProcessChild, reason: string) => void,
    private readonly onEvent: (event: ToolProcessEvent) => void,
  ) {
    this.registered = new Promise<ListedTool[]>((resolve, reject) => {
      this.listed = resolve;
      this.refused = reject;
    });
    this.registered.catch(() => {}); // read by the connection; never an unhandled rejection
    this.child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ["pipe", "pipe", spec.stderr === "inherit" ? "inherit" : "pipe"],
      shell: false,
      windowsHide: true,
    });
    this.exited = new Promise<void>((resolve) => {
      this.child.once("close", () => resolve());
      this.child.once("error", () => resolve());
    });
    this.child.on("error", (error) => this.end(`could not start: ${error.message}`));
    // "close" comes once the child has exited and its pipes are read to their end, so no answer sent before it
    // exited is lost.
    this.child.once("close", (code, signal) => this.end(describeExit(code, signal)));
    // A child that closes its stdout but lives on can answer nothing more; one that exits does both at once.
    this.child.stdout?.once("end", () => {
      setTimeout(() => this.end("closed its stdout"), 500).unref();
    });
    // A write to a child that has gone raises EPIPE on stdin: the exit says why (it comes first when the child is
    // exiting), this must not crash the host; a child that closed its stdin but lives on can take no more calls.
    this.child.stdin?.on("error", (error: NodeJS.ErrnoException) => {
      setTimeout(() => this.end(`closed its stdin (${error.code ?? error.message})`), 200).unref();
    });
    this.child.stdout?.on("error", () => {});
    this.child.stdout?.on("data", (chunk: Buffer) => this.read(chunk));
    const stderr = this.child.stderr;
    if (stderr) {
      stderr.on("error", () => {});
      stderr.on("data", (chunk: Buffer) => {
        if (spec.stderr === "ignore") return;
        this.keepTail(chunk);
        if (typeof spec.stderr === "function") {
          try {
            spec.stderr(chunk.toString("utf8"));
          } catch {
            // the host's listener failing is not the child's fault
          }
        }
      });
    }
    this.send({ type: "ToolHello", protocol_version: 1 });
  }

  /** Whether it ended (and why); a child that ended takes no more calls. */
  get ended(): string | undefined {
    return this.endedWith;
  }

  /** Calls in flight. */
  get inFlight(): number {
    return this.calls.size;
  }

  /** The last lines of its stderr, for an error message. */
  stderrTail(): string {
    const text = this.tail.toString("utf8").replace(/^\uFFFD+/, "");
    const lines = text
      .split(/\r?\n/)
      .map((line) => line.trimEnd())
      // A JavaScript stack's frames would push its message out of the lines quoted.
      .filter((line) => line !== "" && !/^\s+at \S/.test(line));
    return lines.slice(-10).join("\n");
  }

  /** One call: resolves with the tool's output, rejects with a ToolError (its error, or why the child ended). */
  invoke(command: string, frame: Frame & { call_id: string }): Promise<unknown> {
    if (this.endedWith !== undefined) return Promise.reject(this.failure(this.endedWith));
    return new Promise<unknown>((resolve, reject) => {
      this.calls.set(frame.call_id, { command, resolve, reject });
      // A frame that could not be sent: too large (send already failed the call), or a stdin that is gone,
      // which ends the child and so fails this call with the others.
      if (!this.send(frame) && this.calls.has(frame.call_id)) this.end("closed its stdin");
    });
  }

  /**
   * Asks the tool to stop a call (the run was cancelled or passed its deadline); the call ends now with `why`, and
   * the tool's answer, whatever it is, is not waited for.
   */
  cancel(callId: string, why: string): void {
    const pending = this.calls.get(callId);
    if (!pending) return;
    this.calls.delete(callId);
    this.abandoned.add(callId);
    // Bounded: the oldest is forgotten first (a tool that never answers its cancelled calls cannot grow it).
    if (this.abandoned.size > 4_096) this.abandoned.delete(this.abandoned.values().next().value as string);
    this.send({ type: "CancelInvocation", call_id: callId });
    pending.reject(new ToolError(why));
  }

  /** Ends it for `reason` (no ToolRegister in time, say): the child is killed, its calls fail. */
  abort(reason: string): void {
    this.end(reason);
  }

  /** Ends it: closes its stdin so that it can exit by itself; the connection kills it after a grace. */
  closeInput(): void {
    this.end("was closed", false);
    this.child.stdin?.end();
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }

  /** Writes a frame; false (and the child ended) when it cannot be written. */
  private send(frame: Frame): boolean {
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return false;
    try {
      stdin.write(encodeFrame(frame));
      return true;
    } catch (error) {
      // Only our own frame can be too large here: an input over 16 MiB of JSON.
      const message = error instanceof FrameError ? error.message : String(error);
      const pending = "call_id" in frame ? this.calls.get(String(frame.call_id)) : undefined;
      if (pending) {
        this.calls.delete(String(frame.call_id));
        pending.reject(new ToolError(`the call cannot be sent to the tool process: ${message}`));
      }
      return false;
    }
  }

  private keepTail(chunk: Buffer): void {
    const joined = Buffer.concat([this.tail, chunk]);
    this.tail =
      joined.length > TOOL_PROCESS_STDERR_TAIL_BYTES
        ? joined.subarray(-TOOL_PROCESS_STDERR_TAIL_BYTES)
        : joined;
  }

  private read(chunk: Buffer): void {
    if (this.endedWith !== undefined) return;
    let frames: Frame[];
    try {
      frames = this.reader.push(chunk);
    } catch (error) {
      this.end(`sent what is not a frame of the protocol (${(error as Error).message})`);
      return;
    }
    for (const frame of frames) {
      if (this.endedWith !== undefined) return;
      const problem = this.handle(frame);
      if (problem !== undefined) this.end(`broke the protocol: ${problem}`);
    }
  }

  /** Acts on one frame; returns what is wrong with it, if anything. */
  private handle(frame: Frame): string | undefined {
    if (frame.type === "ToolRegister") {
      if (!this.listed) return "a second ToolRegister";
      if (!Array.isArray(frame.tools)) return "ToolRegister's `tools` is not an array";
      const listed = this.listed;
      this.listed = undefined;
      this.refused = undefined;
      listed(frame.tools as ListedTool[]);
      return undefined;
    }
    if (this.listed) return `${JSON.stringify(frame.type.slice(0, 40))} before ToolRegister`;
    if (frame.type !== "ToolEvent" && frame.type !== "ToolResult" && frame.type !== "ToolError") {
      return `an unknown frame type ${JSON.stringify(frame.type.slice(0, 40))}`;
    }
    if (typeof frame.call_id !== "string") return `a ${frame.type} without a string call_id`;
    const pending = this.calls.get(frame.call_id);
    if (!pending) {
      if (this.abandoned.has(frame.call_id)) {
        if (frame.type !== "ToolEvent") this.abandoned.delete(frame.call_id);
        return undefined;
      }
      return `a ${frame.type} for call ${JSON.stringify(frame.call_id.slice(0, 40))}, which is not in flight`;
    }
    if (frame.type === "ToolEvent") {
      const event: ToolProcessEvent = { command: pending.command, callId: frame.call_id };
      if (typeof frame.message === "string") event.message = frame.message.slice(0, 1_000);
      if (typeof frame.progress === "number" && Number.isFinite(frame.progress))
        event.progress = frame.progress;
      try {
        this.onEvent(event);
      } catch {
        // the host's listener failing is not the child's fault
      }
      return undefined;
    }
    this.calls.delete(frame.call_id);
    if (frame.type === "ToolResult") {
      pending.resolve(frame.output);
      return undefined;
    }
    const code = typeof frame.code === "string" ? frame.code : "error";
    const message = typeof frame.message === "string" && frame.message !== "" ? frame.message : code;
    pending.reject(new ToolError(message, { exitCode: code === "invalid_input" ? 2 : 1 }));
    return undefined;
  }

  private failure(reason: string): ToolError {
    const tail = this.stderrTail();
    const quoted = tail === "" ? "" : `; its stderr ended with:\n${tail.replace(/^/gm, "  ")}`;
    return new ToolError(`tool process ${reason}${quoted}`);
  }

  /** Ends this start once: the child is killed (unless it is closing), the calls in flight fail with why. */
  private end(reason: string, kill = true): void {
    if (this.endedWith !== undefined) return;
    this.endedWith = reason;
    if (kill) this.kill();
    const error = this.failure(reason);
    this.refused?.(error);
    this.listed = undefined;
    this.refused = undefined;
    for (const pending of this.calls.values()) pending.reject(error);
    this.calls.clear();
    this.onEnd(this, reason);
  }
}
