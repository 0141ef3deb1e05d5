// What a model reads before its first call, in tokens (o200k, gpt-tokenizer): the system prompt plus the tool
// definition, for toolshell at each prompt level, bashkit's ScriptedTool, and the same tools handed to the model
// as plain JSON function definitions. 4 tools (the demo shop), 50 and 200 (the bench's catalog). Deterministic:
// no timing, one process. Run: node build.mjs && node prompt.mjs [--json].
import { ScriptedTool as Bashkit } from "@everruns/bashkit";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { ecommerceToolset } from "../dist/src/demo/ecommerce-tools.js";
import { ScriptedTool } from "../dist/src/index.js";
import { estimateTokens } from "../dist/src/shell/prompt.js";
import { manyTools } from "./tools.mjs";

/** The bundled demo's four tools (with output schemas), then the bench's catalog of 200 plausible tools. */
const CATALOGS = [
  ["4", ecommerceToolset.tools],
  ["50", manyTools.slice(0, 50)],
  ["200", manyTools],
];
const LEVELS = ["full", "usage", "compact"];
const estimates = [];

const definitions = (tools) =>
  tools.map(({ name, description, inputSchema, outputSchema }) => ({
    name,
    description,
    inputSchema,
    outputSchema,
  }));

/** toolshell: its prompt at `level` (undefined: the default) plus its one tool's definition. */
function toolshell(tools, level) {
  const api = new ScriptedTool({
    name: "api",
    description: "API",
    tools: definitions(tools).map((tool) => ({ ...tool, execute: () => null })),
    prewarm: false,
    ...(level === undefined ? {} : { prompt: { level } }),
  });
  const text = api.systemPrompt() + JSON.stringify(api.definition());
  void api.close();
  const tokens = countTokens(text);
  // How far the library's own estimate (used to pick a level) is from o200k.
  if (level === undefined) estimates.push(estimateTokens(text) / tokens);
  return tokens;
}

function bashkit(tools) {
  const api = new Bashkit({ name: "api" });
  for (const tool of tools) api.addTool(tool.name, tool.description, () => "", tool.inputSchema);
  // bashkit gives its input schema as JSON text; the model reads it as JSON, compact like the others.
  const definition = {
    name: api.name,
    description: api.description(),
    inputSchema: JSON.parse(api.inputSchema()),
  };
  return countTokens(api.systemPrompt() + JSON.stringify(definition));
}

/** The tools as plain JSON function definitions (OpenAI's shape): what a model reads without toolshell. */
function plain(tools) {
  const functions = tools.map(({ name, description, inputSchema }) => ({
    type: "function",
    function: { name, description, parameters: inputSchema },
  }));
  return countTokens(JSON.stringify(functions));
}

const rows = CATALOGS.map(([count, tools]) => {
  const row = { tools: count, default: toolshell(tools) };
  for (const level of LEVELS) row[level] = toolshell(tools, level);
  row.bashkit = bashkit(tools);
  row.plain = plain(tools);
  return row;
});

if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
else {
  console.log("| tools | toolshell default | full | usage | compact | bashkit | plain JSON definitions |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) {
    const cells = [row.default, row.full, row.usage, row.compact, row.bashkit, row.plain].map((n) =>
      n.toLocaleString("en"),
    );
    console.log(`| ${row.tools} | ${cells.join(" | ")} |`);
  }
  console.log(
    `\nestimated / o200k tokens of the default prompt: ${estimates.map((r) => r.toFixed(2)).join(", ")}`,
  );
}
