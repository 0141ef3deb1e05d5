import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";

function shellSection(api: ScriptedTool): string {
  const prompt = api.systemPrompt();
  return prompt.slice(prompt.indexOf("## Shell"), prompt.indexOf("\n\n", prompt.indexOf("## Shell")));
}

describe("the prompt says which filesystem is in force", () => {
  it("without scratch: no filesystem", () => {
    const api = new ScriptedTool({ name: "shop", isolation: "inline" });
    expect(shellSection(api)).toMatchInlineSnapshot(`
      "## Shell
      The shell has variables, arrays, functions, if/case/for/while, pipes, \`$(...)\`, \`&& ||\`, \`set -e\`, heredocs, and jq, grep, sed, awk, sort, uniq, cut, tr, wc, head, tail, seq, xargs, bc (decimal math). Independent calls overlap with \`a & b; wait\` or \`printf '%s\\n' 1 2 3 | parallel -j 3 'get_x --key {}'\` (output in input order). It has no filesystem (no files; redirect only to /dev/null), no network and no other programs. \`help\`, \`help <tool>\` and \`discover --search TEXT\` describe the tools at run time. Exit codes: 2 bad arguments (stderr says which), 127 unknown command."
    `);
    expect(api.definition().description).toMatchInlineSnapshot(
      `"Runs a bash script in which each tool is a command (). Compose calls with pipes, variables, loops and jq in one script; print what you need. Run \`help\` or \`help <tool>\` for flags. No filesystem or network."`,
    );
  });

  it("with scratch: true, a 16 MiB /tmp for the run", () => {
    const api = new ScriptedTool({ name: "shop", isolation: "inline", scratch: true });
    expect(shellSection(api)).toMatchInlineSnapshot(`
      "## Shell
      The shell has variables, arrays, functions, if/case/for/while, pipes, \`$(...)\`, \`&& ||\`, \`set -e\`, heredocs, and jq, grep, sed, awk, sort, uniq, cut, tr, wc, head, tail, seq, xargs, bc (decimal math). Independent calls overlap with \`a & b; wait\` or \`printf '%s\\n' 1 2 3 | parallel -j 3 'get_x --key {}'\` (output in input order). /tmp is a per-run scratch space of 16 MiB (files, \`tee\`, \`ls\`, \`mktemp\`, \`<(...)\`), empty at the start and discarded after the run; there are no other files, no network and no other programs. \`help\`, \`help <tool>\` and \`discover --search TEXT\` describe the tools at run time. Exit codes: 2 bad arguments (stderr says which), 127 unknown command."
    `);
    expect(api.definition().description).toMatchInlineSnapshot(
      `"Runs a bash script in which each tool is a command (). Compose calls with pipes, variables, loops and jq in one script; print what you need. Run \`help\` or \`help <tool>\` for flags. No network; /tmp is a per-run scratch space of 16 MiB, empty at the start and discarded after the run."`,
    );
  });

  it("with scratch: { maxBytes }, that size", () => {
    const api = new ScriptedTool({ name: "shop", isolation: "inline", scratch: { maxBytes: 512 * 1024 } });
    expect(api.definition().description).toMatchInlineSnapshot(
      `"Runs a bash script in which each tool is a command (). Compose calls with pipes, variables, loops and jq in one script; print what you need. Run \`help\` or \`help <tool>\` for flags. No network; /tmp is a per-run scratch space of 512 KiB, empty at the start and discarded after the run."`,
    );
  });
});
