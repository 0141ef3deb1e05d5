// Results as content (issue 17, part 4): a callback may return MCP's result shape; it prints as an upstream's does.
import { describe, expect, it } from "vitest";
import { type CallRecord, ScriptedTool } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

const PNG = Buffer.from("not really a png, 24 bytes").toString("base64");

const tools = [
  {
    name: "report",
    execute: () => ({
      content: [
        { type: "text", text: "3 open orders" },
        { type: "image", mimeType: "image/png", data: PNG },
        { type: "resource_link", uri: "https://shop.example/orders", name: "orders", mimeType: "text/html" },
        {
          type: "resource",
          resource: { uri: "file:///notes.txt", mimeType: "text/plain", text: "ship by friday" },
        },
      ],
      appData: { secretRowIds: [17, 18], renderedBy: "ui-widget" },
    }),
  },
  {
    name: "order",
    outputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    execute: () => ({
      content: [{ type: "text", text: '{"id":7,"status":"open"}' }],
      structuredContent: { id: 7, status: "open" },
      appData: { cursor: "c-2" },
    }),
  },
  {
    name: "refund",
    execute: () => ({ content: [{ type: "text", text: "card declined\nno refund made" }], isError: true }),
  },
  // Data that only looks like a content result (a key MCP does not define, a block type it does not) is data.
  { name: "article", execute: () => ({ content: [{ type: "paragraph", text: "hi" }] }) },
  { name: "page", execute: () => ({ content: [{ type: "text", text: "hi" }], title: "Home" }) },
];

describe.each(MODES)("a callback's content result (%s)", (mode) => {
  it("prints text blocks as they are and describes every other block on its own line", async () => {
    const api = track(new ScriptedTool({ name: "c", isolation: mode, tools }));
    expect(await api.execute("report")).toMatchObject({
      stdout:
        "3 open orders\n" +
        "[image image/png, 26 bytes, not shown]\n" +
        '[resource link https://shop.example/orders "orders" text/html]\n' +
        "[resource file:///notes.txt text/plain]\nship by friday\n",
      stderr: "",
      exitCode: 0,
    });
  });

  it("prints structuredContent as JSON, checked against the outputSchema, for jq to read", async () => {
    const api = track(new ScriptedTool({ name: "c", isolation: mode, tools }));
    const result = await api.execute("order | jq -r .status; order");
    expect(result).toMatchObject({ stdout: 'open\n{"id":7,"status":"open"}\n', exitCode: 0 });
    expect(result.trace[0]?.outputIssues).toBeUndefined();
  });

  it("fails the command on isError with the text on stderr, exit 1, and the script can branch", async () => {
    const api = track(new ScriptedTool({ name: "c", isolation: mode, tools }));
    expect(await api.execute('refund || echo "refund failed: $?"')).toMatchObject({
      stdout: "refund failed: 1\n",
      stderr: "refund: card declined\nrefund: no refund made\n",
      exitCode: 0,
    });
  });

  it("treats look-alike data (an unknown block type, an extra key) as data", async () => {
    const api = track(new ScriptedTool({ name: "c", isolation: mode, tools }));
    expect((await api.execute("article; page")).stdout).toBe(
      '{"content":[{"type":"paragraph","text":"hi"}]}\n{"content":[{"type":"text","text":"hi"}],"title":"Home"}\n',
    );
  });

  it("gives appData to the record (onCall) and never to the script, the trace or the result", async () => {
    const records: CallRecord[] = [];
    const api = track(
      new ScriptedTool({ name: "c", isolation: mode, tools, onCall: (record) => records.push(record) }),
    );
    const result = await api.execute("report | grep -c secretRowIds; order >/dev/null");
    expect(result.stdout).toBe("0\n");
    expect(JSON.stringify(result)).not.toContain("secretRowIds");
    expect(JSON.stringify(result)).not.toContain("c-2");
    expect(records.map((record) => [record.name, record.appData])).toEqual([
      ["report", { secretRowIds: [17, 18], renderedBy: "ui-widget" }],
      ["order", { cursor: "c-2" }],
    ]);
  });
});
