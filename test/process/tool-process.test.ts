// Tool processes (issue 17, part 1): real child processes, one in plain Python (examples/tool-process.py) and one
// in Node made with serveToolProcess (test/fixtures/tool-process.ts), each connected with connectToolProcess.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptedTool, ToolshellError } from "../../src/index.js";
import {
  connectToolProcess,
  type ToolProcessEvent,
  type ToolProcessOptions,
} from "../../src/process/index.js";
import { track } from "../helpers.js";

const PYTHON = {
  command: "python3",
  args: [fileURLToPath(new URL("../../examples/tool-process.py", import.meta.url))],
};
const NODE_FIXTURE = fileURLToPath(new URL("../fixtures/tool-process.ts", import.meta.url));
const NODE = { command: process.execPath, args: ["--import", "tsx", NODE_FIXTURE], name: "fx" };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function connected(
  options: Partial<ToolProcessOptions> & { command: string },
  api = track(new ScriptedTool({ name: "host" })),
) {
  return connectToolProcess(api, options).then((connection) => ({ api, connection }));
}

describe("a tool process in Python", () => {
  it("registers its tools as namespaced commands, leaving out the one whose scope is not granted", async () => {
    const { api, connection } = await connected(PYTHON);
    expect(connection.name).toBe("tool-process");
    expect(connection.tools).toEqual([
      "tool-process.add",
      "tool-process.plus",
      "tool-process.slow",
      "tool-process.lookup",
    ]);
    expect(connection.skipped).toEqual([
      { name: "reset", reason: 'it requires the scope "admin", which is not granted (grantScopes)' },
    ]);
    const result = await api.execute(
      'tool-process.add --a 2 --b 3 | jq .sum; tool-process.lookup --id 1 | jq -r .name; tool-process.lookup --id 9; echo "exit $?"',
    );
    expect(result).toMatchObject({
      stdout: "5\nAda\nexit 1\n",
      stderr: "tool-process.lookup: no user with id 9\n",
      exitCode: 0,
    });
    expect(result.trace.map((entry) => [entry.name, entry.outcome])).toEqual([
      ["tool-process.add", "ok"],
      ["tool-process.lookup", "ok"],
      ["tool-process.lookup", "handler_failed"],
    ]);
    // The schema the process listed validates before anything is sent.
    const bad = await api.execute("tool-process.add --a 2");
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--b");
    const help = await api.execute("help tool-process.add");
    expect(help.stdout).toContain("Usage: tool-process.add --a <number> --b <number>");
    expect(api.tools().find((tool) => tool.name === "tool-process.add")?.risk.level).toBe("safe");
    // A deprecated tool still answers; its replacement is named as the script calls it.
    expect(await api.execute("tool-process.plus --a 1 --b 1 | jq .sum")).toMatchObject({
      stdout: "2\n",
      stderr: "tool-process.plus: deprecated, use tool-process.add (plus goes away in v2)\n",
    });
  });

  it("registers a scoped tool when its scope is granted, and refuses a scope outside expectedScopes", async () => {
    const granted = await connected({ ...PYTHON, grantScopes: ["admin"] });
    expect(granted.connection.tools).toContain("tool-process.reset");
    expect((await granted.api.execute("tool-process.reset")).stdout).toBe('{"reset":true}\n');
    const pinned = await connected({ ...PYTHON, grantScopes: ["admin"], expectedScopes: ["read"] });
    expect(pinned.connection.skipped).toEqual([
      { name: "reset", reason: 'it declares the scope "admin", which is not among expectedScopes' },
    ]);
  });

  it("passes on its progress events, and cancels a call at the run's deadline", async () => {
    const events: ToolProcessEvent[] = [];
    const { api } = await connected({ ...PYTHON, onEvent: (event) => events.push(event) });
    expect((await api.execute("tool-process.slow --ms 50")).stdout).toBe("done");
    expect(events.map((event) => event.progress)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(events[0]?.command).toBe("tool-process.slow");
    const stopped = await api.execute("tool-process.slow --ms 60000", { timeoutMs: 300 });
    expect(stopped.exitCode).toBe(124);
    // The process lives on and answers the next call.
    expect((await api.execute("tool-process.add --a 1 --b 1")).stdout).toBe('{"sum":2}\n');
  });
});

describe("a tool process in Node (serveToolProcess)", () => {
  it("gives the tool what its zod schema parses, keeps console.log off the frames and sanitizes a thrown error", async () => {
    const { api } = await connected(NODE);
    expect((await api.execute("fx.echo --text hi; fx.echo --text hi --upper")).stdout).toBe(
      '{"text":"hi"}\n{"text":"HI"}\n',
    );
    const failed = await api.execute("fx.fail");
    expect(failed.stderr).toBe("fx.fail: callback failed\n");
    expect(failed.stderr).not.toContain("secret");
  });

  it("sends the run's tenant, the ms the call has left, and only a safe subset of the host's environment plus env", async () => {
    process.env.TOOLSHELL_TEST_SECRET = "s3cret";
    try {
      const { api } = await connected({ ...NODE, env: { GIVEN: "yes" } });
      const result = await api.execute("fx.whoami", { tenant: "acme", timeoutMs: 8_000 });
      const seen = JSON.parse(result.stdout) as { tenant: string; env: string[]; msLeft: number };
      expect(seen.tenant).toBe("acme");
      // deadline_ms is the time left (not an epoch): the served tool's deadline is within the run's 8 s
      expect(seen.msLeft).toBeGreaterThan(1_000);
      expect(seen.msLeft).toBeLessThanOrEqual(8_000);
      expect(seen.env).toContain("GIVEN");
      expect(seen.env).toContain("PATH");
      expect(seen.env).not.toContain("TOOLSHELL_TEST_SECRET");
    } finally {
      delete process.env.TOOLSHELL_TEST_SECRET;
    }
  });

  it("answers 50 calls concurrently", async () => {
    const { api } = await connected(NODE);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => api.call("fx.barrier", { count: 50 }, { timeoutMs: 20_000 })),
    );
    // Each call answered only once all 50 were in flight in the process at the same time.
    expect(results.map((result) => (result.ok ? result.value : result.error.message))).toEqual(
      Array.from({ length: 50 }, () => ({ together: 50 })),
    );
  }, 30_000);

  it("ends a call that never answers at its deadline and sends the process a cancel", async () => {
    const { api } = await connected(NODE);
    const result = await api.execute("fx.hang; echo after $?", { timeoutMs: 400 });
    expect(result.exitCode).toBe(124);
    expect(result.stderr).toContain("timed out");
    await expect.poll(async () => (await api.execute("fx.cancels")).stdout).toBe('{"cancels":1}\n');
  });

  it("fails the call in flight when the process exits, quoting its stderr, and starts it again for the next", async () => {
    const { api } = await connected(NODE);
    const crashed = await api.execute("fx.crash");
    expect(crashed).toMatchObject({
      stdout: "",
      stderr: "fx.crash: tool process exited (code 3); its stderr ended with:\nfx.crash:   about to crash\n",
      exitCode: 1,
    });
    expect((await api.execute("fx.echo --text back")).stdout).toBe('{"text":"back"}\n');
  });

  it("treats bytes that are not a frame, or a frame over 16 MiB, as a fault and recovers", async () => {
    const { api } = await connected(NODE);
    const garbage = await api.execute("fx.garbage");
    expect(garbage.exitCode).toBe(1);
    expect(garbage.stderr).toMatch(
      /^fx\.garbage: tool process sent what is not a frame of the protocol \(a frame is not JSON/,
    );
    expect((await api.execute("fx.echo --text one")).stdout).toBe('{"text":"one"}\n');
    const huge = await api.execute("fx.huge");
    expect(huge.stderr).toMatch(
      /^fx\.huge: tool process sent what is not a frame of the protocol \(a frame of 67108864 bytes is over the limit of 16777216 bytes\)/,
    );
    expect((await api.execute("fx.echo --text two")).stdout).toBe('{"text":"two"}\n');
  });

  it("says the process is unavailable once it cannot be started again, after a bounded number of tries", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolshell-proc-"));
    dirs.push(dir);
    // The crash leaves the marker, and with it every start after it exits at once.
    const { api } = await connected({ ...NODE, env: { TOOL_PROCESS_MARKER: join(dir, "marker") } });
    expect((await api.execute("fx.crash")).exitCode).toBe(1);
    const messages: string[] = [];
    for (let attempt = 0; attempt < 8; attempt++)
      messages.push((await api.execute("fx.echo --text x")).stderr);
    // Five tries (after 0.1, 0.2, 0.4, 0.8, 1.6 s), each saying why it failed; then no more for a while.
    expect(messages.slice(0, 5)).toEqual(
      Array.from(
        { length: 5 },
        () =>
          "fx.echo: the tool process could not be started again: it exited (code 1); its stderr ended with:\n" +
          "fx.echo:   refusing to start: the marker file exists\n",
      ),
    );
    expect(messages.at(-1)).toMatch(
      /^fx\.echo: the tool process is unavailable: it failed 6 times in a row, the last time because it exited \(code 1\); it is tried again after \d{4}-/,
    );
  }, 30_000);

  it("closes with the ScriptedTool, removing its commands", async () => {
    const { api, connection } = await connected(NODE);
    await api.close();
    expect(connection.tools.every((command) => !api.tools().some((tool) => tool.name === command))).toBe(
      true,
    );
  });
});

describe("connecting", () => {
  it("fails with a clear error when the command cannot start or never registers", async () => {
    const api = track(new ScriptedTool({ name: "host" }));
    const missing = connectToolProcess(api, { command: "no-such-tool-process-xyz" });
    await expect(missing).rejects.toThrow(ToolshellError);
    await expect(missing).rejects.toThrow(
      /tool process "no-such-tool-process-xyz" \(no-such-tool-process-xyz\): tool process could not start: spawn no-such-tool-process-xyz ENOENT/,
    );
    const silent = connectToolProcess(api, { command: "sleep", args: ["30"], connectTimeoutMs: 300 });
    await expect(silent).rejects.toThrow(/did not answer ToolHello with ToolRegister within 300 ms/);
    expect(api.tools()).toEqual([]);
  });

  it("refuses options that cannot work", async () => {
    const api = track(new ScriptedTool({ name: "host" }));
    await expect(connectToolProcess(api, { command: "" })).rejects.toThrow(/needs a command/);
    await expect(connectToolProcess(api, { command: "x", name: "bad name" })).rejects.toThrow(
      /invalid tool process name/,
    );
    await expect(
      connectToolProcess(api, { command: "x", grantScopes: "admin" as unknown as string[] }),
    ).rejects.toThrow(/grantScopes must be an array of strings/);
  });
});

describe("a tool process that breaks the protocol in ways serveToolProcess never does", () => {
  const RAW = fileURLToPath(new URL("../fixtures/raw-tool-process.mjs", import.meta.url));
  const raw = (mode: string, extra: Partial<ToolProcessOptions> = {}) => ({
    command: process.execPath,
    args: [RAW, mode],
    name: "raw",
    ...extra,
  });
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it("fails calls at once, not at the deadline, when the process closed its stdin but lives on", async () => {
    const { api } = await connected(raw("deaf"));
    await new Promise((done) => setTimeout(done, 300));
    const started = Date.now();
    const result = await api.execute("raw.t", { timeoutMs: 10_000 });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^raw\.t: /);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops a process still starting when the ScriptedTool closes, and the connect fails saying why", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolshell-raw-"));
    dirs.push(dir);
    const pidFile = join(dir, "pid");
    const api = track(new ScriptedTool({ name: "host" }));
    const connecting = connectToolProcess(api, {
      ...raw("silent"),
      args: [RAW, "silent", pidFile],
      connectTimeoutMs: 30_000,
    });
    connecting.catch(() => {});
    await new Promise((done) => setTimeout(done, 500));
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(alive(pid)).toBe(true);
    const closed = Date.now();
    await api.close();
    await expect(connecting).rejects.toThrow(ToolshellError);
    expect(Date.now() - closed).toBeLessThan(5_000); // not the 30 s connect timeout
    await new Promise((done) => setTimeout(done, 300));
    expect(alive(pid)).toBe(false);
  });

  it("counts a process that ends right after registering as a failed start", async () => {
    const api = track(new ScriptedTool({ name: "host" }));
    await expect(connectToolProcess(api, raw("register-bogus"))).rejects.toThrow(
      /tool process "raw" .*: tool process broke the protocol: an unknown frame type "Bogus"/,
    );
    expect(api.tools()).toEqual([]);
  });
});
