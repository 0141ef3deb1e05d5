/**
 * The shell worker's code (script/thread.js and all it imports, as one CommonJS script), gzipped and in base64:
 * undefined here, filled in by the build (scripts/embed.mjs) in dist/. Read only inside a bundle (decision 0047).
 */
export const SHELL_THREAD: string | undefined = undefined;
