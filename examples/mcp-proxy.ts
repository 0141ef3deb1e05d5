/**
 * Code-mode proxy: the tools of an MCP server (here the reference "memory" server from npm) become commands
 * `mem.*` of one script tool, so a single script creates entities, links them and queries the graph. Runs with
 * `npx tsx examples/mcp-proxy.ts`. It starts the locally installed server over stdio (no network); outside this
 * repository, `parseUpstream("mem=npx -y @modelcontextprotocol/server-memory")` does the same.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ExecuteResult, ScriptedTool } from "../src/index.js";
import { connectUpstream } from "../src/mcp/client.js";

const MEMORY_SERVER = fileURLToPath(
  new URL("../node_modules/@modelcontextprotocol/server-memory/dist/index.js", import.meta.url),
);

export const script = `mem.create_entities --entities '[
  {"name": "Ada Lovelace", "entityType": "person", "observations": ["wrote the first program"]},
  {"name": "Analytical Engine", "entityType": "machine", "observations": ["designed by Babbage"]}
]' > /dev/null
mem.create_relations --relations '[{"from": "Ada Lovelace", "to": "Analytical Engine", "relationType": "programmed"}]' > /dev/null
mem.add_observations --observations '[{"entityName": "Ada Lovelace", "contents": ["born 1815"]}]' > /dev/null
mem.read_graph | jq -r '.relations[] | "\\(.from) \\(.relationType) the \\(.to)"'
mem.open_nodes --names "Ada Lovelace" | jq -r '.entities[0].observations | join("; ")'`;

export const expectedStdout =
  "Ada Lovelace programmed the Analytical Engine\nwrote the first program; born 1815\n";

/** Imports the memory server's tools, runs the script, and returns its result (the graph lives in a temp dir). */
export async function main(print = true): Promise<ExecuteResult> {
  const dir = mkdtempSync(join(tmpdir(), "toolshell-mcp-proxy-"));
  const api = new ScriptedTool({ name: "memory", description: "A knowledge graph" });
  const mem = await connectUpstream(api, {
    name: "mem",
    command: process.execPath,
    args: [MEMORY_SERVER],
    env: { MEMORY_FILE_PATH: join(dir, "memory.jsonl") },
  });
  try {
    if (print) console.log(`Imported ${mem.tools.length} commands: ${mem.tools.join(", ")}\n\n${script}\n`);
    const result = await api.execute(script);
    if (print) {
      console.log(
        `--- stdout ---\n${result.stdout}--- stderr ---\n${result.stderr}--- exit ${result.exitCode}`,
      );
      for (const entry of result.trace)
        console.log(`  ${entry.name} -> ${entry.exitCode} (${entry.durationMs} ms)`);
    }
    if (result.stdout !== expectedStdout || result.exitCode !== 0) {
      throw new Error(`unexpected result: ${JSON.stringify(result)}`);
    }
    return result;
  } finally {
    await mem.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
