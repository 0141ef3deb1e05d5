// The README's "MCP" and "Command line" sections, run as written: "toolshell" and "toolshell/mcp" imports point
// at this checkout, `npx toolshell ...` is the CLI's runCli from its sources in this process (the line split into
// words as a shell would; test/cli/cli.test.ts runs the CLI as a process too), and a test rewrites a snippet only
// where running it as is would be wrong in a test (a fixed port, a shared file in /tmp, serving on the test
// process's own stdio); each rewrite is asserted to have matched, so a changed README fails here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import type { ExecuteResult, ScriptedTool } from "../../src/index.js";
import type { UpstreamConnection } from "../../src/mcp/index.js";
import { codeBlocks, localImports, readmeSection, rewrite } from "./snippets.js";

const root = new URL("../../", import.meta.url);
const ROOT = fileURLToPath(root);
const GENERATED = new URL("../.generated/", import.meta.url);
const SLOW = 30_000; // a spawned process pays for node, tsx and a worker start: seconds on a busy machine

function writeGenerated(name: string, code: string): URL {
  mkdirSync(GENERATED, { recursive: true });
  const file = new URL(name, GENERATED);
  writeFileSync(file, code);
  return file;
}

/** Shadows `console` in a generated module so the test can read what the snippet logs (the values, not text). */
const CAPTURE_CONSOLE = `const __logged: unknown[][] = [];
const console = { ...globalThis.console, log: (...args: unknown[]) => { __logged.push(args); },
  error: (...args: unknown[]) => { __logged.push(args); } };
`;

function text(result: CallToolResult): string {
  return result.content.map((part) => (part.type === "text" ? part.text : `<${part.type}>`)).join("");
}

const apis: ScriptedTool[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
  await Promise.all(apis.map((api) => api.close()));
});

function client(): Client {
  const created = new Client({ name: "readme-test", version: "1.0.0" });
  closers.push(() => created.close());
  return created;
}

describe("README: MCP", () => {
  const section = readmeSection("## MCP");
  const blocks = codeBlocks(section, "ts");
  const find = (name: string) => {
    const found = blocks.find((code) => code.includes(`${name}(`));
    if (!found) throw new Error(`no README snippet calls ${name}()`);
    return found;
  };
  const stdioSnippet = find("serveStdio");
  const SERVE_STDIO = /^await serveStdio\(.*\n/m;
  // The snippets after the first use its `api`: in this process, run the first block without serving on the test
  // process's own stdin/stdout (the serveStdio test below runs it whole, in a child process).
  const setup = rewrite(stdioSnippet, SERVE_STDIO, "");

  it("has the serve snippets (stdio, HTTP, own transport) and the upstream snippet", () => {
    expect(
      blocks.map((code) => /(serveStdio|serveHttp|createMcpServer|connectUpstream)\(/.exec(code)?.[1]),
    ).toEqual(["serveStdio", "serveHttp", "createMcpServer", "connectUpstream"]);
  });

  /** The first snippet run whole as a stdio server process, asked by the SDK's Client what a test checks. */
  async function stdioSession() {
    const file = writeGenerated("readme-mcp-stdio.ts", localImports(stdioSnippet));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", fileURLToPath(file)],
      cwd: ROOT,
      stderr: "pipe",
    });
    const mcp = client();
    await mcp.connect(transport);
    const { tools } = await mcp.listTools();
    const found = (await mcp.callTool({ name: "discover", arguments: { query: "user" } })) as CallToolResult;
    const ran = (await mcp.callTool({
      name: "script",
      arguments: { commands: "get_user --id 42 | jq -r .name" },
    })) as CallToolResult;
    return { tools, found, ran };
  }
  // Started before the tests, it runs while the in-process ones do: the process spends seconds in node and tsx.
  let stdio: ReturnType<typeof stdioSession>;
  beforeAll(() => {
    stdio = stdioSession();
    stdio.catch(() => {}); // awaited by its test; no unhandled rejection meanwhile
  });

  it("serveHttp: a Client with the snippet's bearer token runs a script as tenant acme; no token is 401", async () => {
    // port 3000 could be taken on the machine running the tests: 0 picks a free one, as the snippet's comment says
    const snippet = rewrite(find("serveHttp"), "port: 3000,", "port: 0,");
    const file = writeGenerated(
      "readme-mcp-http.ts",
      `${CAPTURE_CONSOLE}${localImports(setup)}\n${localImports(snippet)}\nexport { __logged, api, close, url };\n`,
    );
    const module = (await import(file.href)) as {
      __logged: unknown[][];
      api: ScriptedTool;
      close: () => Promise<void>;
      url: string;
    };
    apis.push(module.api);
    closers.push(module.close);
    expect(module.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(module.__logged).toEqual([[`MCP endpoint: ${module.url}`]]);

    const noToken = await fetch(module.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(noToken.status).toBe(401);

    const mcp = client();
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(module.url), {
        requestInit: { headers: { authorization: "Bearer secret" } },
      }),
    );
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toEqual(["script"]);
    const ran = (await mcp.callTool({
      name: "script",
      arguments: { commands: "get_user --id 7 | jq -r .name" },
    })) as CallToolResult;
    expect(ran.structuredContent).toMatchObject({
      stdout: "Jane\n",
      exitCode: 0,
      trace: [{ name: "get_user", exitCode: 0 }],
    });
    // The answer's trace is names and exit codes only (fullTrace off): ask a callback for the tenant instead.
    module.api.add({ name: "whoami", execute: (_params, ctx) => `${String(ctx.tenant)}\n` });
    const who = (await mcp.callTool({ name: "script", arguments: { commands: "whoami" } })) as CallToolResult;
    expect(who.structuredContent).toMatchObject({ stdout: "acme\n", exitCode: 0 });
  });

  it("createMcpServer: a Client on the snippet's clientSide sees the renamed script tool", async () => {
    const file = writeGenerated(
      "readme-mcp-transport.ts",
      `${localImports(setup)}\n${localImports(find("createMcpServer"))}\nexport { api, clientSide, server };\n`,
    );
    const module = (await import(file.href)) as {
      api: ScriptedTool;
      clientSide: InMemoryTransport;
      server: Server;
    };
    apis.push(module.api);
    closers.push(() => module.server.close());
    const mcp = client();
    await mcp.connect(module.clientSide);
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toEqual(["shop_script"]);
    const failed = (await mcp.callTool({
      name: "shop_script",
      arguments: { commands: "get_user --id nope" },
    })) as CallToolResult;
    expect(failed.isError).toBe(true);
    expect(failed.structuredContent).toMatchObject({ exitCode: 2 });
  });

  it(
    "connectUpstream: the memory server's tools become mem.* commands and the script prints what it says",
    async () => {
      // The snippet's `npx -y @modelcontextprotocol/server-memory` resolves the devDependency installed here
      // (the test runs from the repository root); npm_config_offline makes sure it never asks the registry, and the
      // knowledge graph goes to a temp file instead of a shared one in /tmp.
      const folder = mkdtempSync(join(tmpdir(), "toolshell-readme-"));
      closers.push(async () => rmSync(folder, { recursive: true, force: true }));
      expect(process.cwd()).toBe(ROOT.replace(/\/$/, ""));
      const snippet = rewrite(
        find("connectUpstream"),
        'MEMORY_FILE_PATH: "/tmp/toolshell-memory.jsonl"',
        `MEMORY_FILE_PATH: ${JSON.stringify(join(folder, "memory.jsonl"))}, npm_config_offline: "true"`,
      );
      const file = writeGenerated(
        "readme-mcp-upstream.ts",
        `${CAPTURE_CONSOLE}${localImports(snippet)}\nexport { __logged, api, mem, r };\n`,
      );
      const module = (await import(file.href)) as {
        __logged: unknown[][];
        api: ScriptedTool;
        mem: UpstreamConnection;
        r: ExecuteResult;
      };
      apis.push(module.api);
      closers.push(() => module.mem.close());
      const [[tools] = [], [stdout] = []] = module.__logged;
      // ["mem.create_entities", ..., "mem.read_graph", "mem.search_nodes", "mem.open_nodes"]
      expect((tools as string[])[0]).toBe("mem.create_entities");
      expect((tools as string[]).slice(-3)).toEqual(["mem.read_graph", "mem.search_nodes", "mem.open_nodes"]);
      expect(stdout).toBe("wrote the first program\n");
      expect(module.r).toMatchObject({ stderr: "", exitCode: 0 });
      // mem.close() at the snippet's end unregistered the commands
      expect(module.mem.tools).toEqual([]);
      expect(module.api.tools()).toEqual([]);
    },
    SLOW,
  );

  it(
    "serveStdio: the first snippet as a stdio server process, for the SDK's Client",
    async () => {
      const { tools, found, ran } = await stdio;
      // discovery: true adds `discover`; get_user is read-only and closed-world, so the script tool is too
      expect(tools.map((tool) => tool.name)).toEqual(["script", "discover"]);
      expect(tools[0]?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(found.structuredContent).toMatchObject({
        tools: [{ name: "get_user", description: "Fetch a user by id" }],
      });
      expect(ran.isError).toBeFalsy();
      expect(ran.structuredContent).toMatchObject({ stdout: "Jane\n", stderr: "", exitCode: 0 });
      expect(text(ran)).toBe("Jane\n");
    },
    SLOW,
  );
});

interface Outcome {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** A README command line as a shell would split it: words, and the `|` between commands. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] ?? "";
    if (char === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) throw new Error(`unclosed ' in: ${line}`);
      word = (word ?? "") + line.slice(i + 1, close);
      i = close;
    } else if (char === '"') {
      let text = "";
      for (i++; line[i] !== '"'; i++) {
        if (i >= line.length) throw new Error(`unclosed " in: ${line}`);
        if (/[$`]/.test(line[i] ?? ""))
          throw new Error(`a README line needs a real shell (${line[i]}): ${line}`);
        if (line[i] === "\\" && /["\\$`]/.test(line[i + 1] ?? "")) i++;
        text += line[i];
      }
      word = (word ?? "") + text;
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "|") {
      if (word !== undefined) words.push(word);
      word = undefined;
      words.push("|");
    } else if (/[\\$`;&<>(){}*?~#!]/.test(char)) {
      throw new Error(`a README line needs a real shell (${char}): ${line}`);
    } else word = (word ?? "") + char;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * Runs one README command line in this process: `npx toolshell ARGS` is runCli on ARGS, and `echo TEXT | npx
 * toolshell ...` feeds TEXT and a newline to its stdin, as echo would. Anything else is refused.
 */
async function shell(line: string, cwd: string): Promise<Outcome> {
  const words = shellWords(line);
  const pipe = words.indexOf("|");
  let input = "";
  let command = words;
  if (pipe >= 0) {
    const [echo, ...text] = words.slice(0, pipe);
    if (echo !== "echo" || text.length === 0)
      throw new Error(`only \`echo ... |\` can feed the CLI: ${line}`);
    input = `${text.join(" ")}\n`;
    command = words.slice(pipe + 1);
  }
  const [npx, name, ...args] = command;
  if (npx !== "npx" || name !== "toolshell" || args.includes("|"))
    throw new Error(`not a toolshell command: ${line}`);
  let stdout = "";
  let stderr = "";
  const io = {
    stdin: Readable.from(input === "" ? [] : [input]),
    stdout: new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        stdout += chunk.toString();
        done();
      },
    }),
    stderr: new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        stderr += chunk.toString();
        done();
      },
    }),
  };
  // A relative --tools path is resolved against the working directory, as from the user's shell.
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const code = await runCli(["node", "toolshell", ...args], io);
    return { stdout, stderr, code };
  } finally {
    process.chdir(previous);
  }
}

/** What each README command line must do; `comment` is the line's `# ...` text. */
const CLI_CHECKS: [RegExp, (outcome: Outcome, comment: string) => void][] = [
  [/^npx toolshell run 'get_user --id 42/, ({ stdout }, comment) => expect(stdout).toBe(`${comment}\n`)],
  [
    /^npx toolshell run --trace /,
    ({ stdout, stderr }) => {
      expect(stdout).toBe("no user 9\n");
      expect(stderr).toMatch(
        /^toolshell: no --tools given: using the bundled demo e-commerce tools .*\nget_user: callback failed\ntrace: 1 call\n {2}1\. get_user --id 9 {2}\(exit 1, /,
      );
    },
  ],
  [/\| npx toolshell run -$/, ({ stdout }) => expect(stdout).toMatch(/^[1-9]\d*\n$/)],
  [
    /^npx toolshell run --json /,
    ({ stdout }) => {
      const result = JSON.parse(stdout) as ExecuteResult;
      expect(result).toMatchObject({
        stderr: "",
        exitCode: 0,
        trace: [{ name: "help", argv: ["get_user"] }],
      });
      expect(result.stdout).toMatch(/^get_user - Fetch a user by id\nUsage: get_user --id <integer>\n/);
    },
  ],
  [
    /^npx toolshell prompt --compact/,
    ({ stdout }) => {
      const definition = stdout.lastIndexOf("\n{\n");
      expect(stdout.slice(0, definition)).toContain("get_user");
      expect(JSON.parse(stdout.slice(definition))).toMatchObject({ inputSchema: { required: ["commands"] } });
    },
  ],
  [
    /^npx toolshell run --tools \.\/tools\.mjs /,
    ({ stdout }, comment) => expect(stdout).toBe(`${comment}\n`),
  ],
  [/^npx toolshell run --tool-process /, ({ stdout }, comment) => expect(stdout).toBe(`${comment}\n`)],
];

const cliSection = readmeSection("## Command line");
const cliLines = codeBlocks(cliSection, "bash")
  .flatMap((block) => block.split("\n"))
  .filter((line) => line.includes("npx toolshell"))
  .map((line) => {
    const [, command = line, comment = ""] = /^(.*?)\s+#\s+(.*)$/.exec(line) ?? [];
    return { command, comment };
  })
  // `repl` waits for a person at the keyboard and `mcp` serves until stopped (test/cli/cli.test.ts runs both)
  .filter(({ command }) => !/npx toolshell (repl|mcp)\b/.test(command));
const toolsModule = codeBlocks(cliSection, "js").find((code) => code.startsWith("// tools.mjs\n"));
const cliFolder = mkdtempSync(join(tmpdir(), "toolshell-readme-cli-"));

beforeAll(() => {
  writeFileSync(join(cliFolder, "tools.mjs"), toolsModule ?? "");
});
afterAll(() => {
  rmSync(cliFolder, { recursive: true, force: true });
});

describe("README: Command line", () => {
  it("has a check for every command line, and the tools.mjs module", () => {
    expect(toolsModule).toBeDefined();
    expect(cliLines.length).toBe(CLI_CHECKS.length);
    for (const { command } of cliLines)
      expect(CLI_CHECKS.filter(([pattern]) => pattern.test(command)).length, command).toBe(1);
  });

  it("the MCP client configuration is JSON that starts `toolshell mcp`", () => {
    const [config] = codeBlocks(cliSection, "json");
    expect(JSON.parse(config ?? "")).toMatchObject({
      mcpServers: { shop: { command: "npx", args: ["toolshell", "mcp", "--tools", "/abs/path/tools.mjs"] } },
    });
  });

  for (const { command, comment } of cliLines) {
    it(command, async () => {
      // one at a time: each command closes the worker pool the others share when it ends
      const outcome = await shell(command, command.includes("./tools.mjs") ? cliFolder : ROOT);
      expect(outcome.code, outcome.stderr).toBe(0);
      const check = CLI_CHECKS.find(([pattern]) => pattern.test(command));
      check?.[1](outcome, comment);
    });
  }
});
