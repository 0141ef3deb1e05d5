// Entry of the jq worker thread: runs one jq call at a time on its own JqDriver and prepares the next
// instance while idle. Loaded as plain JS (see worker.ts): it may only import its sibling driver modules.

import { parentPort, workerData } from "node:worker_threads";
import { JqDriver, type JqDriverConfig, type JqRequest, type JqResult } from "./driver.js";
import type { WasmModule } from "./driver-imports.js";

interface WorkerInit {
  module: WasmModule;
  config: JqDriverConfig;
}

interface RunMessage {
  id: number;
  request: JqRequest;
}

function transferList(result: JqResult): ArrayBuffer[] {
  const list: ArrayBuffer[] = [];
  for (const part of [result.stdout, result.stderr]) {
    const buffer = part.buffer;
    const whole = part.byteOffset === 0 && part.byteLength === buffer.byteLength;
    if (whole && buffer instanceof ArrayBuffer && buffer.byteLength > 0 && !list.includes(buffer)) {
      list.push(buffer);
    }
  }
  return list;
}

const init = workerData as WorkerInit;
const driver = new JqDriver(init.module, init.config);
const port = parentPort;
if (port) {
  port.on("message", (message: RunMessage) => {
    const result = driver.run(message.request);
    port.postMessage({ id: message.id, result }, transferList(result));
    // Instantiate the next instance between calls, off the caller's critical path.
    setImmediate(() => driver.prepare());
  });
  driver.prepare();
}
