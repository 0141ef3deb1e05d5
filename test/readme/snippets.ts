/** Reading README.md's sections and code blocks, for the tests that run its snippets as written. */
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);

/** Where each package specifier a snippet imports lives in this checkout. */
const SPECIFIERS: Record<string, string> = {
  toolshell: "src/index.ts",
  "toolshell/mcp": "src/mcp/index.ts",
  "toolshell/ai": "src/adapters/ai.ts",
  "toolshell/openai": "src/adapters/openai.ts",
  "toolshell/anthropic": "src/adapters/anthropic.ts",
  "toolshell/process": "src/process/index.ts",
  "toolshell/langchain": "src/adapters/langchain.ts",
  "toolshell/redis": "src/redis/index.ts",
};

/** The README's section under `heading` (a whole `## ...` line), up to the next `## ` heading. */
export function readmeSection(heading: string): string {
  const text = readFileSync(new URL("README.md", root), "utf8");
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no "${heading}" section in README.md`);
  const end = text.indexOf("\n## ", start + heading.length + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The bodies of the section's fenced blocks in `language`, in order. */
export function codeBlocks(section: string, language = "ts"): string[] {
  return [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map(
    (match) => match[1] ?? "",
  );
}

/** Points a snippet's `from "toolshell..."` imports at this checkout's sources. */
export function localImports(code: string): string {
  return code.replace(/from "(toolshell(?:\/\w+)?)"/g, (whole, specifier: string) => {
    const target = SPECIFIERS[specifier];
    return target
      ? `from ${JSON.stringify(pathToFileURL(fileURLToPath(new URL(target, root))).href)}`
      : whole;
  });
}

/** Replaces `from` in `code`, failing when it is not there: the README changed and the test must follow. */
export function rewrite(code: string, from: string | RegExp, to: string): string {
  const changed = code.replace(from, to);
  if (changed === code) throw new Error(`README snippet no longer contains ${String(from)}:\n${code}`);
  return changed;
}
