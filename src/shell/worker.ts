/**
 * A shell worker: runs one script at a time, off the host's thread. Tool calls go to the host as one message
 * each and come back as one message each.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { CallOutcome, ToHost, ToWorker } from "../protocol.js";
import type { ToolSpec } from "../tool.js";
import { ShellCatalog } from "./catalog.js";
import type { ToolInvoker } from "./run-context.js";
import { canStream, runScript } from "./run-script.js";

const port = parentPort;
if (!port) throw new Error("toolshell: shell worker started outside a worker thread");

/** Set by the host to stop the current run even while this thread never yields (a CPU-bound loop). */
const stopFlag = new Int32Array(workerData.stopBuffer as SharedArrayBuffer);
/** Where each run's top-level output is copied as it is printed, so the host keeps it if it must terminate us. */
const outputBuffer = workerData.outputBuffer as SharedArrayBuffer;
const catalogs = new Map<number, ShellCatalog>();
const pendingCalls = new Map<string, (outcome: CallOutcome) => void>();
let current: { runId: number; controller: AbortController } | undefined;

function send(message: ToHost): void {
  port?.postMessage(message);
}

function catalogFor(catalogId: number, tools: ToolSpec[] | undefined): ShellCatalog {
  let catalog = catalogs.get(catalogId);
  if (!catalog) {
    if (!tools) throw new Error(`toolshell: catalog ${catalogId} was never sent to this worker`);
    catalog = new ShellCatalog(tools);
    catalogs.clear();
    catalogs.set(catalogId, catalog);
  }
  return catalog;
}

function invoker(runId: number): ToolInvoker {
  return (call) =>
    new Promise<CallOutcome>((resolve) => {
      pendingCalls.set(call.callId, resolve);
      send({ type: "call", runId, call });
    });
}

async function run(message: Extract<ToWorker, { type: "run" }>): Promise<void> {
  const { runId, request } = message;
  const controller = new AbortController();
  current = { runId, controller };
  try {
    const catalog = catalogFor(message.catalogId, message.tools);
    const stop = { signal: controller.signal, flag: stopFlag };
    const result = await runScript(request, catalog, invoker(runId), stop, runId, outputBuffer);
    send({ type: "done", runId, result });
  } catch (error) {
    send({ type: "failed", runId, message: error instanceof Error ? error.message : String(error) });
  } finally {
    current = undefined;
    pendingCalls.clear();
  }
}

port.on("message", (message: ToWorker) => {
  if (message.type === "run") void run(message);
  else if (message.type === "result") {
    const resolve = pendingCalls.get(message.callId);
    pendingCalls.delete(message.callId);
    resolve?.(message.outcome);
  } else if (message.type === "abort" && current?.runId === message.runId) {
    current.controller.abort(new Error(message.reason));
  }
});
void canStream();
send({ type: "ready" });
