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

/** The longest property name (a flag `help` and the prompt show) an upstream tool's schema may have. */
export const MAX_UPSTREAM_PROPERTY_NAME = 128;

/** The longest string an upstream schema may show as data (`enum`, `const`, `default`, `examples`). */
export const MAX_UPSTREAM_SHOWN_VALUE = 1_024;
