/**
 * The discovery pair every adapter offers (issue 17, part 5): the script tool, and `<name>_discover` beside it, a
 * read-only tool that lists, searches and explains the commands (see `api.toolset({ discovery: true })`).
 */
import type { DiscoverAnswer } from "../../builtins/discover-answer.js";
import { discoverToolName, discoveryPointer, type ToolsetDefinition } from "../options.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { providerToolName } from "./names.js";

/** The option every adapter's plural export takes. */
export interface DiscoveryOptions {
  /** Also export `<name>_discover`, a read-only tool that lists, searches and explains the commands. */
  discovery?: boolean;
}

/**
 * The discover tool's name beside a script tool exported as `scriptName`: `<scriptName>_discover`, made to fit the
 * providers' rule (a name past 64 characters keeps a fingerprint, as providerToolName does), so it never throws.
 */
export function exportedDiscoverName(scriptName: string): string {
  return providerToolName(discoverToolName(scriptName));
}

/**
 * The script tool's and (with discovery) the discover tool's definitions as exported under `scriptName`: the
 * toolset's, renamed; a given `description` replaces the script tool's, and in discovery mode the script tool's
 * description (the host's own too) ends with a pointer to the discover tool under its exported name.
 */
export function exportedToolset(
  api: ScriptedTool,
  scriptName: string,
  options: DiscoveryOptions & { description?: string },
): ToolsetDefinition[] {
  const [script, discover] = api.toolset({ discovery: options.discovery === true });
  if (!script) return [];
  if (!discover)
    return [{ ...script, name: scriptName, description: options.description ?? script.description }];
  const name = exportedDiscoverName(scriptName);
  const pointer = discoveryPointer(name);
  return [
    {
      ...script,
      name: scriptName,
      description: `${options.description ?? api.definition().description} ${pointer}`,
    },
    { ...discover, name, description: discover.description.replace(`\`${api.name}\``, `\`${scriptName}\``) },
  ];
}

/** The discover tool's answer to a model's (parsed) arguments, named as exported. */
export function discoverAnswer(api: ScriptedTool, exportedName: string, input: unknown): DiscoverAnswer {
  const answer = api.discover(input ?? {});
  if (!answer.isError) return answer;
  return { ...answer, text: answer.text.replace(`${discoverToolName(api.name)}: `, `${exportedName}: `) };
}
