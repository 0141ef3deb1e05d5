import type { ScriptToolDefinition } from "../options.js";
import type { ScriptedTool } from "../scripted-tool.js";

/** What `toolshell prompt` shows: the system prompt and the script tool's definition. */
export interface PromptParts {
  systemPrompt: string;
  definition: ScriptToolDefinition;
}

/**
 * The system prompt (compact: names and one-liners only, whatever the tool's own `compactPrompt` says) and the
 * tool definition of `api`.
 */
export function promptParts(api: ScriptedTool, compact: boolean): PromptParts {
  const systemPrompt = compact ? api.systemPrompt({ level: "compact" }) : api.systemPrompt();
  return { systemPrompt, definition: api.definition() };
}

/**
 * `toolshell prompt`'s output: the system prompt as markdown, then the tool definition as JSON under a
 * `--- tool definition (JSON) ---` line.
 */
export function promptText(parts: PromptParts): string {
  const prompt = parts.systemPrompt.endsWith("\n") ? parts.systemPrompt : `${parts.systemPrompt}\n`;
  return `${prompt}\n--- tool definition (JSON) ---\n${JSON.stringify(parts.definition, null, 2)}\n`;
}
