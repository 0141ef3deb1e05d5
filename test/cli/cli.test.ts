// The CLI's commands run in this process through runCli with in-memory streams, exactly as main.ts wires the
// process's own; a few real processes (`node --import tsx src/cli/main.ts ...`) prove what only a process shows:
// the entry passes the exit code through and ends by itself, MCP over real stdio and HTTP, a SIGTERM, a missing peer.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  type CallToolResult,
  type Tool,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { ecommerceToolset } from "../../examples/ecommerce-tools.js";
import type { CliIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/program.js";
import { ScriptedTool } from "../../src/index.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAIN = "src/cli/main.ts";
const TOOLS = "test/fixtures/cli-tools.mjs";
const PY_TOOLS = "examples/tool-process.py";
/** What a command run without --tools (and, for mcp, without --upstream) says first on stderr. */
const DEMO_NOTE =
  "toolshell: no --tools given: using the bundled demo e-commerce tools (get_user, list_orders, get_product, " +
  "get_shipping); pass --tools FILE for your own\n";
const SLOW = 60_000; // a spawned process pays for node, tsx and a worker start: seconds on a busy machine

interface Outcome {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Streams held in memory: `input` is all of stdin, then it ends; what the CLI writes is collected. */
function memoryIo(input: string): { io: CliIo; written: { stdout: string; stderr: string } } {
  const written = { stdout: "", stderr: "" };
  const collector = (stream: "stdout" | "stderr") =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        written[stream] += chunk.toString();
        done();
      },
    });
  const io = {
    stdin: Readable.from(input === "" ? [] : [input]),
    stdout: collector("stdout"),
    stderr: collector("stderr"),
  };
  return { io, written };
}

/**
 * Runs the CLI in this process on `args` (what follows `toolshell` on a command line), `input` on stdin. One at a
 * time: each command closes the worker pool it shares with the others when it ends.
 */
async function cli(args: string[], input = ""): Promise<Outcome> {
  const { io, written } = memoryIo(input);
  const code = await runCli(["node", "toolshell", ...args], io);
  return { ...written, code };
}

/** Starts the CLI as a process from its sources under tsx. */
function spawnCli(args: string[], nodeArgs: string[] = []) {
  return spawn(process.execPath, ["--import", "tsx", ...nodeArgs, MAIN, ...args], { cwd: ROOT });
}

/** Runs the CLI as a process to its end with `input` on stdin. */
function cliProcess(args: string[], input = "", nodeArgs: string[] = []): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, nodeArgs);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), SLOW - 5_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code });
    });
    child.stdin.end(input);
  });
}

/** `mcp` over stdio, driven by the SDK's Client: what it lists, what a call answers and what went to stderr. */
async function mcpOverStdio(): Promise<{ tools: Tool[]; result: CallToolResult; stderr: string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      "--import",
      "tsx",
      MAIN,
      "mcp",
      "--tools",
      TOOLS,
      "--tool-process",
      `py=python3 ${PY_TOOLS}`,
      "--tools-dir",
      "examples/tool-folders",
      "--name",
      "calc",
    ],
    cwd: ROOT,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "cli-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    // greet logs with console.log: on stdio that must go to stderr, or the client would see garbage.
    const result = (await client.callTool({
      name: "calc",
      arguments: {
        commands:
          "add --a 2 --b 3 | jq .sum; greet --name Ann; py.add --a 1 --b 1 | jq .sum; " +
          "weather.now --city oslo | jq .celsius; calc.add --a 4 --b 4 | jq .sum",
      },
    })) as CallToolResult;
    return { tools, result, stderr };
  } finally {
    await client.close();
  }
}

/**
 * `mcp --http 0` importing an upstream MCP server (the reference "everything" server, over stdio) as `ev.*`
 * commands; two calls over streamable HTTP, then SIGTERM. Resolves to the answers and the exit code.
 */
async function mcpOverHttp(): Promise<{
  own: CallToolResult;
  upstream: CallToolResult;
  exitCode: number | null;
}> {
  const everything = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";
  const child = spawnCli([
    "mcp",
    "--http",
    "0",
    "--upstream",
    `ev='${process.execPath}' ${everything} stdio`,
  ]);
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  try {
    const url = await listeningUrl(child);
    const client = new Client({ name: "cli-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const call = async (commands: string) =>
      (await client.callTool({ name: "script", arguments: { commands } })) as CallToolResult;
    // Given an upstream and no --tools, the demo shop is not served (issue 16, item 4).
    const own = await call("get_user --id 7");
    const upstream = await call("ev.echo --message hi");
    await client.close();
    child.kill("SIGTERM");
    return { own, upstream, exitCode: await exited };
  } finally {
    child.kill("SIGKILL");
  }
}

/** The URL an `mcp --http` child says it listens at (on stderr); rejects if it exits first. */
function listeningUrl(child: ReturnType<typeof spawnCli>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
      const found = /at (http:\/\/\S+)/.exec(stderr);
      if (found?.[1]) resolve(found[1]);
    });
    child.on("close", () => reject(new Error(`exited before listening: ${stderr}`)));
  });
}

/**
 * `mcp --http 0` over read-only tools and an upstream that adds a destructive tool once its `first` is called:
 * what the script tool looked like before and after the notifications/tools/list_changed the client is sent.
 */
async function mcpUpstreamChanges(): Promise<{ before: Tool; after: Tool }> {
  const upstream = `ch='${process.execPath}' --import tsx test/fixtures/mcp-changing-upstream.ts`;
  const child = spawnCli(["mcp", "--http", "0", "--tools", TOOLS, "--upstream", upstream]);
  try {
    const url = await listeningUrl(child);
    const client = new Client({ name: "cli-test", version: "1.0.0" });
    const changed = new Promise<void>((resolve, reject) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
      setTimeout(() => reject(new Error("no notifications/tools/list_changed")), 20_000).unref();
    });
    changed.catch(() => {}); // awaited below
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const script = async () => (await client.listTools()).tools[0] as Tool;
    const before = await script();
    await client.callTool({ name: "script", arguments: { commands: "ch.first" } });
    await changed;
    const after = await script();
    await client.close();
    return { before, after };
  } finally {
    child.kill("SIGKILL");
  }
}

// The processes start before the first test and run while the in-process tests do: each spends seconds in
// node and tsx, and the machine has more than one core.
let processes: {
  entry: Promise<Outcome>;
  stdio: ReturnType<typeof mcpOverStdio>;
  http: ReturnType<typeof mcpOverHttp>;
  changing: ReturnType<typeof mcpUpstreamChanges>;
  noSdk: Promise<Outcome>;
};
beforeAll(() => {
  processes = {
    // The script comes from the process's stdin; a .ts tools module loads because the CLI runs under tsx.
    entry: cliProcess(["run", "--tools", "test/fixtures/cli-tools-ts.ts", "-"], "typed\nexit 7\n"),
    stdio: mcpOverStdio(),
    http: mcpOverHttp(),
    noSdk: cliProcess(["mcp"], "", ["--import", "./test/fixtures/cli-no-mcp-sdk.mjs"]),
    changing: mcpUpstreamChanges(),
  };
  // Each is awaited by its test; one failing before then must not be an unhandled rejection meanwhile.
  for (const started of Object.values(processes)) started.catch(() => {});
});

describe("toolshell run", () => {
  it("loads each --tools-dir's packages (a module and a tool process), saying which it left out", async () => {
    const outcome = await cli([
      "run",
      "--tools-dir",
      "examples/tool-folders",
      "--tools-dir",
      "examples/no-such-folder",
      "weather.now --city paris | jq .celsius; calc.reset | jq .reset; get_user --id 1",
    ]);
    expect(outcome.stdout).toBe("18\ntrue\n");
    // no demo tools once a folder is given
    expect(outcome.stderr).toMatch(
      /^toolshell: --tools-dir: left out \S+examples\/no-such-folder: the folder cannot be read: ENOENT/,
    );
    expect(outcome.stderr).toContain("get_user: command not found");
    expect(outcome.code).toBe(127);
  });

  it("registers a --tool-process's tools beside a module's, saying which it left out", async () => {
    const outcome = await cli([
      "run",
      "--tools",
      TOOLS,
      "--tool-process",
      `python3 ${PY_TOOLS}`,
      "add --a 2 --b 3 | jq .sum; tool-process.lookup --id 2 | jq -r .name",
    ]);
    expect(outcome).toEqual({
      stdout: "5\nLin\n",
      stderr:
        `toolshell: --tool-process python3 ${PY_TOOLS}: left out reset: it requires the scope "admin", ` +
        "which is not granted (grantScopes)\n",
      code: 0,
    });
    const url = await cli(["run", "--tool-process", "https://example.com/tools", "true"]);
    expect(url.stderr).toBe(
      "toolshell: --tool-process https://example.com/tools: a tool process is a command line, not a URL\n",
    );
    expect(url.code).not.toBe(0);
  });

  it("prints the script's output over the demo tools, saying on stderr that they are the demo, and exits 0", async () => {
    expect(await cli(["run", "get_user --id 42 | jq -r .name"])).toEqual({
      stdout: "Jane Doe\n",
      stderr: DEMO_NOTE,
      code: 0,
    });
  });

  it("passes the script's exit code and stderr through; --trace adds the trace on stderr", async () => {
    const { stdout, stderr, code } = await cli([
      "run",
      "--trace",
      "get_user --id 9 || echo recovered; list_orders --user_id 42 --status shipped | jq -r '.[0].order_id'; exit 7",
    ]);
    expect(code).toBe(7);
    expect(stdout).toBe("recovered\no-1001\n");
    expect(stderr).toMatch(
      /^toolshell: no --tools given: .*\nget_user: callback failed\ntrace: 2 calls\n {2}1\. get_user --id 9 {2}\(exit 1, [\d.]+ ms, \S+\)\n {2}2\. list_orders --user_id 42 --status shipped {2}\(exit 0, [\d.]+ ms, \S+\)\n$/,
    );
  });

  it("reads the script from stdin with -, and --json prints the whole result instead", async () => {
    const script = "list_orders --user_id 42 | jq length\necho oops >&2\nexit 3\n";
    const { stdout, stderr, code } = await cli(["run", "--json", "-"], script);
    expect(code).toBe(3);
    expect(stderr).toBe(DEMO_NOTE);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ stdout: "2\n", stderr: "oops\n", exitCode: 3, truncated: false });
    expect(result.trace).toMatchObject([{ name: "list_orders", params: { user_id: 42 }, exitCode: 0 }]);
  });

  it("runs against the tools (or the ScriptedTool) a --tools module exports; --timeout stops a runaway script", async () => {
    const fixture = await cli(["run", "--tools", TOOLS, "add --a 2 --b 3 | jq .sum; greet --name Ann"]);
    // (greet's console.log goes to this process's console: run in a process it lands on stdout before these)
    expect(fixture).toEqual({ stdout: "5\nhello Ann\n", stderr: "", code: 0 });
    // A module's ScriptedTool is used as it is: its env reaches the script.
    const api = await cli([
      "run",
      "--tools",
      "test/fixtures/cli-tools-api.mjs",
      'double --n 21 | jq .value; echo "x$FACTOR"',
    ]);
    expect(api).toEqual({ stdout: "42\nx2\n", stderr: "", code: 0 });
    // A computation no shell cap bounds (`while true; do :; done` may hit the loop cap, exit 126, within 300 ms)
    const slow = await cli(["run", "--timeout", "300", "jq -n 'last(range(1e12))'"]);
    expect(slow.code).toBe(124);
    expect(slow.stderr).toContain("timed out after 300 ms");
  });

  it("explains a --tools file that is missing, exports no tools or defines a bad tool; loads .ts", async () => {
    expect(await cli(["run", "--tools", "test/fixtures/nope.mjs", "true"])).toEqual({
      stdout: "",
      stderr: "toolshell: --tools test/fixtures/nope.mjs: no such file\n",
      code: 2,
    });
    const none = await cli(["run", "--tools", "test/fixtures/cli-tools-none.mjs", "true"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(
      /^toolshell: --tools test\/fixtures\/cli-tools-none\.mjs exports no tools: export `tools` .*\(found exports: helpers\)\n$/,
    );
    expect(await cli(["run", "--tools", "test/fixtures/cli-tools-bad.mjs", "true"])).toEqual({
      stdout: "",
      stderr: "toolshell: --tools test/fixtures/cli-tools-bad.mjs: oops: execute must be a function\n",
      code: 1,
    });
    // here vitest loads the .ts; "toolshell as a process" below loads it under tsx
    expect(await cli(["run", "--tools", "test/fixtures/cli-tools-ts.ts", "typed"])).toEqual({
      stdout: "typed ok\n",
      stderr: "",
      code: 0,
    });
  });
});

describe("usage", () => {
  it("exits 2 with a message on stderr for usage errors; --help and --version exit 0", async () => {
    const unknownOption = await cli(["run", "--bogus", "true"]);
    expect(unknownOption).toMatchObject({ stdout: "", code: 2 });
    expect(unknownOption.stderr).toContain("error: unknown option '--bogus'");
    const noScript = await cli(["run"]);
    expect(noScript).toMatchObject({ stdout: "", code: 2 });
    expect(noScript.stderr).toContain("error: missing required argument 'script'");
    const badTimeout = await cli(["run", "--timeout", "soon", "true"]);
    expect(badTimeout).toMatchObject({ stdout: "", code: 2 });
    expect(badTimeout.stderr).toContain("expected a positive whole number of milliseconds");
    const unknownCommand = await cli(["frobnicate"]);
    expect(unknownCommand).toMatchObject({ stdout: "", code: 2 });
    expect(unknownCommand.stderr).toContain("error: unknown command 'frobnicate'");
    const help = await cli(["run", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: toolshell run [options] <script>");
    expect(help.stdout).toContain("--tools <file>");
    const packageVersion = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    ).version;
    expect(await cli(["--version"])).toEqual({ stdout: `${packageVersion}\n`, stderr: "", code: 0 });
  });
});

describe("toolshell prompt", () => {
  it("prints the system prompt and the tool definition; --compact lists one-liners; --json for programs", async () => {
    const full = await cli(["prompt"]);
    const compact = await cli(["prompt", "--compact"]);
    const json = await cli(["prompt", "--json", "--tools", TOOLS]);
    const demo = new ScriptedTool({ ...ecommerceToolset, isolation: "inline" });
    const marker = "\n--- tool definition (JSON) ---\n";
    expect(full.code).toBe(0);
    const [prompt, definition] = full.stdout.split(marker);
    expect(prompt).toBe(demo.systemPrompt());
    expect(JSON.parse(definition ?? "")).toEqual(demo.definition());

    expect(compact.code).toBe(0);
    expect(compact.stdout).toContain("- `get_user`: Fetch a user by id\n");
    expect(compact.stdout.length).toBeLessThan(full.stdout.length);

    expect(json.code).toBe(0);
    const parts = JSON.parse(json.stdout);
    expect(parts.definition).toMatchObject({ name: "toolshell", inputSchema: { required: ["commands"] } });
    expect(parts.systemPrompt).toContain("add");
    expect(parts.systemPrompt).toContain("greet");
  });
});

describe("toolshell repl", () => {
  it("runs each script typed on stdin, continues open blocks, answers dot commands and stops at .exit", async () => {
    const input = [
      "get_user --id 42 | jq -r .name",
      "for id in o-1001 o-1002; do",
      '  get_shipping --order_id "$id" | jq -r .carrier',
      "done",
      "echo one \\",
      "  two",
      ".tools",
      "get_usr --id 1",
      ".exit",
      "echo never",
      "",
    ].join("\n");
    const { stdout, stderr, code } = await cli(["repl"], input);
    expect(code).toBe(0);
    const status = (exit: number, calls: string) => `\\[exit ${exit}, ${calls}, \\d+ ms\\]\\n`;
    expect(stdout).toMatch(
      new RegExp(
        `^Jane Doe\\n${status(0, "1 call")}DHL\\nUPS\\n${status(0, "2 calls")}one two\\n${status(0, "0 calls")}` +
          " {2}get_user - Fetch a user by id\\n {2}list_orders - .*\\n {2}get_product - .*\\n {2}get_shipping - .*\\n" +
          `${status(127, "0 calls")}$`,
      ),
    );
    expect(stderr).toContain("get_usr: command not found");
    expect(stdout).not.toContain("never");
  });

  it("repl takes --tool-process and --tools-dir too", async () => {
    const input = ["py.add --a 2 --b 2 | jq .sum", "weather.now --city oslo | jq .celsius", ".exit", ""].join(
      "\n",
    );
    const { stdout, code } = await cli(
      ["repl", "--tool-process", `py=python3 ${PY_TOOLS}`, "--tools-dir", "examples/tool-folders"],
      input,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^4\n\[exit 0, 1 call, \d+ ms\]\n4\n\[exit 0, 1 call, \d+ ms\]\n$/);
  });
});

describe("toolshell as a process", () => {
  it(
    "runs from its entry file, reads the script from its stdin, loads a .ts module under tsx and exits with the script's code",
    async () => {
      expect(await processes.entry).toEqual({ stdout: "typed ok\n", stderr: "", code: 7 });
    },
    SLOW,
  );

  it(
    "mcp: serves the tools over stdio to the SDK's client, with nothing but protocol on stdout",
    async () => {
      const { tools, result, stderr } = await processes.stdio;
      expect(tools.map((tool) => tool.name)).toEqual(["calc"]);
      // calc.reset (risk high, granted by examples/tool-folders/calc/toolshell.json) makes the script tool destructive
      expect(tools[0]?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      // A module's tools, a tool process's and a tool folder's (a module package and a tool process), at once.
      expect(result.structuredContent).toMatchObject({
        stdout: "5\nhello Ann\n2\n4\n8\n",
        stderr: "",
        exitCode: 0,
      });
      expect(result.isError).toBe(false);
      expect(stderr).toContain("greet was called");
    },
    SLOW,
  );

  it(
    "mcp --http: serves streamable HTTP, imports an upstream MCP server's tools as namespaced commands (and no demo tools), stops on SIGTERM",
    async () => {
      const { own, upstream, exitCode } = await processes.http;
      expect(own.structuredContent).toMatchObject({ exitCode: 127 });
      expect((own.structuredContent as { stderr: string }).stderr).toMatch(/get_user: command not found/);
      expect(upstream.structuredContent).toMatchObject({ exitCode: 0 });
      expect((upstream.structuredContent as { stdout: string }).stdout).toMatch(/hi/);
      expect(exitCode).toBe(0);
    },
    SLOW,
  );

  it(
    "mcp --http: tells the client when an upstream's tools change, and the script tool then shows their risk",
    async () => {
      const { before, after } = await processes.changing;
      expect(before.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(before.description).toContain("ch.first");
      expect(after.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(after.description).toContain("ch.wipe");
    },
    SLOW,
  );

  it(
    "mcp: says to install the MCP SDK when it is missing, and exits 1",
    async () => {
      expect(await processes.noSdk).toEqual({
        stdout: "",
        stderr:
          "toolshell: the mcp command needs the MCP SDK (an optional peer dependency): npm install @modelcontextprotocol/sdk\n",
        code: 1,
      });
    },
    SLOW,
  );
});
