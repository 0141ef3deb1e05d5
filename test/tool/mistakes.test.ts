// Issue 16, item 7: registration mistakes that passed silently are refused with what to do, or read as meant.
import { describe, expect, it } from "vitest";
import { ScriptedTool, ToolshellError } from "../../src/index.js";
import type { Registry } from "../../src/registry/registry.js";
import { SHELL_ANSWERED } from "../../src/script/command-names.js";
import { SHADOWED } from "../../src/shell/plain-call.js";
import { normalizeTool } from "../../src/tool/tool.js";
import { track } from "../helpers.js";

const idSchema = { type: "object", properties: { id: { type: "integer" } }, required: ["id"] };
const echo = (params: Record<string, unknown>) => params;

function refusal(build: () => unknown): ToolshellError | undefined {
  try {
    build();
  } catch (error) {
    if (error instanceof ToolshellError) return error;
    throw error;
  }
  return undefined;
}

describe("a tool named like something the shell answers", () => {
  it.each(["jq", "sort", "sed", "discover", "bc", "echo", "printf"])(
    "is refused when it would replace the shell's %s, naming the clash",
    (name) => {
      const error = refusal(() => new ScriptedTool({ name: "t", tools: [{ name, execute: echo }] }));
      expect(error?.code).toBe("invalid_tool_name");
      expect(error?.message).toBe(
        `${name}: a tool of this name would replace the shell's own ${name} command; name it otherwise, or set ` +
          "replacesCommand: true on it if that is what you mean",
      );
    },
  );

  it.each(["find", "ls", "cp"])(
    "is a tool like any other when named like %s, a file command that refuses",
    (name) => {
      const api = track(new ScriptedTool({ name: "t", tools: [{ name, execute: echo }] }));
      expect(api.tools().map((tool) => tool.name)).toEqual([name]);
    },
  );

  it("replaces the shell's command when it says it means to", async () => {
    const api = track(
      new ScriptedTool({
        name: "t",
        tools: [{ name: "sort", replacesCommand: true, execute: () => "mine\n" }],
      }),
    );
    expect((await api.execute("echo b a | sort")).stdout).toBe("mine\n");
  });

  // Every run's shell starts from one table of the shell's own commands per thread (run-script.ts commandTable):
  // a run's tools are registered over it and must leave it as it was.
  it.each(["inline", "worker"] as const)(
    "replaces it in its own ScriptedTool's runs only (%s): another's runs, before and after, have the shell's",
    async (isolation) => {
      const tools = [
        { name: "sort", replacesCommand: true, execute: () => "my sort\n" },
        { name: "printf", replacesCommand: true, execute: () => "my printf\n" },
      ];
      const mine = track(new ScriptedTool({ name: "mine", tools, isolation }));
      const plain = track(
        new ScriptedTool({ name: "plain", tools: [{ name: "noop", execute: echo }], isolation }),
      );
      const script = "printf '%s\\n' b a | sort";
      expect((await plain.execute(script)).stdout).toBe("a\nb\n");
      expect((await mine.execute("sort; printf")).stdout).toBe("my sort\nmy printf\n");
      expect((await plain.execute(script)).stdout).toBe("a\nb\n");
    },
  );

  it.each(["test", "cd", "if", "true", "help"])(
    "is refused for %s, which the shell answers itself",
    (name) => {
      const error = refusal(
        () => new ScriptedTool({ name: "t", tools: [{ name, replacesCommand: true, execute: echo }] }),
      );
      expect(error?.code).toBe("invalid_tool_name");
      expect(error?.message).toBe(
        `${name}: the shell answers ${name} itself (a bash reserved word or builtin, or toolshell's help), so a tool of this name could never be called; name it otherwise`,
      );
    },
  );
});

describe("the words the shell answers itself (SHELL_ANSWERED)", () => {
  it("are exactly the reserved words, builtins and help under which a tool is never reached", async () => {
    const answered: string[] = [];
    for (const name of [...SHADOWED, "help"].filter((word) => /^[A-Za-z_]\w*$/.test(word))) {
      const api = new ScriptedTool({ name: "t", isolation: "inline", prewarm: false });
      // Past the facade's name check: the registry as the interpreter would get it.
      (api as unknown as { registry: Registry }).registry.add(
        normalizeTool({ name, execute: () => "TOOL\n" }),
      );
      const run = await api.execute(`${name} --x 1 2>/dev/null; true`);
      await api.close();
      if (!run.stdout.includes("TOOL")) answered.push(name);
    }
    expect(new Set(answered)).toEqual(SHELL_ANSWERED);
  }, 60_000);
});

describe("a tool's schema under another key", () => {
  it("takes input_schema (MCP, Anthropic) as inputSchema, and validates with it", async () => {
    const api = track(
      new ScriptedTool({
        name: "t",
        isolation: "inline",
        tools: [{ name: "get", input_schema: idSchema, execute: echo }],
      }),
    );
    expect(api.tools()[0]?.inputSchema).toMatchObject({ required: ["id"] });
    expect(await api.execute("get --id x")).toMatchObject({ exitCode: 2 });
    expect(await api.execute("get --id 3")).toMatchObject({ stdout: '{"id":3}\n', exitCode: 0 });
  });

  it("refuses schema:, inputschema: and the like with did-you-mean", () => {
    for (const key of ["schema", "inputschema", "input_Schema", "params"]) {
      const error = refusal(
        () => new ScriptedTool({ name: "t", tools: [{ name: "get", [key]: idSchema, execute: echo }] }),
      );
      expect(error?.code, key).toBe("invalid_tool");
      expect(error?.message, key).toBe(`get: unknown key "${key}" (did you mean inputSchema?)`);
    }
  });

  it("refuses two schemas under two keys", () => {
    const error = refusal(
      () =>
        new ScriptedTool({
          name: "t",
          tools: [{ name: "get", inputSchema: idSchema, parameters: idSchema, execute: echo }],
        }),
    );
    expect(error?.message).toBe("get: give the input schema once (inputSchema and parameters are both set)");
  });
});

describe("tools given as an object of named tools (the AI SDK's shape)", () => {
  it("registers each under its key", async () => {
    const api = track(
      new ScriptedTool({
        name: "t",
        isolation: "inline",
        tools: { get_user: { inputSchema: idSchema, execute: ({ id }: { id: number }) => ({ id }) } },
      }),
    );
    expect(api.tools().map((tool) => tool.name)).toEqual(["get_user"]);
    expect((await api.execute("get_user --id 4")).stdout).toBe('{"id":4}\n');
  });

  it("refuses a key and a name that differ", () => {
    const error = refusal(
      () =>
        new ScriptedTool({ name: "t", tools: { get_user: { name: "fetch_user", execute: echo } } as never }),
    );
    expect(error?.message).toBe(
      'tools.get_user: its name is "fetch_user"; the key is the name (drop name, or use the same)',
    );
  });
});
