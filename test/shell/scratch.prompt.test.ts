import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";

function shellSection(api: ScriptedTool): string {
  const prompt = api.systemPrompt();
  return prompt.slice(prompt.indexOf("## Shell"), prompt.indexOf("\n\n", prompt.indexOf("## Shell")));
}

describe("the prompt says which filesystem is in force", () => {
  it("without scratch: no filesystem", () => {
    const api = new ScriptedTool({ name: "shop", isolation: "inline" });
    expect(shellSection(api)).toMatchInlineSnapshot(`""`);
    expect(api.definition().description).toMatchInlineSnapshot(
      `"Runs a bash script whose commands are the tools (): pipe, loop and jq them, and print only what you need; \`help <tool>\` shows a tool's flags. No filesystem or network."`,
    );
  });

  it("with scratch: true, a 16 MiB /tmp for the run", () => {
    const api = new ScriptedTool({ name: "shop", isolation: "inline", scratch: true });
    expect(shellSection(api)).toMatchInlineSnapshot(`""`);
    expect(api.definition().description).toMatchInlineSnapshot(
      `"Runs a bash script whose commands are the tools (): pipe, loop and jq them, and print only what you need; \`help <tool>\` shows a tool's flags. No network; /tmp is a per-run scratch space of 16 MiB, empty at the start and discarded after the run."`,
    );
  });

  it("with scratch: { maxBytes }, that size", () => {
    const api = new ScriptedTool({ name: "shop", isolation: "inline", scratch: { maxBytes: 512 * 1024 } });
    expect(api.definition().description).toMatchInlineSnapshot(
      `"Runs a bash script whose commands are the tools (): pipe, loop and jq them, and print only what you need; \`help <tool>\` shows a tool's flags. No network; /tmp is a per-run scratch space of 512 KiB, empty at the start and discarded after the run."`,
    );
  });
});
