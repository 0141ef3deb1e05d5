// Decision 0041: the host's reading of a plain tool call (plainToolCall) never differs from the shell's own reading
// of a lone call (loneToolCall, after just-bash's parser) nor from GNU bash's: for every script it accepts, the
// shell finds the same tool and words, and bash passes the same words to a function of the tool's name.
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHELL_COMMAND_NAMES } from "../../src/script/command-names.js";
import { ShellCatalog } from "../../src/shell/catalog.js";
import { plainToolCall } from "../../src/shell/plain-call.js";
import { loneToolCall } from "../../src/shell/simple-command.js";
import type { ToolSpec } from "../../src/tool/tool.js";

const spec = (name: string): ToolSpec =>
  ({ name, description: "", inputSchema: { type: "object" } }) as unknown as ToolSpec;
const catalog = new ShellCatalog(["get_user", "mcp.search", "a-b", "jq", "echo", "sort"].map(spec));

const plain = (script: string) => plainToolCall(script, catalog.tools, SHELL_COMMAND_NAMES);
const lone = (script: string) => loneToolCall(script, catalog, SHELL_COMMAND_NAMES);
const words = (call: ReturnType<typeof plain>) => call && [call.spec.name, ...call.argv];

/** Pieces models' scripts are made of, the harmless and the ones that change what bash runs. */
const PIECES = [
  "get_user",
  "mcp.search",
  "a-b",
  "jq",
  "echo",
  "sort",
  "unknown_tool",
  "--id",
  "42",
  "--name=x",
  "a,b",
  "-n",
  "x/y:z@w%v+u",
  " ",
  "  ",
  "\t",
  "\n",
  "'Jane Doe'",
  "''",
  '""',
  '"x y"',
  "'$HOME'",
  '"$HOME"',
  '"a\\"b"',
  "'a\"b'",
  '"`id`"',
  '\'[{"sku":"A"}]\'',
  "'é ☃ 𝄞'",
  "'multi\nline'",
  '"bang!"',
  "$x",
  "${x}",
  "$(id)",
  "`id`",
  "*",
  "?",
  "[a]",
  "~",
  "{a,b}",
  ";",
  "|",
  "&",
  "&&",
  ">",
  "<",
  "(",
  ")",
  "#",
  "# c",
  "\\",
  "\\n",
  "!",
  "=",
  "x=1",
  "\r",
  "\u0000",
  "'",
  '"',
  "é",
];

const piece = fc.constantFrom(...PIECES);
/** Mostly a tool's name and words, some glued together, some separated; sometimes anything at all. */
const script = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("", " ", "\n", "\t "),
      fc.constantFrom("get_user", "mcp.search", "a-b", "jq", "unknown_tool"),
      fc.array(fc.tuple(fc.constantFrom(" ", "", "  ", "\t"), piece), { maxLength: 6 }),
      fc.constantFrom("", "\n", " \n\n", ";"),
    )
    .map(([lead, name, rest, tail]) => lead + name + rest.map(([gap, part]) => gap + part).join("") + tail),
  fc.array(piece, { minLength: 1, maxLength: 9 }).map((parts) => parts.join("")),
);

describe("the host's reading of a plain tool call", () => {
  it("accepts only what the shell's own check reads the same way", () => {
    let accepted = 0;
    fc.assert(
      fc.property(script, (text) => {
        const call = plain(text);
        if (!call) return;
        accepted++;
        expect(words(lone(text))).toEqual(words(call));
      }),
      { numRuns: 20_000, seed: Number(process.env.PLAIN_CALL_SEED ?? 41) },
    );
    // Not vacuous: a good share of generated scripts are plain calls.
    expect(accepted).toBeGreaterThan(1_000);
  });

  it("gives the words GNU bash passes to a command of the tool's name", () => {
    const samples = fc
      .sample(script, { numRuns: 20_000, seed: 7 })
      .filter((text) => plain(text) && !text.includes("\u0000"))
      .slice(0, 400);
    expect(samples.length).toBeGreaterThan(100);
    // Each tool is a function printing its name and words; each sample runs in a subshell, in one bash process.
    const functions = ["get_user", "mcp.search", "a-b"].map(
      (name) => `${name}() { printf '<%s>' "$FUNCNAME" "$@"; }`,
    );
    const body = samples.map((text) => `(\n${text}\n)\nprintf '\\036'`).join("\n");
    const bash = spawnSync("/usr/bin/bash", ["-c", `${functions.join("\n")}\n${body}`], { encoding: "utf8" });
    expect(bash.stderr).toBe("");
    const lines = bash.stdout.split("\u001e").slice(0, samples.length);
    const ours = samples.map((text) => (words(plain(text)) ?? []).map((word) => `<${word}>`).join(""));
    expect(lines).toEqual(ours);
  });

  it.each([
    ["get_user --id 42", ["get_user", "--id", "42"]],
    ["  get_user --name 'Jane Doe' --tags=a,b\n\n", ["get_user", "--name", "Jane Doe", "--tags=a,b"]],
    ["mcp.search --q \"x y\"''", ["mcp.search", "--q", "x y"]],
    ["get_user --empty ''", ["get_user", "--empty", ""]],
    ["get_user --json '[{\"a\": 1}]'", ["get_user", "--json", '[{"a": 1}]']],
  ])("reads %j as %j", (text, expected) => {
    expect(words(plain(text))).toEqual(expected);
  });

  it.each([
    ["an expansion", "get_user --id $ID"],
    ["a command substitution", "get_user --id $(id)"],
    ["a glob", "get_user --id 4*"],
    ["a tilde", "get_user --home ~"],
    ["a brace", "get_user --ids {1,2}"],
    ["a comment", "get_user --id 42 # the user"],
    ["an escape", "get_user --id 4\\2"],
    ["a second command", "get_user --id 1; get_user --id 2"],
    ["a second line", "get_user --id 1\nget_user --id 2"],
    ["a pipe", "get_user --id 1 | jq .name"],
    ["a redirection", "get_user --id 1 > /dev/null"],
    ["a background job", "get_user --id 1 &"],
    ["an assignment", "X=1 get_user"],
    ["a quoted name", "'get_user' --id 1"],
    ["an unclosed quote", "get_user --name 'Jane"],
    ["$ in double quotes", 'get_user --name "$USER"'],
    ["a control character", "get_user --name 'a\rb'"],
    ["an unknown tool", "get_users --id 1"],
    ["a tool named like a shell command", "jq --id 1"],
    ["a tool named like a builtin", "echo --id 1"],
    ["nothing", "  \n"],
    ["a script past the lone-call size", `get_user --name '${"x".repeat(9_000)}'`],
  ])("leaves %s to the shell", (_, text) => {
    expect(plain(text)).toBeUndefined();
  });
});
