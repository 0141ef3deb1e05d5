// One table of scripts, run through every surface a model reaches toolshell by: api.execute(), the MCP server's
// tools/call and the AI SDK tool. Each must give the same facts (stdout, stderr, exit code) and show the model the
// same text, resultText of those facts, marked as an error exactly when the exit code is not 0.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { toAiSdkTool } from "../src/adapters/ai.js";
import { type ExecuteResult, resultText, ScriptedTool, ToolError } from "../src/index.js";
import { track } from "./helpers.js";
import { linked } from "./mcp-helpers.js";

type Facts = Pick<ExecuteResult, "stdout" | "stderr" | "exitCode">;

/** What one surface gave for a script: the facts, the text the model reads, and whether it is marked failed. */
interface Seen {
  facts: Facts;
  text: string;
  isError: boolean;
}

const api = track(
  new ScriptedTool({
    name: "desk",
    tools: [
      {
        name: "get_user",
        description: "A user by id.",
        inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
        risk: { readOnly: true },
        execute: ({ id }) => ({ id, name: "Jane" }),
      },
      {
        name: "charge",
        description: "Charges a card.",
        inputSchema: { type: "object", properties: {} },
        execute: () => {
          throw new Error("card processor down at 10.0.0.7");
        },
      },
      {
        name: "refund",
        description: "Refunds an order.",
        inputSchema: { type: "object", properties: {} },
        execute: () => {
          throw new ToolError("order 7 was never paid", { exitCode: 4 });
        },
      },
    ],
  }),
);

const ROWS: readonly [script: string, expected: Facts][] = [
  ["get_user --id 42", { stdout: '{"id":42,"name":"Jane"}\n', stderr: "", exitCode: 0 }],
  ["get_user --id 42 | jq -r .name", { stdout: "Jane\n", stderr: "", exitCode: 0 }],
  [
    "get_user --id forty",
    {
      stdout: "",
      stderr: 'get_user: --id: expected integer, got "forty"\nTry: help get_user\n',
      exitCode: 2,
    },
  ],
  [
    "get_usr --id 1",
    {
      stdout: "",
      stderr: "bash: get_usr: command not found (did you mean get_user? see help)\n",
      exitCode: 127,
    },
  ],
  // A thrown Error's message may hold internals: the model reads only that the callback failed.
  ["charge", { stdout: "", stderr: "charge: callback failed\n", exitCode: 1 }],
  ["refund", { stdout: "", stderr: "refund: order 7 was never paid\n", exitCode: 4 }],
  ["echo partial; exit 3", { stdout: "partial\n", stderr: "", exitCode: 3 }],
  ["echo oops >&2", { stdout: "", stderr: "oops\n", exitCode: 0 }],
  ["get_user --id 1 >/dev/null; echo done >&2; false", { stdout: "", stderr: "done\n", exitCode: 1 }],
  ["", { stdout: "", stderr: "", exitCode: 0 }],
];

function factsOf(result: Facts): Facts {
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
}

async function viaExecute(script: string): Promise<Seen> {
  const result = await api.execute(script);
  return { facts: factsOf(result), text: resultText(result), isError: result.exitCode !== 0 };
}

async function viaMcp(script: string): Promise<Seen> {
  const client = await mcpClient;
  // The MCP server names its one tool `script` unless told otherwise.
  const answer = (await client.callTool({
    name: "script",
    arguments: { commands: script },
  })) as CallToolResult;
  const text = answer.content.map((part) => (part.type === "text" ? part.text : `<${part.type}>`)).join("");
  return { facts: factsOf(answer.structuredContent as Facts), text, isError: answer.isError === true };
}

async function viaAiSdk(script: string): Promise<Seen> {
  const aiTool = toAiSdkTool(api);
  const input = { commands: script };
  const result = (await aiTool.execute?.(input, { toolCallId: "call-1", messages: [] })) as ExecuteResult;
  const output = (await aiTool.toModelOutput?.({ toolCallId: "call-1", input, output: result })) as {
    type: string;
    value: unknown;
  };
  return { facts: factsOf(result), text: String(output.value), isError: output.type === "error-text" };
}

const mcpClient = linked(api);

const SURFACES: readonly [name: string, run: (script: string) => Promise<Seen>][] = [
  ["api.execute()", viaExecute],
  ["MCP tools/call", viaMcp],
  ["AI SDK tool", viaAiSdk],
];

describe.each(SURFACES)("%s", (_name, run) => {
  it.each(ROWS)("%j", async (script, expected) => {
    expect(await run(script)).toEqual({
      facts: expected,
      text: resultText(expected),
      isError: expected.exitCode !== 0,
    });
  });
});
