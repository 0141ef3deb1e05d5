/**
 * The jq worker's code (jq/worker-entry.js and its driver, as one CommonJS script) and jq's wasm, each gzipped and
 * in base64: undefined here, filled in by the build (scripts/embed.mjs) in dist/. Read only inside a bundle
 * (decision 0047).
 */
export const JQ_WORKER: string | undefined = undefined;
export const JQ_WASM: string | undefined = undefined;
