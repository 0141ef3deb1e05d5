import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import type { ExecuteResult, ScriptedTool } from "../../src/index.js";

/** The README's "Use" snippet, run as written (importing this checkout instead of the "toolshell" package). */
it("runs the README's usage snippet and gets what its comments say", async () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const snippet = /## Use\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(snippet).toBeDefined();
  const index = pathToFileURL(fileURLToPath(new URL("../../src/index.ts", import.meta.url))).href;
  const folder = new URL("../.generated/", import.meta.url);
  mkdirSync(folder, { recursive: true });
  const file = new URL("readme-use.ts", folder);
  writeFileSync(
    file,
    `${(snippet ?? "").replace('from "toolshell"', `from ${JSON.stringify(index)}`)}\nexport { api, r };\n`,
  );
  const module = (await import(file.href)) as { api: ScriptedTool; r: ExecuteResult };
  try {
    expect(module.r).toMatchObject({
      stdout: "Jane\n",
      stderr: "",
      exitCode: 0,
      truncated: false,
      traceDropped: 0,
    });
    expect(module.r.trace).toMatchObject([
      { name: "get_user", kind: "tool", params: { id: 42 }, exitCode: 0 },
    ]);
    expect(module.api.definition().inputSchema).toMatchObject({ required: ["commands"] });
    expect((await module.api.execute("search --q shoes")).stdout).toBe("results for shoes\n");
  } finally {
    await module.api.close();
  }
});
