// The jq CLI table: real-world invocations with the jq 1.8.2 CLI's exact output and exit status.

import { JQ_CASES_1 } from "./cli-cases-1.js";
import { JQ_CASES_2 } from "./cli-cases-2.js";
import { JQ_CASES_3 } from "./cli-cases-3.js";

/** [argv, stdin, stdout, stderr, exit code] */
export type JqCase = [string[], string, string, string, number];

export const JQ_CASES: JqCase[] = [...JQ_CASES_1, ...JQ_CASES_2, ...JQ_CASES_3];

/** Quotes one word for the shell. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}
