import { describe, expect, it } from "vitest";
import { ecommerceTools } from "../../examples/ecommerce-tools.js";
import { ScriptedTool } from "../../src/index.js";
import { shop } from "../helpers.js";

/** The shop's tools, each saying it only reads and prints JSON (an object, or list_orders' array). */
function jsonShop() {
  const tools = ecommerceTools.map((tool) => ({
    ...tool,
    risk: { readOnly: true },
    outputSchema: { type: tool.name === "list_orders" ? "array" : "object" },
  }));
  return shop("inline", { tools });
}

describe("systemPrompt()", () => {
  it("renders commands with flags, argument forms, the shell's limits and examples from the tools", () => {
    const prompt = new ScriptedTool({
      name: "shop",
      description: "E-commerce API",
      tools: jsonShop()
        .tools()
        .map((spec) => ({ ...spec, execute: () => null })),
    }).systemPrompt();
    expect(prompt).toContain("# Tool `shop`\nE-commerce API. Call `shop` with a bash script in `commands`.");
    expect(prompt).toContain(
      "- `list_orders --user_id <integer> [--status <processing|shipped|delivered>] [--limit <integer>]`: List a user's orders, newest first\n  - `--user_id`: Owner of the orders\n",
    );
    expect(prompt).toContain("Pass arguments as `--flag value` or `--flag=value`.");
    expect(prompt).toContain("It has no filesystem (no files; redirect only to /dev/null)");
    expect(prompt).toContain(
      '```bash\nfirst=$(get_user --id 42)\nsecond=$(list_orders --user_id 42)\njq -n --argjson a "$first" --argjson b "$second" \'{a: $a, b: $b}\'\n```',
    );
    expect(prompt.length).toBeLessThan(3_000);
  });

  it("lists names and one-liners only in compact mode", () => {
    const tools = Array.from({ length: 60 }, (_, index) => ({
      name: `tool_${index}`,
      description: `Does thing ${index}\nwith details nobody needs up front`,
      inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
      execute: () => null,
    }));
    const prompt = new ScriptedTool({ name: "many", tools, compactPrompt: true }).systemPrompt();
    expect(prompt).toContain("- `tool_7`: Does thing 7\n- `tool_8`: Does thing 8\n");
    expect(prompt).toContain("Run `help <tool>` for a tool's flags before calling it.");
    expect(prompt).not.toContain("--id");
    expect(prompt).not.toContain("details nobody needs");
    expect(prompt).not.toContain("## Examples");
  });

  it("gives examples that actually run", async () => {
    const api = jsonShop();
    const prompt = api.systemPrompt();
    const blocks = [...prompt.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
    expect(blocks).toHaveLength(2);
    const first = await api.execute(blocks[0] ?? "");
    expect(first).toMatchObject({ exitCode: 0, stderr: "" });
    expect(JSON.parse(first.stdout)).toMatchObject({
      a: { id: 42 },
      b: [{ order_id: "o-1001" }, { order_id: "o-1002" }],
    });
  });

  it("feeds to jq only the output of tools whose output schema says they print JSON, read-only ones first", () => {
    const note = {
      name: "send_note",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      execute: () => "noted\n",
    };
    const tagged = {
      name: "tag_name",
      inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
      outputSchema: { type: "string" },
      execute: () => "gold",
    };
    const find = {
      name: "find_user",
      inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
      outputSchema: { type: "object", properties: { id: { type: "integer" } } },
      risk: { readOnly: true },
      execute: () => ({ id: 1 }),
    };
    const save = { ...find, name: "save_user", risk: { readOnly: false } };
    const examples = (tools: object[]) => {
      const prompt = new ScriptedTool({ name: "t", tools: tools as never }).systemPrompt();
      return prompt.slice(prompt.indexOf("## Examples"));
    };
    const mixed = examples([note, tagged, save, find]);
    expect(mixed).toContain(
      'first=$(find_user --id 42)\nsecond=$(save_user --id 42)\njq -n --argjson a "$first"',
    );
    expect(mixed).toContain("do save_user --id $i | jq -c '.'");
    expect(mixed).not.toMatch(/send_note|tag_name/);
    // No tool says it prints JSON: the examples combine outputs without jq.
    const plain = examples([note, tagged]);
    expect(plain).not.toContain("jq");
    expect(plain).toContain("first=$(send_note --text example)\nsecond=$(tag_name --id 42)\nprintf");
  });

  it("loops over an enum flag's own values", () => {
    const prompt = new ScriptedTool({
      name: "t",
      tools: [
        {
          name: "by_status",
          inputSchema: {
            type: "object",
            properties: { status: { type: "string", enum: ["open", "on hold", "closed", "gone"] } },
            required: ["status"],
          },
          outputSchema: { type: "array" },
          execute: () => [],
        },
      ],
    }).systemPrompt();
    expect(prompt).toContain(`for i in open 'on hold' closed; do by_status --status "$i" | jq -c '.'`);
  });
});
