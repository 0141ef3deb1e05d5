import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Command, CommanderError, InvalidArgumentError } from "commander";
import { CliError, EXIT_USAGE, errorMessage } from "./errors.js";
import type { CliIo } from "./io.js";

// The commands' modules load with the command that needs them, so that --help, --version and usage errors answer
// without loading the library (and `mcp` alone loads the MCP SDK).
const loadToolshell: typeof import("./load-tools.js").loadToolshell = async (file, options) =>
  (await import("./load-tools.js")).loadToolshell(file, options);

/** toolshell's version, from the package.json above this file (in src/ and in the compiled dist/src alike). */
function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === "toolshell" && typeof manifest.version === "string") return manifest.version;
    } catch {
      // no package.json here: look further up
    }
    const parent = dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
}

function milliseconds(value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms) || ms <= 0) {
    throw new InvalidArgumentError("expected a positive whole number of milliseconds");
  }
  return ms;
}

function port(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > 65535) throw new InvalidArgumentError("expected a port, 0-65535");
  return number;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const TOOLS_HELP =
  "an ES module (.js/.mjs; .ts under tsx) exporting `tools` or a default tools array, ScriptedTool or " +
  "{ name, description, tools } (default: the bundled demo e-commerce tools)";
const TOOL_PROCESS_HELP =
  'a tool process to start and register as `name.tool` commands: a command line ("python3 tools.py"), ' +
  "optionally prefixed with name= to choose the namespace (repeatable)";
const TOOLS_DIR_HELP =
  "a folder of tool packages: each subfolder with tool.mjs (or tool.js) exporting tools, or toolshell.json " +
  "naming a tool process, becomes commands (repeatable; earlier folders win)";
const SCRATCH_HELP =
  "give each run an in-memory /tmp of 16 MiB, empty at the start and discarded after the run (default: no files)";

/**
 * The `toolshell` command line: `run`, `prompt`, `mcp` and `repl`. Each action resolves the exit code into
 * `result.exitCode`; usage errors are reported by commander on `io.stderr`.
 */
function createProgram(io: CliIo, result: { exitCode: number }): Command {
  const program = new Command("toolshell")
    .description("One script tool instead of N tools: run, inspect and serve a toolshell over your tools.")
    .version(packageVersion(), "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride();

  program
    .command("run")
    .description("run a script against the tools; print its stdout and stderr and exit with its exit code")
    .argument("<script>", "the bash script, or - to read it from stdin")
    .option("--tools <file>", TOOLS_HELP)
    .option("--tool-process <cmd>", TOOL_PROCESS_HELP, collect, [])
    .option("--tools-dir <dir>", TOOLS_DIR_HELP, collect, [])
    .option("--trace", "print the trace of tool calls to stderr after the run")
    .option(
      "--json",
      "print the whole result (stdout, stderr, exitCode, trace, ...) as JSON on stdout instead",
    )
    .option("--timeout <ms>", "wall time of the run (default 30000)", milliseconds)
    .option("--scratch", SCRATCH_HELP)
    .addHelpText(
      "after",
      `
Examples:
  $ toolshell run 'get_user --id 42 | jq -r .name'
  $ echo 'list_orders --user_id 42 | jq length' | toolshell run -
  $ toolshell run --tools ./tools.mjs --trace 'help'`,
    )
    .action(
      async (
        argument: string,
        options: {
          tools?: string;
          toolProcess: string[];
          toolsDir: string[];
          trace?: boolean;
          json?: boolean;
          timeout?: number;
          scratch?: boolean;
        },
      ) => {
        const { runCommand, scriptFrom } = await import("./run.js");
        const script = await scriptFrom(argument, io);
        const { api, notice } = await loadToolshell(options.tools, {
          scratch: options.scratch,
          toolProcesses: options.toolProcess,
          toolDirs: options.toolsDir,
        });
        if (notice) io.stderr.write(notice);
        try {
          result.exitCode = await runCommand(
            api,
            script,
            { trace: options.trace, json: options.json, timeoutMs: options.timeout },
            io,
          );
        } finally {
          await api.close();
        }
      },
    );

  program
    .command("prompt")
    .description("print the system prompt and the script tool's definition (JSON)")
    .option("--tools <file>", TOOLS_HELP)
    .option("--compact", "list only tool names and one-liners (for many tools)")
    .option("--json", "print { systemPrompt, definition } as JSON instead")
    .option("--scratch", SCRATCH_HELP)
    .action(async (options: { tools?: string; compact?: boolean; json?: boolean; scratch?: boolean }) => {
      const { promptParts, promptText } = await import("./prompt.js");
      const { api, notice } = await loadToolshell(options.tools, { scratch: options.scratch });
      if (notice) io.stderr.write(notice);
      const parts = promptParts(api, options.compact === true);
      io.stdout.write(options.json ? `${JSON.stringify(parts, null, 2)}\n` : promptText(parts));
      result.exitCode = 0;
    });

  program
    .command("mcp")
    .description("serve the tools over MCP as one script tool (stdio, or streamable HTTP with --http)")
    .option("--tools <file>", TOOLS_HELP)
    .option(
      "--upstream <cmd|url>",
      'an MCP server to import as `name.tool` commands: a command line ("npx -y some-server") or an http(s) ' +
        "URL, optionally prefixed with name= to choose the namespace (repeatable)",
      collect,
      [],
    )
    .option("--tool-process <cmd>", TOOL_PROCESS_HELP, collect, [])
    .option("--tools-dir <dir>", TOOLS_DIR_HELP, collect, [])
    .option("--http <port>", "serve streamable HTTP on this port (0: any free port) instead of stdio", port)
    .option("--host <host>", "interface to bind with --http", "127.0.0.1")
    .option("--name <name>", "the script tool's MCP name", "script")
    .option("--discovery", "also expose a `discover` tool for browsing the commands")
    .option("--timeout <ms>", "wall time of each run (default 30000)", milliseconds)
    .option("--scratch", SCRATCH_HELP)
    .addHelpText(
      "after",
      `
Examples:
  $ toolshell mcp
  $ toolshell mcp --upstream "mem=npx -y @modelcontextprotocol/server-memory" --http 8080`,
    )
    .action(
      async (options: {
        tools?: string;
        upstream: string[];
        toolProcess: string[];
        toolsDir: string[];
        http?: number;
        host: string;
        name: string;
        discovery?: boolean;
        timeout?: number;
        scratch?: boolean;
      }) => {
        const { consoleToStderr, serveMcp } = await import("./mcp.js");
        if (options.http === undefined) consoleToStderr();
        // The demo tools are for a command given neither --tools nor --upstream (issue 16, item 4).
        const { api, notice } = await loadToolshell(options.tools, {
          scratch: options.scratch,
          noDemo: options.upstream.length > 0,
          toolProcesses: options.toolProcess,
          toolDirs: options.toolsDir,
        });
        try {
          result.exitCode = await serveMcp(
            api,
            {
              notice,
              upstreams: options.upstream,
              httpPort: options.http,
              host: options.host,
              toolName: options.name,
              discovery: options.discovery,
              timeoutMs: options.timeout,
            },
            io,
          );
        } finally {
          await api.close();
        }
      },
    );

  program
    .command("repl")
    .description("an interactive prompt for trying scripts against the tools")
    .option("--tools <file>", TOOLS_HELP)
    .option("--tool-process <cmd>", TOOL_PROCESS_HELP, collect, [])
    .option("--tools-dir <dir>", TOOLS_DIR_HELP, collect, [])
    .action(async (options: { tools?: string; toolProcess: string[]; toolsDir: string[] }) => {
      const { startRepl } = await import("./repl.js");
      const { api, notice } = await loadToolshell(options.tools, {
        toolProcesses: options.toolProcess,
        toolDirs: options.toolsDir,
      });
      if (notice) io.stderr.write(notice);
      try {
        result.exitCode = await startRepl(api, io);
      } finally {
        await api.close();
      }
    });

  return program;
}

/**
 * Runs the CLI on `argv` (as in `process.argv`: node, the script, then the arguments) and resolves to the exit
 * code: the script's for `run`, 2 for a usage error, 1 for a failure the message on stderr explains.
 * @example
 * process.exitCode = await runCli(process.argv, processIo());
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const result = { exitCode: 0 };
  const program = createProgram(io, result);
  try {
    await program.parseAsync([...argv]);
    return result.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    if (error instanceof CliError) {
      io.stderr.write(`toolshell: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`toolshell: ${errorMessage(error)}\n`);
    return 1;
  }
}
