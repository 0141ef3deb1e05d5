import { describe, expect, it } from "vitest";
import { ecommerceTools } from "../../examples/ecommerce-tools.js";
import { ScriptedTool } from "../../src/index.js";
import { estimateTokens } from "../../src/shell/prompt.js";
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

describe("systemPrompt() levels (issue 16, item 8)", () => {
  const api = () =>
    new ScriptedTool({
      name: "shop",
      description: "E-commerce API",
      tools: jsonShop()
        .tools()
        .map((spec) => ({ ...spec, execute: () => null })),
    });

  it("full: usage lines, flag descriptions, output shapes and examples", () => {
    expect(api().systemPrompt({ level: "full" })).toMatchInlineSnapshot(`
      "# \`shop\` commands
      - \`get_user --id <integer>\`: Fetch a user by id
        - \`--id\`: User id
        - prints \`object\`
      - \`list_orders --user_id <integer> [--status <processing|shipped|delivered>] [--limit <integer>]\`: List a user's orders, newest first
        - \`--user_id\`: Owner of the orders
        - \`--status\`: Only orders in this status
        - \`--limit\`: At most this many
        - prints \`[any]\`
      - \`get_product --product_id <string>\`: Fetch a product by id
        - \`--product_id\`: Product id, e.g. p-1
        - prints \`object\`
      - \`get_shipping --order_id <string>\`: Shipping status of an order
        - prints \`object\`

      Flags: \`--name value\`. Tools print JSON: \`jq -r .field\`. Bash with jq, the usual text tools and bc; \`a & b; wait\` runs calls at once. No files or network. \`help <tool>\` describes tools; exit 2: bad arguments.

      ## Examples
      \`\`\`bash
      first=$(get_user --id 42)
      second=$(list_orders --user_id 42)
      jq -n --argjson a "$first" --argjson b "$second" '{a: $a, b: $b}'
      \`\`\`
      \`\`\`bash
      for i in 1 2 3; do list_orders --user_id $i | jq -c '.' || echo "failed: $i" >&2; done
      \`\`\`
      "
    `);
  });

  it("usage: each tool's usage line and description", () => {
    expect(api().systemPrompt({ level: "usage" })).toMatchInlineSnapshot(`
      "# \`shop\` commands
      - \`get_user --id <integer>\`: Fetch a user by id
      - \`list_orders --user_id <integer> [--status <processing|shipped|delivered>] [--limit <integer>]\`: List a user's orders, newest first
      - \`get_product --product_id <string>\`: Fetch a product by id
      - \`get_shipping --order_id <string>\`: Shipping status of an order

      Flags: \`--name value\`. Tools print JSON: \`jq -r .field\`. Bash with jq, the usual text tools and bc; \`a & b; wait\` runs calls at once. No files or network. \`help <tool>\` describes tools; exit 2: bad arguments.
      "
    `);
  });

  it("compact: names and one-liners, and where the flags are", () => {
    expect(api().systemPrompt({ level: "compact" })).toMatchInlineSnapshot(`
      "# \`shop\` commands
      - \`get_user\`: Fetch a user by id
      - \`list_orders\`: List a user's orders, newest first
      - \`get_product\`: Fetch a product by id
      - \`get_shipping\`: Shipping status of an order

      \`help <tool>\` lists a tool's flags.

      Flags: \`--name value\`. Tools print JSON: \`jq -r .field\`. Bash with jq, the usual text tools and bc; \`a & b; wait\` runs calls at once. No files or network. \`help <tool>\` describes tools; exit 2: bad arguments.
      "
    `);
  });

  it("by default, the richest level no larger than the tools' own JSON definitions", () => {
    expect(api().systemPrompt()).toBe(api().systemPrompt({ level: "usage" }));
    // Usage lines are smaller than JSON definitions, so a catalog of any size gets usage: compact only where the
    // shell's fixed lines would tip it over, and descriptions are long past their first line.
    const catalog = (count: number, description: string) =>
      new ScriptedTool({
        name: "many",
        tools: Array.from({ length: count }, (_, index) => ({
          name: `tool_${index}`,
          description,
          inputSchema: { type: "object", properties: { id: { type: "integer" }, q: { type: "string" } } },
          execute: () => null,
        })),
      });
    const wide = catalog(60, "Does a thing");
    expect(wide.systemPrompt()).toBe(wide.systemPrompt({ level: "usage" }));
    const long = catalog(1, `Does a thing.\n${"It says much more about the thing, at length. ".repeat(6)}`);
    expect(long.systemPrompt()).toBe(long.systemPrompt({ level: "compact" }));
    // Nothing fits (one small tool: the fixed lines outweigh it): usage, whose flags spare the model a help call.
    const one = catalog(1, "Does a thing");
    expect(one.systemPrompt()).toBe(one.systemPrompt({ level: "usage" }));
  });

  it("under maxTokens, the richest level that fits, or compact", () => {
    const shop = api();
    const full = shop.systemPrompt({ level: "full" });
    const usage = shop.systemPrompt({ level: "usage" });
    expect(shop.systemPrompt({ maxTokens: 10_000 })).toBe(full);
    expect(shop.systemPrompt({ maxTokens: estimateTokens(usage) })).toBe(usage);
    expect(shop.systemPrompt({ maxTokens: estimateTokens(full) - 1 })).toBe(usage);
    expect(shop.systemPrompt({ maxTokens: 1 })).toBe(shop.systemPrompt({ level: "compact" }));
    const configured = new ScriptedTool({ name: "shop", tools: [], prompt: { level: "full" } });
    expect(configured.systemPrompt()).toContain("# `shop` commands");
  });

  it("explains only the flag forms the tools take", () => {
    const only = (inputSchema: object) =>
      new ScriptedTool({
        name: "t",
        tools: [{ name: "x", inputSchema, execute: () => null }],
      }).systemPrompt();
    const plain = only({ type: "object", properties: { id: { type: "integer" } } });
    expect(plain).toContain("Flags: `--name value`. Tools print JSON");
    expect(only({ properties: { dry: { type: "boolean" } } })).toContain(
      "booleans `--flag` or `--flag false`",
    );
    expect(only({ properties: { tags: { type: "array" } } })).toContain("arrays `--tags a,b` or JSON");
    expect(only({ properties: { filter: { type: "object" } } })).toContain(
      "objects `--filter k=v j=w` or JSON",
    );
    expect(plain).not.toMatch(/booleans|arrays|objects/);
  });

  it("refuses a level or budget it does not know", () => {
    expect(() => new ScriptedTool({ name: "t", prompt: { level: "tiny" as never } })).toThrow(
      'prompt.level must be "full", "usage" or "compact"',
    );
    expect(() => api().systemPrompt({ maxTokens: 0 })).toThrow("prompt.maxTokens must be a whole number");
  });
});

describe("systemPrompt() examples", () => {
  it("gives examples that actually run", async () => {
    const api = jsonShop();
    const prompt = api.systemPrompt({ level: "full" });
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
      const prompt = new ScriptedTool({ name: "t", tools: tools as never }).systemPrompt({ level: "full" });
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
    }).systemPrompt({ level: "full" });
    expect(prompt).toContain(`for i in open 'on hold' closed; do by_status --status "$i" | jq -c '.'`);
  });
});
