import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { jsonSchema, tool } from "ai";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { ScriptedTool, ToolshellError } from "../src/index.js";
import { track } from "./helpers.js";

const noop = () => "ok";

/** What each entry point of package.json `exports` gives: runtime names and type-only names, sorted. */
const SURFACE: Record<string, { runtime: string[]; types: string[] }> = {
  ".": {
    runtime: [
      "MemoryStore",
      "RISK_LEVELS",
      "ScriptedTool",
      "ToolError",
      "ToolshellError",
      "askForDestructive",
      "defineTool",
      "requireApproval",
      "resultText",
    ],
    types: [
      "Admission",
      "AdmitRequest",
      "Awaitable",
      "BreakerOptions",
      "BreakerSettings",
      "BreakerVerdict",
      "CallError",
      "CallErrorCode",
      "CallOptions",
      "CallRecord",
      "CallResult",
      "DiscoverAnswer",
      "DiscoveredTool",
      "ExecuteOptions",
      "ExecuteResult",
      "ExecutionLimitsOptions",
      "FromJsonSchema",
      "InferOutput",
      "InferParams",
      "InputSchema",
      "Issue",
      "IssueCode",
      "JsonSchema",
      "NamelessTool",
      "OnCall",
      "OutcomeCode",
      "PlannedCall",
      "Policy",
      "PolicyCall",
      "PolicyDecision",
      "PromptLevel",
      "PromptOptions",
      "RateLimitOptions",
      "RateLimitSettings",
      "RequireApprovalOptions",
      "RetryOptions",
      "RiskLevel",
      "ScriptToolDefinition",
      "ScriptedToolOptions",
      "SpanLike",
      "StateStore",
      "SystemPromptOptions",
      "TelemetryOptions",
      "ThrownError",
      "ToolAnnotations",
      "ToolContext",
      "ToolDefinition",
      "ToolResult",
      "ToolRisk",
      "ToolSpec",
      "ToolStats",
      "ToolsetDefinition",
      "ToolsetOptions",
      "ToolshellErrorCode",
      "TraceEntry",
      "TracerLike",
      "TypedToolDefinition",
    ],
  },
  "./mcp": {
    runtime: ["connectUpstream", "createMcpServer", "parseUpstream", "serveHttp", "serveStdio"],
    types: [
      "DiscoverQuery",
      "DiscoveredTool",
      "HttpUpstream",
      "McpHttpOptions",
      "McpHttpServer",
      "McpRequestInfo",
      "McpServerOptions",
      "McpStdioServer",
      "SkippedTool",
      "StdioUpstream",
      "ToolsChange",
      "TransportUpstream",
      "Upstream",
      "UpstreamConnection",
      "UpstreamOptions",
      "UpstreamStderr",
    ],
  },
  "./ai": {
    runtime: ["addAiSdkTools", "providerToolName", "toAiSdkTool", "toAiSdkTools"],
    types: [
      "AdapterRunOptions",
      "AddAiSdkToolsOptions",
      "AiSdkToolOptions",
      "DiscoveryOptions",
      "ScriptToolInput",
    ],
  },
  "./openai": {
    runtime: [
      "providerToolName",
      "runOpenAIToolCall",
      "toOpenAIChatTool",
      "toOpenAIChatTools",
      "toOpenAIResponsesTool",
      "toOpenAIResponsesTools",
    ],
    types: [
      "AdapterRunOptions",
      "DiscoveryOptions",
      "ExportOptions",
      "OpenAIChatTool",
      "OpenAIChatToolCall",
      "OpenAIChatToolMessage",
      "OpenAIFunctionCallOutput",
      "OpenAIResponsesItem",
      "OpenAIResponsesTool",
      "OpenAIToolOptions",
      "RunHelperOptions",
    ],
  },
  "./anthropic": {
    runtime: ["providerToolName", "runAnthropicToolUse", "toAnthropicTool", "toAnthropicTools"],
    types: [
      "AdapterRunOptions",
      "AnthropicContentBlock",
      "AnthropicTool",
      "AnthropicToolOptions",
      "AnthropicToolResult",
      "DiscoveryOptions",
      "ExportOptions",
      "RunHelperOptions",
    ],
  },
  "./langchain": {
    runtime: ["addLangChainTools", "toLangChainTool", "toLangChainTools"],
    types: [
      "AdapterRunOptions",
      "AddLangChainToolsOptions",
      "DiscoveryOptions",
      "ExportOptions",
      "LangChainRunConfig",
      "LangChainTool",
      "LangChainToolOptions",
    ],
  },
  "./process": {
    runtime: ["connectToolProcess", "loadToolFolders", "serveToolProcess"],
    types: [
      "LoadedToolFolders",
      "ServeToolProcessOptions",
      "ServedTool",
      "ServedTools",
      "SkippedProcessTool",
      "SkippedToolFolder",
      "ToolFolderOptions",
      "ToolProcessConnection",
      "ToolProcessEvent",
      "ToolProcessOptions",
    ],
  },
  "./redis": {
    runtime: ["RedisStore"],
    types: ["RedisStoreOptions"],
  },
};

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Each entry point of package.json `exports` and its TypeScript source (`./dist/src/x.d.ts` is `src/x.ts`). */
function entryPoints(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    exports: Record<string, string | { types: string }>;
  };
  const entries = new Map<string, string>();
  for (const [name, target] of Object.entries(manifest.exports)) {
    if (typeof target === "string") continue; // ./package.json
    entries.set(name, path.join(ROOT, target.types.replace(/^\.\/dist\//, "").replace(/\.d\.ts$/, ".ts")));
  }
  return entries;
}

/** The names each source exports only as types (interfaces, type aliases), as the compiler resolves them. */
function typeNames(sources: Map<string, string>): Map<string, string[]> {
  const program = ts.createProgram([...sources.values()], {
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const names = new Map<string, string[]>();
  for (const [entry, file] of sources) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file}: not a module`);
    const typeOnly = checker.getExportsOfModule(module).filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) === 0;
    });
    names.set(entry, typeOnly.map((symbol) => symbol.name).sort());
  }
  return names;
}

describe("the public surface", () => {
  const entries = entryPoints();

  it("pins every entry point package.json exports", () => {
    expect([...entries.keys()]).toEqual(Object.keys(SURFACE));
  });

  it("exports exactly these runtime names from each entry point", async () => {
    for (const [entry, file] of entries) {
      const module = (await import(pathToFileURL(file).href)) as object;
      expect({ entry, runtime: Object.keys(module).sort() }).toEqual({
        entry,
        runtime: SURFACE[entry]?.runtime,
      });
    }
  });

  it("exports exactly these type names from each entry point", { timeout: 120_000 }, () => {
    for (const [entry, types] of typeNames(entries)) {
      expect({ entry, types }).toEqual({ entry, types: SURFACE[entry]?.types });
    }
  });

  it("describes the script tool itself for any LLM API", () => {
    const api = new ScriptedTool({
      name: "api",
      description: "E-commerce API",
      tools: [{ name: "get_user", execute: noop }],
    });
    const definition = api.definition();
    expect(definition.name).toBe("api");
    expect(definition.description).toMatch(
      /^E-commerce API\. Runs a bash script whose commands are the tools \(get_user\)/,
    );
    expect(definition.inputSchema).toEqual({
      type: "object",
      properties: { commands: { type: "string", description: "The bash script to run." } },
      required: ["commands"],
      additionalProperties: false,
    });
  });
});

describe("registration", () => {
  it("adds tools after construction, chainably", async () => {
    const api = track(new ScriptedTool({ name: "api" }));
    expect(api.add({ name: "a", execute: () => "A\n" }).add({ name: "b", execute: () => "B\n" })).toBe(api);
    expect((await api.execute("a; b")).stdout).toBe("A\nB\n");
  });

  it("removes tools: the next run no longer has the command, and the name can be registered again", async () => {
    const api = track(new ScriptedTool({ name: "api", tools: [{ name: "a", execute: () => "A\n" }] }));
    expect((await api.execute("a")).stdout).toBe("A\n");
    expect(api.remove("a")).toBe(true);
    expect(api.remove("a")).toBe(false);
    const gone = await api.execute("a");
    expect(gone.exitCode).toBe(127);
    expect(gone.stderr).toContain("a: command not found");
    expect(api.tools()).toEqual([]);
    expect((await api.call("a", {})).ok).toBe(false);
    api.add({ name: "a", execute: () => "again\n" });
    expect((await api.execute("a")).stdout).toBe("again\n");
  });

  it("converts zod schemas with z.toJSONSchema", async () => {
    const api = track(
      new ScriptedTool({
        name: "api",
        tools: [
          {
            name: "find",
            inputSchema: z.object({ q: z.string(), n: z.number().int().optional() }),
            execute: (p) => p,
          },
        ],
      }),
    );
    expect((await api.execute("find --q shoes --n 2")).stdout).toBe('{"q":"shoes","n":2}\n');
    expect((await api.execute("find --n 2")).exitCode).toBe(2);
  });

  it("accepts AI SDK tools registered under a name, with zod or jsonSchema()", async () => {
    const weather = tool({
      description: "Weather for a city",
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }, options) => ({
        city,
        temp: 21,
        hasSignal: options.abortSignal instanceof AbortSignal,
      }),
    });
    const search = tool({
      description: "Search",
      inputSchema: jsonSchema<{ q: string }>({
        type: "object",
        properties: { q: { type: "string" } },
        required: ["q"],
      }),
      execute: async ({ q }, options) => `${q}:${options.toolCallId.length > 0}\n`,
    });
    const api = track(new ScriptedTool({ name: "api" }).add("get_weather", weather).add("search", search));
    const result = await api.execute("get_weather --city Paris | jq -c .; search --q x");
    expect(result.stdout).toBe('{"city":"Paris","temp":21,"hasSignal":true}\nx:true\n');
  });

  it("accepts AI SDK tools whose execute streams (an async generator) and whose schema is lazy", async () => {
    const progress = tool({
      description: "Reports progress, then the result",
      // What the AI SDK's lazySchema() makes: a function that returns the schema when first asked.
      inputSchema: (() =>
        jsonSchema<{ n: number }>({
          type: "object",
          properties: { n: { type: "integer" } },
          required: ["n"],
        })) as unknown as ReturnType<typeof jsonSchema<{ n: number }>>,
      async *execute({ n }) {
        yield { status: "working" };
        yield { status: "done", n };
      },
    });
    const api = track(
      new ScriptedTool({ name: "api" }).add("progress", progress).add({
        name: "lines",
        inputSchema: () => ({ type: "object", properties: { last: { type: "string" } } }),
        async *execute({ last }) {
          yield "first\n";
          yield `${String(last)}\n`;
        },
      }),
    );
    const result = await api.execute("progress --n 3; lines --last end");
    expect(result).toMatchObject({ stdout: '{"status":"done","n":3}\nend\n', exitCode: 0 });
    expect((await api.execute("progress --n x")).exitCode).toBe(2);
  });

  it.each([
    ["a zod 3 schema", z3.object({ id: z3.number() }), /zod 3 schema.*zod 4.*toolshell\/ai/],
    [
      "a schema holding a function",
      { type: "object", properties: { id: { type: "integer", default: () => 1 } } },
      /must be plain JSON Schema/,
    ],
    ["a lazy schema returning a promise", () => Promise.resolve({ type: "object" }), /not a promise/],
    [
      "a lazy schema that throws",
      () => {
        throw new Error("no schema today");
      },
      /lazy inputSchema failed: no schema today/,
    ],
  ])("refuses %s with an error that says why", (_label, inputSchema, message) => {
    const api = track(new ScriptedTool({ name: "api" }));
    const register = () => api.add({ name: "t", inputSchema: inputSchema as never, execute: noop });
    expect(register).toThrow(ToolshellError);
    expect(register).toThrow(message);
  });

  it.each([
    [
      "duplicate names",
      () =>
        new ScriptedTool({
          name: "a",
          tools: [
            { name: "x", execute: noop },
            { name: "x", execute: noop },
          ],
        }),
      "duplicate_tool",
    ],
    [
      "names with spaces",
      () => new ScriptedTool({ name: "a", tools: [{ name: "get user", execute: noop }] }),
      "invalid_tool_name",
    ],
    [
      "names with ;",
      () => new ScriptedTool({ name: "a", tools: [{ name: "a;rm", execute: noop }] }),
      "invalid_tool_name",
    ],
    [
      "names with /",
      () => new ScriptedTool({ name: "a", tools: [{ name: "a/b", execute: noop }] }),
      "invalid_tool_name",
    ],
    [
      "names with a leading -",
      () => new ScriptedTool({ name: "a", tools: [{ name: "-x", execute: noop }] }),
      "invalid_tool_name",
    ],
    [
      "a missing execute",
      () => new ScriptedTool({ name: "a", tools: [{ name: "x" } as never] }),
      "invalid_tool",
    ],
    [
      "an external $ref",
      () =>
        new ScriptedTool({
          name: "a",
          tools: [{ name: "x", inputSchema: { $ref: "https://example.com/s.json" }, execute: noop }],
        }),
      "invalid_schema",
    ],
    ["a bad script tool name", () => new ScriptedTool({ name: "my tool" }), "invalid_option"],
    // Each of these used to hang every execute(): no worker could ever start or be free.
    ["no workers", () => new ScriptedTool({ name: "a", workers: 0 }), "invalid_option"],
    ["a fractional worker count", () => new ScriptedTool({ name: "a", workers: 1.5 }), "invalid_option"],
    [
      "a worker heap too small to load the shell",
      () => new ScriptedTool({ name: "a", workerMemoryMb: 8 }),
      "invalid_option",
    ],
    ["a bad env name", () => new ScriptedTool({ name: "a", env: { "A-B": "x" } }), "invalid_env"],
  ])("throws ToolshellError at registration for %s", (_name, build, code) => {
    expect(build).toThrow(ToolshellError);
    try {
      build();
    } catch (error) {
      expect((error as ToolshellError).code).toBe(code);
    }
  });

  it("runs dotted names as namespaced commands", async () => {
    const api = track(new ScriptedTool({ name: "a", tools: [{ name: "orders.list", execute: (p) => p }] }));
    expect((await api.execute("orders.list --customer acme")).stdout).toBe('{"customer":"acme"}\n');
  });
});

describe("execute() never throws for what the script does", () => {
  it("returns exit 2 for a non-string script", async () => {
    const api = track(new ScriptedTool({ name: "a" }));
    expect(await api.execute(42 as unknown as string)).toMatchObject({ exitCode: 2 });
  });

  it("reports a syntax error as a failed run", async () => {
    const api = track(new ScriptedTool({ name: "a" }));
    const result = await api.execute("if then fi (");
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).not.toBe("");
  });
});
