import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { ecommerceToolset } from "../examples/ecommerce-tools.js";
import { ScriptedTool } from "../src/index.js";

// The CLI runs from its sources under tsx, as `node --import tsx src/cli/main.ts ...`: no build needed.
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = "src/cli/main.ts";
const TOOLS = "test/fixtures/cli-tools.mjs";
const SLOW = 60_000; // each spawn pays for node, tsx and a worker start: seconds on a busy machine

interface Outcome {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs the CLI to its end with `input` on stdin (closed at once when there is none). */
function cli(args: string[], input = "", nodeArgs: string[] = []): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...nodeArgs, MAIN, ...args], { cwd: ROOT });
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

describe("toolshell run", () => {
  it(
    "prints the script's output over the demo tools and exits 0",
    async () => {
      expect(await cli(["run", "get_user --id 42 | jq -r .name"])).toEqual({
        stdout: "Jane Doe\n",
        stderr: "",
        code: 0,
      });
    },
    SLOW,
  );

  it(
    "passes the script's exit code and stderr through; --trace adds the trace on stderr",
    async () => {
      const { stdout, stderr, code } = await cli([
        "run",
        "--trace",
        "get_user --id 9 || echo recovered; list_orders --user_id 42 --status shipped | jq -r '.[0].order_id'; exit 7",
      ]);
      expect(code).toBe(7);
      expect(stdout).toBe("recovered\no-1001\n");
      expect(stderr).toMatch(
        /^get_user: callback failed\ntrace: 2 calls\n {2}1\. get_user --id 9 {2}\(exit 1, [\d.]+ ms, \S+\)\n {2}2\. list_orders --user_id 42 --status shipped {2}\(exit 0, [\d.]+ ms, \S+\)\n$/,
      );
    },
    SLOW,
  );

  it(
    "reads the script from stdin with -, and --json prints the whole result instead",
    async () => {
      const script = "list_orders --user_id 42 | jq length\necho oops >&2\nexit 3\n";
      const { stdout, stderr, code } = await cli(["run", "--json", "-"], script);
      expect(code).toBe(3);
      expect(stderr).toBe("");
      const result = JSON.parse(stdout);
      expect(result).toMatchObject({ stdout: "2\n", stderr: "oops\n", exitCode: 3, truncated: false });
      expect(result.trace).toMatchObject([{ name: "list_orders", params: { user_id: 42 }, exitCode: 0 }]);
    },
    SLOW,
  );

  it(
    "runs against the tools (or the ScriptedTool) a --tools module exports; --timeout stops a runaway script",
    async () => {
      const [fixture, api, slow] = await Promise.all([
        cli(["run", "--tools", TOOLS, "add --a 2 --b 3 | jq .sum; greet --name Ann"]),
        cli([
          "run",
          "--tools",
          "test/fixtures/cli-tools-api.mjs",
          'double --n 21 | jq .value; echo "x$FACTOR"',
        ]),
        cli(["run", "--timeout", "300", "while true; do :; done"]),
      ]);
      expect(fixture.code).toBe(0);
      expect(fixture.stdout.endsWith("5\nhello Ann\n")).toBe(true);
      // A module's ScriptedTool is used as it is: its env reaches the script.
      expect(api).toEqual({ stdout: "42\nx2\n", stderr: "", code: 0 });
      expect(slow.code).toBe(124);
    },
    SLOW,
  );

  it(
    "explains a --tools file that is missing, exports no tools or defines a bad tool; loads .ts under tsx",
    async () => {
      const [missing, none, bad, typescript] = await Promise.all([
        cli(["run", "--tools", "test/fixtures/nope.mjs", "true"]),
        cli(["run", "--tools", "test/fixtures/cli-tools-none.mjs", "true"]),
        cli(["run", "--tools", "test/fixtures/cli-tools-bad.mjs", "true"]),
        cli(["run", "--tools", "test/fixtures/cli-tools-ts.ts", "typed"]),
      ]);
      expect(missing).toEqual({
        stdout: "",
        stderr: "toolshell: --tools test/fixtures/nope.mjs: no such file\n",
        code: 2,
      });
      expect(none.code).toBe(1);
      expect(none.stderr).toMatch(
        /^toolshell: --tools test\/fixtures\/cli-tools-none\.mjs exports no tools: export `tools` .*\(found exports: helpers\)\n$/,
      );
      expect(bad).toEqual({
        stdout: "",
        stderr: "toolshell: --tools test/fixtures/cli-tools-bad.mjs: oops: execute must be a function\n",
        code: 1,
      });
      expect(typescript).toEqual({ stdout: "typed ok\n", stderr: "", code: 0 });
    },
    SLOW,
  );
});

describe("usage", () => {
  it(
    "exits 2 with a message on stderr for usage errors; --help and --version exit 0",
    async () => {
      const [unknownOption, noScript, badTimeout, unknownCommand, help, version] = await Promise.all([
        cli(["run", "--bogus", "true"]),
        cli(["run"]),
        cli(["run", "--timeout", "soon", "true"]),
        cli(["frobnicate"]),
        cli(["run", "--help"]),
        cli(["--version"]),
      ]);
      expect(unknownOption).toMatchObject({ stdout: "", code: 2 });
      expect(unknownOption.stderr).toContain("error: unknown option '--bogus'");
      expect(noScript).toMatchObject({ stdout: "", code: 2 });
      expect(noScript.stderr).toContain("error: missing required argument 'script'");
      expect(badTimeout).toMatchObject({ stdout: "", code: 2 });
      expect(badTimeout.stderr).toContain("expected a positive whole number of milliseconds");
      expect(unknownCommand).toMatchObject({ stdout: "", code: 2 });
      expect(unknownCommand.stderr).toContain("error: unknown command 'frobnicate'");
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("Usage: toolshell run [options] <script>");
      expect(help.stdout).toContain("--tools <file>");
      const packageVersion = JSON.parse(
        readFileSync(new URL("../package.json", import.meta.url), "utf8"),
      ).version;
      expect(version).toEqual({ stdout: `${packageVersion}\n`, stderr: "", code: 0 });
    },
    SLOW,
  );
});

describe("toolshell prompt", () => {
  it(
    "prints the system prompt and the tool definition; --compact lists one-liners; --json for programs",
    async () => {
      const [full, compact, json] = await Promise.all([
        cli(["prompt"]),
        cli(["prompt", "--compact"]),
        cli(["prompt", "--json", "--tools", TOOLS]),
      ]);
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
    },
    SLOW,
  );
});

describe("toolshell repl", () => {
  it(
    "runs each script typed on stdin, continues open blocks, answers dot commands and stops at .exit",
    async () => {
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
    },
    SLOW,
  );
});

describe("toolshell mcp", () => {
  it(
    "serves the tools over stdio to the SDK's client, with nothing but protocol on stdout",
    async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ["--import", "tsx", MAIN, "mcp", "--tools", TOOLS, "--name", "calc"],
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
        expect(tools.map((tool) => tool.name)).toEqual(["calc"]);
        expect(tools[0]?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
        // greet logs with console.log: on stdio that must go to stderr, or the client would see garbage.
        const result = await client.callTool({
          name: "calc",
          arguments: { commands: "add --a 2 --b 3 | jq .sum; greet --name Ann" },
        });
        expect(result.structuredContent).toMatchObject({ stdout: "5\nhello Ann\n", stderr: "", exitCode: 0 });
        expect(result.isError).toBe(false);
        expect(stderr).toContain("greet was called");
      } finally {
        await client.close();
      }
    },
    SLOW,
  );

  it(
    "serves streamable HTTP with --http and stops on SIGTERM",
    async () => {
      const child = spawn(process.execPath, ["--import", "tsx", MAIN, "mcp", "--http", "0"], { cwd: ROOT });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let stderr = "";
          child.stderr.setEncoding("utf8").on("data", (text: string) => {
            stderr += text;
            const found = /at (http:\/\/\S+)/.exec(stderr);
            if (found?.[1]) resolve(found[1]);
          });
          child.on("close", () => reject(new Error(`exited before listening: ${stderr}`)));
        });
        const client = new Client({ name: "cli-test", version: "1.0.0" });
        await client.connect(new StreamableHTTPClientTransport(new URL(url)));
        const result = await client.callTool({
          name: "script",
          arguments: { commands: "get_user --id 7 | jq -r .email" },
        });
        expect(result.structuredContent).toMatchObject({ stdout: "bob@example.com\n", exitCode: 0 });
        await client.close();
        const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
        child.kill("SIGTERM");
        expect(await exited).toBe(0);
      } finally {
        child.kill("SIGKILL");
      }
    },
    SLOW,
  );

  it(
    "says to install the MCP SDK when it is missing, and exits 1",
    async () => {
      const outcome = await cli(["mcp"], "", ["--import", "./test/fixtures/cli-no-mcp-sdk.mjs"]);
      expect(outcome).toEqual({
        stdout: "",
        stderr:
          "toolshell: the mcp command needs the MCP SDK (an optional peer dependency): npm install @modelcontextprotocol/sdk\n",
        code: 1,
      });
    },
    SLOW,
  );

  it(
    "imports an upstream MCP server's tools as namespaced commands",
    async () => {
      const everything = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ["--import", "tsx", MAIN, "mcp", "--upstream", `ev='${process.execPath}' ${everything} stdio`],
        cwd: ROOT,
        stderr: "pipe",
      });
      const client = new Client({ name: "cli-test", version: "1.0.0" });
      await client.connect(transport);
      try {
        const result = await client.callTool({
          name: "script",
          arguments: { commands: "ev.echo --message hi; get_user --id 42 | jq -r .name" },
        });
        expect(result.structuredContent).toMatchObject({ exitCode: 0 });
        expect((result.structuredContent as { stdout: string }).stdout).toMatch(/hi[\s\S]*Jane Doe\n$/);
      } finally {
        await client.close();
      }
    },
    SLOW,
  );
});
