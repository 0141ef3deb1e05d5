/** Limits of the MCP client (importing upstream servers' tools). */

/**
 * Tools one upstream may have imported (after `filter`); the `maxTools` option's default. TM-DOS-005: a listing
 * past it is refused as a whole (the previous commands stay), so a hostile upstream cannot make the host compile
 * and hold validators for as many tools as it likes.
 */
export const MAX_UPSTREAM_TOOLS = 1_000;

/**
 * Registering a listing yields to the event loop after this many ms of work, so compiling thousands of
 * validators on `notifications/tools/list_changed` never holds the host's thread for long (TM-DOS-005).
 */
export const IMPORT_SLICE_MS = 10;

/**
 * TM-DOS-005: the most subschemas one upstream tool's inputSchema and outputSchema may have together. Compiling
 * a tool's validators is one synchronous step (~0.1-0.3 ms a subschema), so this bounds the longest stall one
 * tool can cause; a tool with more is skipped, `skipped` saying so.
 */
export const MAX_UPSTREAM_SUBSCHEMAS = 256;

/** TM-DOS-005: the most JSON one upstream tool's inputSchema (or outputSchema) may take, in characters. */
export const MAX_UPSTREAM_SCHEMA_CHARS: number = 128 * 1024;
