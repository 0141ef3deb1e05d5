// The README's "Tools from other programs" section, run as written ("toolshell" imports point at this checkout):
// the tool-process snippet starts examples/tool-process.py with python3, and what it logs is what its comments say.
import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { codeBlocks, localImports, readmeSection } from "./snippets.js";

const HEADING = "## Tools from other programs";
const blocks = codeBlocks(readmeSection(HEADING));

/** Shadows `console` in the generated module so the test reads what the snippet logs (the values, not text). */
const CAPTURE_CONSOLE = `export const __logged: unknown[][] = [];
const console = { ...globalThis.console, log: (...args: unknown[]) => { __logged.push(args); } };`;

/** The values each `console.log(...)` line's comment says it logs, read as JSON (single quotes allowed). */
function commented(code: string): unknown[][] {
  return code
    .split("\n")
    .filter((line) => line.startsWith("console.log("))
    .map((line) => {
      const comment = line.slice(line.indexOf("// ") + 3);
      const json = comment.includes('" "') ? `[${comment.replace('" "', '", "')}]` : `[${comment}]`;
      // reason strings are written with single quotes around text that holds double quotes
      return JSON.parse(
        json
          .replace(/'([^']*)'/g, (_whole, text: string) => JSON.stringify(text))
          .replace(/(\{ |, )(\w+):/g, '$1"$2":'),
      );
    });
}

async function run(name: string, code: string): Promise<unknown[][]> {
  const folder = new URL("../.generated/", import.meta.url);
  mkdirSync(folder, { recursive: true });
  const file = new URL(`readme-process-${name}.ts`, folder);
  writeFileSync(file, `${CAPTURE_CONSOLE}\n${localImports(code)}\n`);
  const module = (await import(file.href)) as { __logged: unknown[][] };
  return module.__logged;
}

describe(`README: ${HEADING}`, () => {
  it("the tool-process snippet registers the Python tools, runs them and logs what its comments say", async () => {
    const code = blocks.find((block) => block.includes("connectToolProcess"));
    expect(code).toBeDefined();
    const expected = commented(code ?? "");
    expect(expected).toHaveLength(3);
    expect(await run("tool-process", code ?? "")).toEqual(expected);
  });
});
