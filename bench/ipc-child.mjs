// A forked child process that answers requests over IPC: each request carries a sequence number that its reply
// echoes; the child's first message is `{ type: "ready" }`. A child that exits rejects whatever is pending.

import { fork } from "node:child_process";

export class Child {
  constructor(script, args, { cwd, execArgv = [] }) {
    this.seq = 0;
    this.pending = new Map();
    this.rejecters = new Set();
    this.process = fork(script, args, { cwd, execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    this.ready = new Promise((resolve, reject) => {
      this.pending.set("ready", resolve);
      this.process.once("exit", (code) => {
        const error = new Error(`${args.join(" ")} child exited with code ${code}`);
        for (const settle of this.rejecters) settle(error);
        reject(error);
      });
    });
    this.process.on("message", (message) => {
      const key = message.type === "ready" ? "ready" : message.seq;
      const settle = this.pending.get(key);
      this.pending.delete(key);
      settle?.(message);
    });
  }

  request(message) {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.rejecters.add(reject);
      this.pending.set(seq, (reply) => {
        this.rejecters.delete(reject);
        resolve(reply);
      });
      this.process.send({ ...message, seq });
    });
  }
}
