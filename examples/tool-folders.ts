/**
 * Tool folders: each subfolder of examples/tool-folders is a package, a module (weather/tool.mjs) or a tool
 * process (calc/toolshell.json, which starts examples/tool-process.py with python3). Run with
 * `npx tsx examples/tool-folders.ts`, or from the CLI:
 *
 *   npx toolshell run --tools-dir examples/tool-folders 'calc.add --a 2 --b 3 | jq .sum'
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { ScriptedTool } from "../src/index.js";
import { loadToolFolders } from "../src/process/index.js";

const FOLDER = fileURLToPath(new URL("./tool-folders/", import.meta.url));

export async function main(log: (text: string) => void = (text) => process.stdout.write(text)) {
  const api = new ScriptedTool({ name: "folders" });
  try {
    const loaded = await loadToolFolders(api, [FOLDER], { grantScopes: [] });
    log(`packages: ${loaded.packages.join(", ")}\ntools: ${loaded.tools.join(", ")}\n`);
    const result = await api.execute(
      'echo "$(weather.now --city paris | jq -r .celsius) C in Paris"; calc.add --a 18 --b 4 | jq .sum',
    );
    log(result.stdout + result.stderr);
    return { ...loaded, stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
  } finally {
    await api.close(); // stops the calc tool process
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
