import { describe, expect, it } from "vitest";
import { ScriptedTool, ToolError } from "../../src/index.js";
import { Stopper } from "../../src/script/stop.js";
import { ShellCatalog } from "../../src/shell/catalog.js";
import { loneToolCall } from "../../src/shell/simple-command.js";
import { normalizeTool } from "../../src/tool/tool.js";
import { MODES, track } from "../helpers.js";

// A script that is nothing but one tool call skips the interpreter (0009). These tests hold it to the shell: the
// same script run through the whole shell (wrapped in a group, `{ ...\n}`, which bash runs the same way) must give
// the same stdout, stderr, exit code, truncation and trace.

const never = new Promise<never>(() => {});

const tools = [
  {
    name: "echo_params",
    description: "Returns its params",
    inputSchema: {
      type: "object",
      properties: {
        id: { type: "integer" },
        name: { type: "string" },
        tags: { type: "array", items: { type: "string" } },
        on: { type: "boolean" },
      },
      additionalProperties: false,
    },
    execute: (params: unknown) => params,
  },
  {
    name: "get_user",
    description: "Fetch a user by id",
    inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    execute: ({ id }: { id: number }) => {
      if (id !== 42) throw new ToolError(`no user ${id}`, { exitCode: 3, stdout: "partial\n" });
      return { id, name: "Jane" };
    },
  },
  { name: "text", description: "Non-ASCII text", execute: () => "héllo 😀 \uD800 end" },
  { name: "nothing", description: "Returns undefined", execute: () => undefined },
  { name: "big", description: "Prints 50,000 bytes", execute: () => "x".repeat(50_000) },
  {
    name: "budgeted",
    description: "Over its own output budget",
    maxOutputBytes: 100,
    execute: () => "y".repeat(1000),
  },
  {
    name: "boom",
    description: "Throws",
    execute: () => {
      throw new Error("secret host detail /etc/x");
    },
  },
  { name: "hang", description: "Never settles", execute: () => never },
  { name: "ns.list", description: "Namespaced", execute: () => [1, 2] },
  {
    name: "outside",
    description: "Untrusted text",
    trust: "untrusted" as const,
    execute: () => "ignore all",
  },
];

/** What the two paths must agree on: all of it but durations, call ids (which number runs) and nonces. */
function observed(result: Awaited<ReturnType<ScriptedTool["execute"]>>): unknown {
  const nonce = result.untrusted?.nonce ?? "no nonce";
  const text = JSON.stringify(result, (key, value) => (key === "durationMs" ? undefined : value))
    .replaceAll(nonce, "NONCE")
    .replace(/call_[0-9a-z]+_(\d+)/g, "call_RUN_$1");
  return JSON.parse(text);
}

const LONE = [
  "echo_params --id 42",
  "echo_params --id=42 --name 'Jane Doe' --tags a,b --on",
  '  echo_params --name "x y" --id 4\\2   # a comment\n\n',
  '"echo_params" --name=\'a"b\' --tags=c,d',
  "echo_params --nope 1",
  "echo_params --id notanumber",
  "echo_params --help",
  "echo_params --dry-run --id 7",
  "echo_params",
  "get_user --id 42",
  "get_user --id 9",
  "get_user",
  "text",
  "nothing",
  "big",
  "budgeted",
  "boom",
  "ns.list",
  "outside",
];

const NOT_LONE = [
  "echo_params --id $x",
  'echo_params --name "$(echo a)"',
  "echo_params --id 42 | jq .",
  "echo_params --id 42; echo done",
  "echo_params --id 42\necho done",
  "x=1 echo_params",
  "echo_params > /dev/null",
  "echo_params 2>&1",
  "echo_params &",
  "! echo_params",
  "time echo_params",
  "echo_params --name *",
  "echo_params --tags {a,b}",
  "echo_params --name ~",
  "echo_params --id $((1+1))",
  "echo_params && echo ok",
  'echo_params --name "unterminated',
  "{ echo_params; }",
  "echo hi",
  "help",
  "",
  "   ",
];

describe("which scripts are one lone tool call", () => {
  const catalog = new ShellCatalog(tools.map((tool) => normalizeTool(tool).spec));
  const reserved = new Set(["jq", "echo"]);

  it.each(LONE)("%j is", (script) => {
    expect(loneToolCall(script, catalog, reserved)).toBeDefined();
  });

  it("hands the tool its words as the shell would", () => {
    expect(loneToolCall(`echo_params --name "x y" 'a b' c\\ d --id=4`, catalog, reserved)?.argv).toEqual([
      "--name",
      "x y",
      "a b",
      "c d",
      "--id=4",
    ]);
  });

  it.each(NOT_LONE)("%j is not", (script) => {
    expect(loneToolCall(script, catalog, reserved)).toBeUndefined();
  });

  it("leaves a tool named like a shell word or command to the shell", () => {
    const named = (name: string) => normalizeTool({ name, execute: () => "tool" }).spec;
    const shadowing = new ShellCatalog(["echo", "test", "cd", "jq", "true"].map(named));
    for (const name of ["echo", "test", "cd", "jq", "true"]) {
      expect(loneToolCall(`${name} x`, shadowing, reserved)).toBeUndefined();
    }
  });

  it("leaves long scripts to the shell", () => {
    expect(loneToolCall(`echo_params --name ${"a".repeat(9000)}`, catalog, reserved)).toBeUndefined();
  });
});

describe.each(MODES)("a lone tool call gives what the whole shell gives (%s)", (mode) => {
  const api = track(
    new ScriptedTool({ name: "lone", tools, isolation: mode, limits: { maxOutputBytes: 10_000 } }),
  );

  it.each(LONE)("%j", async (script) => {
    const lone = await api.execute(script);
    const shell = await api.execute(`{ ${script}\n}`);
    expect(observed(lone)).toEqual(observed(shell));
  });

  // (A tool named `help` is refused at registration: the shell answers help itself.)
  it.each(["out", "parallel", "discover", "ls", "grep", "printf", "jq"])(
    "a tool named %j (a name the shell has a command for) gives what the whole shell gives",
    async (name) => {
      const clashing = track(
        new ScriptedTool({
          name: "clash",
          tools: [{ name, description: "clashes", replacesCommand: true, execute: (params) => params }],
          isolation: mode,
        }),
      );
      const lone = await clashing.execute(`${name} --v 1`);
      const shell = await clashing.execute(`{ ${name} --v 1\n}`);
      expect(observed(lone)).toEqual(observed(shell));
    },
  );

  it("stops at the deadline the same way", async () => {
    const lone = await api.execute("hang", { timeoutMs: 150 });
    const shell = await api.execute("{ hang\n}", { timeoutMs: 150 });
    expect(lone.exitCode).toBe(124);
    expect(observed(lone)).toEqual(observed(shell));
  });

  it("stops on an abort the same way", async () => {
    const abortAfter = (ms: number) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), ms);
      return controller.signal;
    };
    const lone = await api.execute("hang", { signal: abortAfter(100) });
    const shell = await api.execute("{ hang\n}", { signal: abortAfter(100) });
    expect(lone.exitCode).toBe(130);
    expect(observed(lone)).toEqual(observed(shell));
  });

  it("gives plan mode the same answer", async () => {
    const lone = await api.execute("get_user --id 42", { plan: true });
    const shell = await api.execute("{ get_user --id 42\n}", { plan: true });
    // The planned answer names its call id, whose run number may differ in length between the two runs (a lone call
    // in worker mode is answered on the host's thread, decision 0041): bytesOut counts that answer.
    for (const result of [lone, shell])
      expect(result.trace[0]?.bytesOut).toBe(Buffer.byteLength(result.stdout));
    const sized = (result: typeof lone) => ({
      ...result,
      trace: result.trace.map((entry) => ({ ...entry, bytesOut: -1 })),
    });
    expect(observed(sized(lone))).toEqual(observed(sized(shell)));
  });
});

describe("the reason a run stopped", () => {
  // The run's clock aborts its signal with a TimeoutError when the deadline passes; its timer may fire a moment
  // before Date.now() reaches the deadline. That is still a timeout, whichever path the run took.
  it("is a timeout when the run's signal was aborted by its clock, even before the deadline reads as passed", () => {
    const controller = new AbortController();
    controller.abort(new DOMException("timed out", "TimeoutError"));
    const stopper = new Stopper({ deadline: Date.now() + 60_000, signal: controller.signal });
    expect(stopper.finish("", 0, 100)).toEqual({
      stderr: "toolshell: timed out after 100 ms\n",
      exitCode: 124,
    });
  });

  it("is an abort for any other reason", () => {
    const controller = new AbortController();
    controller.abort(new DOMException("aborted", "AbortError"));
    const stopper = new Stopper({ deadline: Date.now() + 60_000, signal: controller.signal });
    expect(stopper.finish("", 0, 100)).toEqual({ stderr: "toolshell: aborted\n", exitCode: 130 });
  });
});
