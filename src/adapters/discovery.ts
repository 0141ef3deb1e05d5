/**
 * The discovery pair every adapter offers (issue 17, part 5): the script tool, and `<name>_discover` beside it, a
 * read-only tool that lists, searches and explains the commands (see `api.toolset({ discovery: true })`).
 */
import type { DiscoverAnswer } from "../../builtins/discover-answer.js";
import { discoverToolName, type ToolsetDefinition } from "../options.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { exportedToolName } from "./names.js";

/** The option every adapter's plural export takes. */
export interface DiscoveryOptions {
  /** Also export `<name>_discover`, a read-only tool that lists, searches and explains the commands. */
  discovery?: boolean;
}

/** The discover tool's name beside a script tool exported as `scriptName`, checked against the providers' rule. */
export function exportedDiscoverName(scriptName: string): string {
  return exportedToolName(scriptName, discoverToolName(scriptName));
}

/**
 * The script tool's and (with discovery) the discover tool's definitions as exported under `scriptName`: the
 * toolset's, renamed; a given `description` replaces the script tool's.
 */
export function exportedToolset(
  api: ScriptedTool,
  scriptName: string,
  options: DiscoveryOptions & { description?: string },
): ToolsetDefinition[] {
  const [script, discover] = api.toolset({ discovery: options.discovery === true });
  const definitions: ToolsetDefinition[] = [];
  if (script)
    definitions.push({ ...script, name: scriptName, description: options.description ?? script.description });
  if (discover) {
    const name = exportedDiscoverName(scriptName);
    definitions.push({
      ...discover,
      name,
      description: discover.description.replace(`\`${api.name}\``, `\`${scriptName}\``),
    });
  }
  return definitions;
}

/** The discover tool's answer to a model's (parsed) arguments, named as exported. */
export function discoverAnswer(api: ScriptedTool, exportedName: string, input: unknown): DiscoverAnswer {
  const answer = api.discover(input ?? {});
  if (!answer.isError) return answer;
  return { ...answer, text: answer.text.replace(`${discoverToolName(api.name)}: `, `${exportedName}: `) };
}
