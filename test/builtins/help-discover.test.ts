import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { shop, track } from "../helpers.js";

describe("help", () => {
  const api = shop("inline");

  it("lists every tool with its one-liner", async () => {
    const result = await api.execute("help");
    expect(result.stdout).toBe(
      [
        "Tools (4):",
        "  get_user      Fetch a user by id",
        "  list_orders   List a user's orders, newest first",
        "  get_product   Fetch a product by id",
        "  get_shipping  Shipping status of an order",
        "Run `help <tool>` (or `<tool> --help`) for its flags; `discover --search TEXT` to find tools.",
        "Shell: variables, arrays, functions, if/case/for/while, pipes, $(...), jq, grep, sed, awk, sort, uniq, cut, tr, wc, head, tail, xargs, bc, parallel (concurrent calls: seq 1 9 | parallel -j 4 'tool --id {}'). No files: keep data in variables and pipes.",
        "",
      ].join("\n"),
    );
    expect((await api.execute("help --list")).stdout).toBe(result.stdout);
  });

  it("shows a tool's usage with types, required marks, enums and descriptions", async () => {
    const expected = [
      "list_orders - List a user's orders, newest first",
      "Usage: list_orders --user_id <integer> [--status <processing|shipped|delivered>] [--limit <integer>]",
      "Flags:",
      "  --user_id <integer>                      (required) Owner of the orders",
      "  --status <processing|shipped|delivered>  Only orders in this status",
      "  --limit <integer>                        At most this many",
      "Params may also come as JSON on stdin: echo '{...}' | list_orders",
      "",
    ].join("\n");
    expect(await api.execute("help list_orders")).toMatchObject({
      stdout: expected,
      stderr: "",
      exitCode: 0,
    });
    expect((await api.execute("list_orders --help")).stdout).toBe(expected);
  });

  it("gives the schema as JSON", async () => {
    const result = await api.execute("help get_shipping --json | jq -c .");
    expect(result.stdout).toBe(
      '{"name":"get_shipping","description":"Shipping status of an order","input_schema":{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"],"additionalProperties":false}}\n',
    );
  });

  it("suggests the closest tool for a typo", async () => {
    expect(await api.execute("help get_usr")).toMatchObject({
      stdout: "",
      stderr: "help: no tool named get_usr (did you mean get_user?). Run `help` to list tools.\n",
      exitCode: 1,
    });
  });

  it("is toolshell's help, not just-bash's, even when called by name from a variable-free word", async () => {
    expect((await api.execute("help | head -1")).stdout).toBe("Tools (4):\n");
  });

  it("records help in the trace", async () => {
    const result = await api.execute("help get_user >/dev/null");
    expect(result.trace).toMatchObject([{ name: "help", kind: "help", argv: ["get_user"], exitCode: 0 }]);
  });
});

describe("discover", () => {
  const api = shop("inline");

  it.each([
    [
      "discover",
      "4 tools.\nCategories: catalog (1), crm (1), sales (2)\nTags: orders (2), products (1), shipping (1), users (1)\n" +
        "Filter: discover TEXT | --category NAME | --tag NAME | --search TEXT (add --json); details: help <tool>\n",
    ],
    ["discover --categories", "catalog (1)\ncrm (1)\nsales (2)\n"],
    [
      "discover --category SALES",
      "  list_orders   List a user's orders, newest first\n  get_shipping  Shipping status of an order\n",
    ],
    ["discover --tag shipping", "  get_shipping  Shipping status of an order\n"],
    ["discover --search PRODUCT", "  get_product  Fetch a product by id\n"],
    ["discover --search newest", "  list_orders  List a user's orders, newest first\n"],
    [
      "discover --categories --json",
      '[{"category":"catalog","count":1},{"category":"crm","count":1},{"category":"sales","count":2}]\n',
    ],
    [
      "discover --tag users --json",
      '[{"name":"get_user","description":"Fetch a user by id","category":"crm","tags":["users"]}]\n',
    ],
  ])("%s", async (script, stdout) => {
    expect(await api.execute(script)).toMatchObject({ stdout, stderr: "", exitCode: 0 });
  });

  it("takes bare words as the text to search for, as a model will first try", async () => {
    expect(await api.execute("discover product")).toMatchObject({
      stdout: "  get_product  Fetch a product by id\n",
      stderr: "",
      exitCode: 0,
    });
    expect(await api.execute("discover Shipping status --json")).toMatchObject({
      stdout:
        '[{"name":"get_shipping","description":"Shipping status of an order","category":"sales","tags":["orders","shipping"]}]\n',
      exitCode: 0,
    });
    expect(await api.execute("discover invoices")).toMatchObject({
      stderr: 'discover: no tools match search "invoices". Run `help` to list all.\n',
      exitCode: 1,
    });
  });

  it("explains itself with --help, bare words included", async () => {
    const result = await api.execute("discover --help");
    expect(result).toMatchObject({ stderr: "", exitCode: 0 });
    expect(result.stdout).toMatch(/^usage: discover \[TEXT \| /);
    expect(result.stdout).toContain("same as --search TEXT");
    expect(await api.execute("discover product --tag x")).toMatchObject({ exitCode: 2 });
  });

  it("says when nothing matches", async () => {
    expect(await api.execute("discover --search invoices")).toMatchObject({
      stdout: "",
      stderr: 'discover: no tools match search "invoices". Run `help` to list all.\n',
      exitCode: 1,
    });
  });

  it("rejects unknown options with its usage", async () => {
    expect(await api.execute("discover --bogus")).toMatchObject({
      stderr:
        "usage: discover [TEXT | --categories | --tags | --namespaces | --category NAME | --tag NAME | --search TEXT] [--json]\n",
      exitCode: 2,
    });
  });

  it("groups dotted names by namespace", async () => {
    const namespaced = track(
      new ScriptedTool({
        name: "ns",
        isolation: "inline",
        tools: ["orders.list", "orders.get", "users.get", "ping"].map((name) => ({
          name,
          execute: () => name,
        })),
      }),
    );
    expect((await namespaced.execute("discover --namespaces")).stdout).toBe(
      "(top level) (1)\norders (2)\nusers (1)\n",
    );
    expect((await namespaced.execute("discover --search orders.")).stdout).toBe(
      "  orders.list\n  orders.get\n",
    );
  });
});
