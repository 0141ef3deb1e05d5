// Tool folders (issue 17, part 2): real folders on disk, real module packages and a real Python tool process.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { main as toolFoldersExample } from "../../examples/tool-folders.js";
import { ScriptedTool, ToolshellError } from "../../src/index.js";
import { loadToolFolders } from "../../src/process/index.js";
import { track } from "../helpers.js";

const PYTHON_TOOL = fileURLToPath(new URL("../../examples/tool-process.py", import.meta.url));

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder holding `files` (paths relative to it). */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "toolshell-folders-"));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const tool = (name: string, answer: string) =>
  `export const tools = [{ name: ${JSON.stringify(name)}, execute: () => ${JSON.stringify(`${answer}\n`)} }];\n`;

describe("examples/tool-folders.ts", () => {
  it("loads a module package and a Python tool-process package, and a script uses both", async () => {
    const { packages, tools, skipped, stdout, stderr, exitCode } = await toolFoldersExample(() => {});
    expect(packages).toEqual(["calc", "weather"]);
    // grantScopes: [] caps the admin scope calc/toolshell.json grants, so calc.reset is not registered
    expect(tools).toEqual(["calc.add", "calc.plus", "calc.slow", "calc.lookup", "weather.now"]);
    expect(skipped).toEqual([]);
    expect({ stdout, stderr, exitCode }).toEqual({ stdout: "18 C in Paris\n22\n", stderr: "", exitCode: 0 });
  });
});

describe("loadToolFolders", () => {
  it("registers module packages by the names their tools carry: tools export, default tool, default array, tool.js", async () => {
    const root = folder({
      "a/tool.mjs": tool("alpha", "a"),
      "b/tool.mjs": 'export default { name: "beta", execute: () => "b\\n" };\n',
      "c/tool.mjs": 'export default [{ name: "gamma", execute: () => "c\\n" }];\n',
      "d/tool.js": 'module.exports = { tools: [{ name: "delta", execute: () => "d\\n" }] };\n',
    });
    const api = track(new ScriptedTool({ name: "f" }));
    const loaded = await loadToolFolders(api, [root]);
    expect(loaded).toEqual({
      tools: ["alpha", "beta", "gamma", "delta"],
      packages: ["a", "b", "c", "d"],
      skipped: [],
    });
    expect((await api.execute("alpha; beta; gamma; delta")).stdout).toBe("a\nb\nc\nd\n");
  });

  it("skips, with why, a package that fails to load, exports no tools, defines a bad tool, or is not a package", async () => {
    const root = folder({
      "good/tool.mjs": tool("good", "ok"),
      "throws/tool.mjs": 'throw new Error("cannot reach the config server");\n',
      "syntax/tool.mjs": "export const tools = [;\n",
      "empty/tool.mjs": "export const version = 1;\n",
      // the second tool is invalid: the first is taken back out, so a package loads whole or not at all
      "half/tool.mjs":
        'export const tools = [{ name: "half_ok", execute: () => "" }, { name: "bad name", execute: () => "" }];\n',
      "both/tool.mjs": tool("both", "x"),
      "both/toolshell.json": '{ "process": { "command": "true" } }',
      "nothing/README.md": "no package here\n",
      "badjson/toolshell.json": "{ process: ",
      "noprocess/toolshell.json": '{ "grantScopes": [] }',
      "nostart/toolshell.json": '{ "process": { "command": "/no/such/program" } }',
      ".hidden/tool.mjs": tool("hidden", "h"),
    });
    const api = track(new ScriptedTool({ name: "f" }));
    const loaded = await loadToolFolders(api, [root, join(root, "missing")]);
    expect(loaded.packages).toEqual(["good"]);
    expect(loaded.tools).toEqual(["good"]);
    const reasons = Object.fromEntries(
      loaded.skipped.map(({ dir, reason }) => [dir.slice(root.length + 1), reason]),
    );
    expect(reasons).toEqual({
      badjson: expect.stringMatching(/^toolshell\.json is not JSON: /),
      both: "it has both tool.mjs and toolshell.json: keep the one that defines the package",
      empty: "it exports no tools: export `tools` (an array of tool definitions), or a default tool or array",
      half: expect.stringContaining("bad name"),
      missing: expect.stringMatching(/^the folder cannot be read: ENOENT/),
      noprocess: 'toolshell.json needs { "process": { "command": "...", "args": [...] } }',
      nostart: expect.stringMatching(/^its tool process did not start: /),
      nothing: "it has no tool.mjs, tool.js or toolshell.json",
      syntax: expect.stringMatching(/^its module failed to load: /),
      throws: "its module failed to load: cannot reach the config server",
    });
    expect(api.tools().map((spec) => spec.name)).toEqual(["good"]);
    expect((await api.execute("good")).stdout).toBe("ok\n");
  });

  it("lets the earlier folder win when two hold a package of the same name", async () => {
    const first = folder({ "shared/tool.mjs": tool("from_first", "first") });
    const second = folder({
      "shared/tool.mjs": tool("from_second", "second"),
      "own/tool.mjs": tool("own", "own"),
    });
    const api = track(new ScriptedTool({ name: "f" }));
    const loaded = await loadToolFolders(api, [first, second]);
    expect(loaded.packages).toEqual(["shared", "own"]);
    expect(loaded.tools).toEqual(["from_first", "own"]);
    expect(loaded.skipped).toEqual([
      {
        dir: join(second, "shared"),
        reason: `a package named shared was already loaded from ${join(first, "shared")}`,
      },
    ]);
  });

  it("starts a toolshell.json package in its folder as <folder>.<tool>, its grant capped by grantScopes", async () => {
    const manifest = JSON.stringify({
      process: { command: "python3", args: [PYTHON_TOOL] },
      grantScopes: ["admin"],
    });
    const root = folder({ "py/toolshell.json": manifest, "bad name/toolshell.json": manifest });
    const granted = track(new ScriptedTool({ name: "f" }));
    const loaded = await loadToolFolders(granted, [root]);
    expect(loaded.tools).toEqual(["py.add", "py.plus", "py.slow", "py.lookup", "py.reset"]);
    expect(loaded.skipped).toEqual([
      {
        dir: join(root, "bad name"),
        reason:
          "its name is not a command namespace (a letter or _, then letters, digits, _, - and .): rename it bad_name",
      },
    ]);
    expect((await granted.execute("py.reset")).stdout).toBe('{"reset":true}\n');
    const capped = track(new ScriptedTool({ name: "f" }));
    expect((await loadToolFolders(capped, [root], { grantScopes: ["read"] })).tools).not.toContain(
      "py.reset",
    );
  });

  it("refuses dirs that are not a list of paths", async () => {
    const api = track(new ScriptedTool({ name: "f" }));
    await expect(loadToolFolders(api, "./tools" as never)).rejects.toThrow(ToolshellError);
  });
});
