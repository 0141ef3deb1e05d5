// Issue 16, item 9: the REPL at a terminal recalls a multi-line script whole, completes tool names and flags with
// Tab, and leaves no dead prompt when Ctrl-D ends the session during a run. Driven through fake TTY streams, keys
// as a terminal sends them.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { completions, historyWithScript, startRepl } from "../../src/cli/repl.js";
import { ScriptedTool } from "../../src/index.js";
import { track } from "../helpers.js";

const UP = "\x1b[A";
/** A terminal's escape sequences (cursor moves, erases). */
const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, "g");
const ENTER = "\r";

function terminal(api: ScriptedTool, historyFile = "") {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => {} });
  const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 200 });
  let shown = "";
  stdout.on("data", (chunk: Buffer) => {
    shown += chunk.toString();
  });
  const stderr = new PassThrough();
  const done = startRepl(api, { stdin, stdout, stderr }, { historyFile });
  // Plain text of what the terminal shows: escape sequences dropped.
  const screen = () => shown.replace(ESCAPES, "");
  const until = async (text: RegExp) => {
    for (let waited = 0; !text.test(screen()) && waited < 10_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return screen();
  };
  const type = (keys: string) => stdin.write(keys);
  return { type, until, screen, done, end: () => stdin.end() };
}

function shop() {
  return track(
    new ScriptedTool({
      name: "t",
      isolation: "inline",
      tools: [
        {
          name: "get_user",
          inputSchema: {
            type: "object",
            properties: { id: { type: "integer" }, verbose: { type: "boolean" } },
          },
          execute: ({ id }) => ({ id }),
        },
        { name: "list_orders", execute: () => [] },
        {
          name: "slow",
          execute: async () => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            return "slow done\n";
          },
        },
      ],
    }),
  );
}

describe("the REPL at a terminal", () => {
  it("recalls a script of several lines whole with the up arrow, and keeps it so in its history file", async () => {
    const historyFile = join(mkdtempSync(join(tmpdir(), "toolshell-repl-")), "history");
    const repl = terminal(shop(), historyFile);
    repl.type(`for i in 1 2; do${ENTER}`);
    repl.type(`get_user --id $i | jq .id${ENTER}`);
    repl.type(`done${ENTER}`);
    await repl.until(/\[exit 0, 2 calls/);
    repl.type(`${UP}${ENTER}`);
    const screen = await repl.until(/\[exit 0, 2 calls[\s\S]*\[exit 0, 2 calls/);
    expect(screen.match(/1\n2\n\[exit 0, 2 calls/g)).toHaveLength(2);
    // Node 22+ shows a recalled entry's later lines after "| ".
    expect(screen).toMatch(/toolshell> for i in 1 2; do\n(\| )?get_user --id \$i \| jq \.id\n(\| )?done/);
    repl.type(`.exit${ENTER}`);
    expect(await repl.done).toBe(0);
    const saved = readFileSync(historyFile, "utf8").split("\n");
    expect(saved).toContain(
      `#multiline ${JSON.stringify("for i in 1 2; do\nget_user --id $i | jq .id\ndone")}`,
    );
    expect(saved).not.toContain("done");
  });

  it("completes tool names and flags with Tab", async () => {
    const repl = terminal(shop());
    // Key by key, as typed: readline takes a chunk of several keys as a paste, which it does not complete.
    for (const keys of ["get_u", "\t", "--i", "\t", "7 | jq .id", ENTER]) {
      repl.type(keys);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(await repl.until(/\[exit 0, 1 call/)).toContain("get_user --id 7 | jq .id");
    expect(repl.screen()).toMatch(/^7\n\[exit 0, 1 call/m);
    repl.type(`.exit${ENTER}`);
    await repl.done;
  });

  it("ends without a dead prompt when Ctrl-D comes during a run", async () => {
    const repl = terminal(shop());
    await repl.until(/toolshell> $/);
    repl.type(`slow${ENTER}`);
    repl.end();
    expect(await repl.done).toBe(0);
    const screen = repl.screen();
    expect(screen).toMatch(/slow done\n\[exit 0, 1 call, \d+ ms\]\n$/);
  });
});

describe("completions()", () => {
  const tools = shop().tools();

  it.each([
    ["get_u", ["get_user "], "get_u"],
    ["echo 1 | li", ["list_orders "], "li"],
    ["x=$(get", ["get_user "], "get"],
    ["for i in 1; do sl", ["slow "], "sl"],
    ["get_user --", ["--id", "--verbose"], "--"],
    ["get_user --id 1 --v", ["--verbose "], "--v"],
    ["echo get", [], "get"],
    [".t", [".tools", ".trace"], ".t"],
  ])("%j", (line, hits, word) => {
    expect(completions(line, tools)).toEqual([hits, word]);
  });
});

describe("historyWithScript()", () => {
  it("replaces the lines of a script, newest first in readline's history, by the script", () => {
    expect(
      historyWithScript(
        ["done", "echo $i", "for i in 1; do", "older"],
        ["for i in 1; do", "echo $i", "done"],
      ),
    ).toEqual(["for i in 1; do\necho $i\ndone", "older"]);
    expect(historyWithScript(["one"], ["one"])).toEqual(["one"]);
  });
});
