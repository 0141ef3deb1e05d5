// A third party's listing (descriptionTrust: "untrusted", or an MCP upstream's tool, trusted or not) is cleaned
// and checked once, at registration, by the one schema walk (src/schema/walk.ts): a property NAMED like a data
// keyword (`enum`, `default`, `const`, `examples`) is a subschema and gets cleaned like any other (TM-INJ-001).
import { afterEach, describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { connectUpstream } from "../../src/mcp/client.js";
import { startUpstream, text } from "../fixtures/mcp-client-upstream.js";
import { MODES, track } from "../helpers.js";

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

/** Characters that hide or reorder text: bidi controls, marks, zero-width, BOM, tags, C0/C1 controls. */
const HIDDEN = /[^\P{Cc}\n]|\p{Cf}/u;
const PADDING = "p".repeat(5_000);
const HOSTILE = `Mode\u202E\u200B ${PADDING}`;
const CUT = `Mode ${"p".repeat(507)}... (cut: ${5 + PADDING.length} characters in all)`;

/** Properties named like the data keywords, each described with hostile text. */
const keywordNamed = {
  type: "object" as const,
  properties: Object.fromEntries(
    ["enum", "default", "const", "examples"].map((name) => [name, { type: "string", description: HOSTILE }]),
  ),
};

const usage = "up.get [--enum <string>] [--default <string>] [--const <string>] [--examples <string>]";

describe("a property named enum, default, const or examples is a flag whose description is cleaned", () => {
  it.each(MODES)("under descriptionTrust: 'untrusted', in help and the prompt (%s)", async (isolation) => {
    const api = track(new ScriptedTool({ name: "t", isolation }));
    api.add({
      name: "up.get",
      description: "d",
      descriptionTrust: "untrusted",
      inputSchema: keywordNamed,
      execute: () => "ok",
    });
    const fenced = `<<untrusted-text>>${CUT}<<end-untrusted-text>>`;
    const prompt = api.systemPrompt({ level: "full" });
    expect(prompt).not.toMatch(HIDDEN);
    expect(prompt).toContain(
      `- \`${usage}\`: <<untrusted-text>>d<<end-untrusted-text>>\n` +
        ["enum", "default", "const", "examples"].map((name) => `  - \`--${name}\`: ${fenced}\n`).join(""),
    );
    const run = await api.execute("help up.get");
    expect(run).toMatchObject({ stderr: "", exitCode: 0 });
    expect(run.stdout).not.toMatch(HIDDEN);
    expect(run.stdout.split("\n").slice(3, 7)).toEqual(
      ["enum", "default", "const", "examples"].map(
        (name) => `  ${`--${name} <string>`.padEnd(19)}  ${fenced}`,
      ),
    );
  });

  it("on a trusted MCP upstream too (cleaned, not fenced)", async () => {
    const up = await startUpstream([{ name: "get", inputSchema: keywordNamed, answer: () => text("ok") }], {
      name: "up",
    });
    open.push(up);
    const api = track(new ScriptedTool({ name: "proxy", isolation: "inline" }));
    open.push(await connectUpstream(api, { transport: up.transport }));
    const prompt = api.systemPrompt({ level: "full" });
    expect(prompt).not.toMatch(HIDDEN);
    expect(prompt).toContain(`  - \`--examples\`: ${CUT}\n`);
  });
});

describe("descriptionTrust: 'untrusted' gets the listing checks an MCP upstream gets", () => {
  const add = (inputSchema: object) =>
    new ScriptedTool({ name: "t", isolation: "inline" }).add({
      name: "up.get",
      descriptionTrust: "untrusted",
      inputSchema,
      execute: () => "ok",
    });
  const hides = (what: string, code: string) =>
    `up.get: inputSchema: ${what} holds ${code}, a control or invisible character the model could neither see nor type`;

  it.each([
    ["a flag name hiding U+202E", { properties: { "id\u202E": {} } }, hides("a property name", "U+202E")],
    [
      "an enum value hiding U+200B under a property named enum",
      { properties: { enum: { enum: ["safe", "sa\u200Bfe"] } } },
      hides("a value", "U+200B"),
    ],
    [
      "a default value of 2,000 characters",
      { properties: { q: { default: "x".repeat(2_000) } } },
      "up.get: inputSchema: it shows a value of 2000 characters (at most 1024)",
    ],
    [
      "a format hiding U+2066",
      { properties: { q: { type: "string", format: "email\u2066" } } },
      hides("a value", "U+2066"),
    ],
  ])("refuses %s at registration, naming the tool", (_, inputSchema, message) => {
    expect(() => add({ type: "object", ...inputSchema })).toThrow(message);
  });

  it("keeps data as it is: text inside default and examples is not a description to cut", async () => {
    const long = "e".repeat(600);
    const api = track(new ScriptedTool({ name: "t", isolation: "inline" }));
    api.add({
      name: "up.get",
      descriptionTrust: "untrusted",
      inputSchema: {
        type: "object",
        properties: { q: { type: "object", default: { description: long }, examples: [{ title: long }] } },
      },
      execute: () => "ok",
    });
    expect(api.tools()[0]?.inputSchema).toEqual({
      type: "object",
      properties: { q: { type: "object", default: { description: long }, examples: [{ title: long }] } },
    });
  });
});

describe("a pattern is data: kept as it is for validation, shown with its hidden characters escaped", () => {
  it.each(MODES)("in help --json, as JSON that reads back to the same pattern (%s)", async (isolation) => {
    const tag = String.fromCodePoint(0xe006f);
    const pattern = `^ok\u202E${tag}\u0085$`;
    const api = track(new ScriptedTool({ name: "t", isolation }));
    api.add({
      name: "up.get",
      descriptionTrust: "untrusted",
      inputSchema: { type: "object", properties: { q: { type: "string", pattern } } },
      execute: () => "ok",
    });
    const run = await api.execute("help up.get --json");
    expect(run).toMatchObject({ stderr: "", exitCode: 0 });
    expect(run.stdout).not.toMatch(HIDDEN);
    expect(run.stdout).toContain('"pattern": "^ok\\u202E\\uDB40\\uDC6F\\u0085$"');
    expect(JSON.parse(run.stdout).input_schema.properties.q.pattern).toBe(pattern);
  });
});
