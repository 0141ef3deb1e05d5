// Drives test/fixtures/store-replica.ts: one replica process, a JSON line in and one out per command.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface, type Interface } from "node:readline";

export interface ReplicaCall {
  ok: boolean;
  code?: string;
  message?: string;
  ran: boolean;
  at?: number;
  ms: number;
}

export interface ReplicaCalls {
  results: ReplicaCall[];
  store: { error: string; rateLimit?: string; breaker?: string }[];
}

export class Replica {
  private readonly lines: Interface;
  private readonly waiting: ((line: string) => void)[] = [];
  stderr = "";

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    this.lines = createInterface({ input: child.stdout });
    this.lines.on("line", (line) => this.waiting.shift()?.(line));
    child.stderr.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
  }

  static start(url: string, prefix: string): Replica {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "test/fixtures/store-replica.ts", url, prefix],
      { env },
    );
    return new Replica(child);
  }

  send<T = unknown>(command: Record<string, unknown>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onExit = () => reject(new Error(`the replica exited:\n${this.stderr}`));
      this.child.once("exit", onExit);
      this.waiting.push((line) => {
        this.child.off("exit", onExit);
        resolve(JSON.parse(line) as T);
      });
      this.child.stdin.write(`${JSON.stringify(command)}\n`);
    });
  }

  calls(tool: string, n: number, concurrent = false): Promise<ReplicaCalls> {
    return this.send<ReplicaCalls>({ op: "calls", tool, n, concurrent });
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    await this.send({ op: "close" }).catch(() => {});
    this.child.stdin.end();
    await exited;
  }
}
