// A real redis-server (Debian's package) for the tests of RedisStore and stateless MCP serving. `.ci/run` installs
// it, starts one on a loopback port and passes its URL in TOOLSHELL_TEST_REDIS_URL; a test that stops Redis
// mid-test starts its own. By hand: `apt-get install redis-server` (the tests start it themselves), or set
// TOOLSHELL_TEST_REDIS_URL to a Redis you run. Without either the tests skip, saying so; under CI they fail.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";

const HOW =
  "`apt-get install redis-server` (the tests start it themselves on loopback ports), or set TOOLSHELL_TEST_REDIS_URL=redis://127.0.0.1:6379 to a Redis you run (the tests that stop Redis mid-test still need redis-server)";

function binaryMissing(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return false;
  } catch {
    return true;
  }
}

/** Why redis-server cannot be started here (the outage tests need it), or undefined when it can. */
export const redisServerMissing: string | undefined = (() => {
  if (!binaryMissing()) return undefined;
  const why = `redis-server is not installed: ${HOW}`;
  if (process.env.CI === "true") throw new Error(why);
  console.warn(`skipping the Redis tests that start their own redis-server: ${why}`);
  return why;
})();

/** Why the tests of a shared Redis cannot run here, or undefined when they can. */
export const redisMissing: string | undefined = process.env.TOOLSHELL_TEST_REDIS_URL
  ? undefined
  : redisServerMissing;

/** A free loopback TCP port (free when asked; redis-server binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

/** A redis-server this test started, on a loopback port: stop() and start() again on the same port. */
export class RedisServer {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  /** Starts redis-server (no persistence) and waits until it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(
      "redis-server",
      [
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "no",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child = child;
    let printed = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${printed}`)), 10_000);
      child.stdout?.on("data", (chunk: Buffer) => {
        printed += chunk.toString();
        if (printed.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${printed}`));
      });
    });
  }

  /** Freezes it (SIGSTOP: connections stay open, commands get no answer) until resume(). */
  pause(): void {
    this.child?.kill("SIGSTOP");
  }

  resume(): void {
    this.child?.kill("SIGCONT");
  }

  /** Stops it (SIGKILL: an outage, not a shutdown) and waits for its exit. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    await exited;
  }
}

/** The Redis the sharing tests use: CI's (TOOLSHELL_TEST_REDIS_URL), else one started for this file. */
export async function sharedRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = process.env.TOOLSHELL_TEST_REDIS_URL;
  if (given) return { url: given, stop: async () => {} };
  const server = await RedisServer.start();
  return { url: server.url, stop: () => server.stop() };
}
