/**
 * Output of tools marked `trust: "untrusted"` (web pages, mail, third-party text): a boundary the model can see
 * and a signal for the host. Neither is a defense against prompt injection; see
 * docs/decisions/0007-registry-pipeline.md.
 */

import { randomBytes } from "node:crypto";

/** Bytes of a call's output the injection scan reads (the head; the rest is not scanned). */
export const INJECTION_SCAN_BYTES: number = 1024 * 1024;

/** Phrasings that often mean text is trying to instruct the model, by the flag the trace reports. */
const INJECTION_PATTERNS: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "ignore-previous-instructions",
    /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*(?:previous|prior|above|earlier|preceding|former|system)?\s*(?:instructions|prompts?|rules|directions|guidelines)\b/i,
  ],
  ["you-are-now", /\byou\s+are\s+now\b|\bact\s+as\s+(?:an?\s+)?(?:unrestricted|jailbroken|dan)\b/i],
  ["system-prompt", /\bsystem\s+prompt\b|\bdeveloper\s+(?:message|mode)\b/i],
  [
    "new-instructions",
    /\bnew\s+instructions\b|\bimportant\s+instructions?\s+for\s+(?:the\s+)?(?:ai|assistant|model|agent)\b/i,
  ],
  [
    "role-tag",
    /<\/?\s*(?:system|assistant|user|tool|developer)\s*>|<\|(?:im_start|im_end|system|assistant|user)\|>|\[\/?INST\]|^[ \t]*(?:system|assistant|developer)[ \t]*:/im,
  ],
  [
    "conceal-from-user",
    /\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this\s+)?to|reveal\s+(?:this\s+)?to)\s+the\s+user\b/i,
  ],
  [
    "tool-invocation",
    /\b(?:call|invoke|run|execute)\s+the\s+[\w.-]+\s+tool\b|\bsend\s+(?:an?\s+)?(?:e-?mail|message)\s+to\b/i,
  ],
  ["marker-forgery", /<<\s*(?:end-)?untrusted-output/i],
];

/**
 * Shortens every run of whitespace to at most two characters (a space, a newline, or a space and a newline) in
 * one linear pass, so the patterns' `\s+` can never backtrack over long runs: the text is hostile, and a pattern
 * like `ignore\s+...\s*instructions` over "ignore" and a million spaces is quadratic.
 */
function collapseWhitespace(text: string): string {
  return text.replace(/[^\S\n]+/g, " ").replace(/\n\s*/g, "\n");
}

/** The flags of common prompt-injection phrasing found in `text` (its first INJECTION_SCAN_BYTES), in a fixed order. */
export function scanForInjection(text: string): string[] {
  const head = collapseWhitespace(
    text.length > INJECTION_SCAN_BYTES ? text.slice(0, INJECTION_SCAN_BYTES) : text,
  );
  const flags: string[] = [];
  for (const [flag, pattern] of INJECTION_PATTERNS) if (pattern.test(head)) flags.push(flag);
  return flags;
}

/** A fresh nonce for one run's markers: 96 random bits, base64url. */
export function untrustedNonce(): string {
  return randomBytes(12).toString("base64url");
}

const MARKER_LOOKALIKE = /<(\s*)<(\s*)((?:end-)?untrusted-output)/gi;

/** Breaks any copy of the markers' opening inside the text (`<<untrusted-output` becomes `<_<untrusted-output`). */
export function neutralizeMarkers(text: string): string {
  return text.replace(MARKER_LOOKALIKE, "<$1_<$2$3");
}

/**
 * Delimits text that carries untrusted tool output: `<<untrusted-output nonce=N>>` ... `<<end-untrusted-output
 * nonce=N>>`, with any marker-like text inside neutralized. Empty text stays empty.
 * @example
 * wrapUntrusted("page text\n", "k3J9") // "<<untrusted-output nonce=k3J9>>\npage text\n<<end-untrusted-output nonce=k3J9>>\n"
 */
export function wrapUntrusted(text: string, nonce: string): string {
  if (text === "") return text;
  const body = neutralizeMarkers(text);
  const newline = body.endsWith("\n") ? "" : "\n";
  return `<<untrusted-output nonce=${nonce}>>\n${body}${newline}<<end-untrusted-output nonce=${nonce}>>\n`;
}
