import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { shop } from "../helpers.js";

describe("systemPrompt()", () => {
  it("renders commands with flags, argument forms, the shell's limits and examples from the tools", () => {
    const prompt = new ScriptedTool({
      name: "shop",
      description: "E-commerce API",
      tools: shop("inline")
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
    const api = shop("inline");
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
});
