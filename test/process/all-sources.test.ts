// Issue 17, "done when": one ScriptedTool with tools from every source at once (definitions, an AI SDK tool, a
// LangChain tool, a Python tool process, a tool folder, an upstream MCP server), served over MCP to the SDK's
// real client (in discovery mode), and run by one script.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tool as langChainTool } from "@langchain/core/tools";
import { tool as aiTool, jsonSchema } from "ai";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { addAiSdkTools } from "../../src/adapters/ai.js";
import { addLangChainTools } from "../../src/adapters/langchain.js";
import { ScriptedTool } from "../../src/index.js";
import { connectUpstream } from "../../src/mcp/index.js";
import { connectToolProcess, loadToolFolders } from "../../src/process/index.js";
import { track } from "../helpers.js";
import { closeAfterAll, linked } from "../mcp-helpers.js";

const PYTHON_TOOL = fileURLToPath(new URL("../../examples/tool-process.py", import.meta.url));
const FOLDERS = fileURLToPath(new URL("../../examples/tool-folders/", import.meta.url));
const MEMORY_SERVER = fileURLToPath(
  new URL("../../node_modules/@modelcontextprotocol/server-memory/dist/index.js", import.meta.url),
);

const temp = mkdtempSync(join(tmpdir(), "toolshell-all-sources-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("tools from every source at once, served over MCP", () => {
  it("one script calls a definition, an AI SDK tool, a LangChain tool, a tool process, a folder and an MCP upstream", async () => {
    const api = track(
      new ScriptedTool({
        name: "everything",
        tools: [
          {
            name: "double",
            inputSchema: { type: "object", properties: { n: { type: "number" } } },
            execute: ({ n }) => ({ n: Number(n) * 2 }),
          },
        ],
      }),
    );
    addAiSdkTools(api, {
      shout: aiTool({
        description: "Upper-cases text",
        inputSchema: jsonSchema<{ text: string }>({
          type: "object",
          properties: { text: { type: "string" } },
          required: ["text"],
        }),
        execute: async ({ text }) => `${text.toUpperCase()}\n`,
      }),
    });
    addLangChainTools(api, [
      langChainTool(async ({ a, b }) => String(a * b), {
        name: "multiply",
        description: "Multiplies two numbers.",
        schema: z.object({ a: z.number(), b: z.number() }),
      }),
    ]);
    await connectToolProcess(api, { command: "python3", args: [PYTHON_TOOL], name: "py" });
    const folders = await loadToolFolders(api, [FOLDERS], { grantScopes: [] });
    expect(folders.skipped).toEqual([]);
    const memory = await connectUpstream(api, {
      name: "mem",
      command: process.execPath,
      args: [MEMORY_SERVER],
      env: { MEMORY_FILE_PATH: join(temp, "memory.jsonl") },
    });
    expect(memory.tools.length).toBeGreaterThan(0);

    const client = closeAfterAll(await linked(api, { discovery: true }));
    const listed = (await client.listTools()).tools.map((listedTool) => listedTool.name);
    expect(listed).toEqual(["script", "discover"]);
    const found = await client.callTool({ name: "discover", arguments: { query: "multiplies" } });
    expect(JSON.stringify(found.structuredContent)).toContain("multiply");
    const script = [
      "double --n 2 | jq .n",
      "shout --text hi",
      "multiply --a 6 --b 7",
      "py.add --a 1 --b 2 | jq .sum",
      "weather.now --city oslo | jq .celsius",
      "calc.add --a 10 --b 5 | jq .sum",
      "mem.read_graph | jq '.entities | length'",
    ].join("; ");
    const result = await client.callTool({ name: "script", arguments: { commands: script } });
    expect(result.structuredContent).toMatchObject({
      stdout: "4\nHI\n42\n3\n4\n15\n0\n",
      stderr: "",
      exitCode: 0,
    });
  });
});
