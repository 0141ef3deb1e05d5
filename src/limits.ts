/**
 * Every bound a script, a client or a third-party peer can hit, named and commented, easy to audit and to quote in
 * messages; in sections along a call's way (run, shell, tool calls, trace, workers, scratch, jq, bc, schemas,
 * third-party listings, MCP server, MCP client, provider adapters). A leaf module: it imports nothing.
 */

// ---------------------------------------------------------------------------------------------------------------
// The run: how long it may take and what it returns.

/** Default wall time of one run. */
export const DEFAULT_TIMEOUT_MS: number = 30_000;

/** The longest a run may be given, whatever the caller asks. */
export const MAX_TIMEOUT_MS: number = 10 * 60_000;

/** How long past its deadline a run that does not stop by itself may take before its worker is terminated. */
export const KILL_GRACE_MS: number = 200;

/**
 * TM-DOS-004: how much longer than its timeoutMs a run may take while new shell workers start for it (the pool's
 * first, or one replacing a worker that was terminated, ran out of memory or retired), at most this much in all:
 * the deadline keeps running, and only the time a start actually took, up to this, is added. A start takes
 * 0.2-0.4 s from dist on a busy 2-core machine (~1-1.4 s under tsx).
 */
export const COLD_START_GRACE_MS: number = 2_000;

/** Bytes of stdout (and, separately, of stderr) a run returns before cutting with a marker. */
export const DEFAULT_MAX_OUTPUT_BYTES: number = 1024 * 1024;

/**
 * A script shorter than this is checked for being one lone tool call (answered without the interpreter, decision
 * 0009); a longer one is never a lone call worth the check and runs in the shell, under the shell's own limits.
 */
export const MAX_LONE_CALL_CHARS: number = 8 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// The shell (just-bash) and its own commands: loops, lists, pipes and background jobs.

/**
 * Iterations of one bash loop (just-bash also caps `seq`'s lines and xargs' runs with it). A backstop, not the
 * bound: the deadline ends a loop at its next iteration (TM-LIM-002), so ordinary data work (a loop over
 * `$(seq 1 100000)`, ~1.6 s here) fits; 10,000 broke `seq 1 100000`.
 */
export const DEFAULT_MAX_LOOP_ITERATIONS: number = 1_000_000;

/** Commands one run may execute in all; a backstop like the loop cap (a million commands take ~30 s here). */
export const DEFAULT_MAX_COMMANDS: number = 1_000_000;

/** Words of one list, elements of one array, lines seq, grep or xargs produce (just-bash's maxArrayElements). */
export const MAX_SHELL_LIST_ITEMS: number = 1_000_000;

/**
 * Words one brace range (`{1..N}`) may stand for: just-bash's own fixed cap, past which it drops the rest without
 * a word, so the script guard refuses a longer range and points to `seq` (TM-LIM-002).
 */
export const MAX_BRACE_RANGE_WORDS: number = 10_000;

/** just-bash's work units per run (array assignments, mapfile, brace expansion): ten full lists' worth. */
export const MAX_SHELL_WORK_UNITS: number = 10 * MAX_SHELL_LIST_ITEMS;

/**
 * Records and loop iterations of one awk program (just-bash counts both against one cap), as many as the lines a
 * generator may produce (`seq 1 1000000 | awk 'END { print NR }'`). awk's loops do not look at the deadline: in a
 * worker the deadline's hard kill bounds them; inline, a million records hold the caller's thread ~1-4 s here, as
 * any CPU-bound command does there (TM-LIM-002).
 */
export const MAX_AWK_ITERATIONS: number = 1_000_000;

/**
 * Loop iterations (branches) of one sed script; sed reads any number of lines (~25 us a line here: a million take
 * ~25 s, so the deadline bounds them in a worker).
 */
export const MAX_SED_ITERATIONS: number = 100_000;

/** Bytes one command may pass down a pipe (jq's output cap); pipes are never cut to the model-facing budget. */
export const MAX_PIPE_BYTES: number = 16 * 1024 * 1024;

/** Background jobs (`cmd &`) one run may start; past it `&` fails with exit 1 ("too many background jobs"). */
export const MAX_JOBS: number = 1_000;

/** Jobs `parallel` runs at once unless `-j` says otherwise (the run's own cap on tool calls still applies). */
export const DEFAULT_PARALLEL_JOBS: number = 8;

/** Inputs one `parallel` takes; past it `parallel` runs nothing and exits 2 ("more than 10000 inputs"). */
export const MAX_PARALLEL_INPUTS: number = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// Tool calls: the flags and params of one call, how many calls a run makes, and what they return.

/** Maximum total size, in UTF-8 bytes, of all argv tokens of one command invocation. */
export const MAX_FLAG_BYTES: number = 64 * 1024;

/** Maximum number of items a single array-valued flag may hold (comma-split, repeated or JSON). */
export const MAX_ARRAY_ITEMS: number = 4096;

/**
 * Levels of arrays and objects one param value may nest (a flag's value, a key of params piped in as JSON or given
 * to `api.call()`); the params object itself is not counted. Real params nest a handful of levels; structured
 * clone, JSON.stringify and schema validation recurse per level and overflow a worker's stack a few thousand deep.
 */
export const MAX_JSON_DEPTH: number = 64;

/** UTF-8 bytes of JSON a call's params may take (host calls and params piped into a command alike). */
export const MAX_PARAMS_BYTES: number = 1024 * 1024;

/** Characters of a tool's name (letters, digits, `_`, `-`, `.`): a longer one is refused at registration. */
export const MAX_TOOL_NAME_CHARS: number = 128;

/** Tool calls one run may make. */
export const DEFAULT_MAX_TOOL_CALLS: number = 1_000;

/** Tool calls one run may have in flight at once (parallel, xargs -P). */
export const DEFAULT_MAX_CONCURRENCY: number = 8;

/** Bytes one tool call may return to the shell; past it the head and tail are kept around a marker. */
export const MAX_TOOL_OUTPUT_BYTES: number = 16 * 1024 * 1024;

/** Default bytes of tool output one run keeps for `out` (oldest calls are dropped past it). */
export const MAX_KEPT_OUTPUT_BYTES: number = 32 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// The trace a run returns.

/** Trace entries kept per run; the rest are counted. */
export const MAX_TRACE_ENTRIES: number = 1_000;

/** UTF-8 bytes a trace entry keeps of its argv, and separately of its params' JSON; the rest is cut (TM-MEM-003). */
export const MAX_TRACE_ARGS_BYTES: number = 4 * 1024;

/** UTF-8 bytes of argv and params one run's trace keeps in all; later entries keep no argv or params. */
export const MAX_TRACE_BYTES: number = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Shell workers: the queue for a free one, and each one's heap.

/**
 * Runs of one caller (a ScriptedTool, and the run's tenant when it has one) that may wait for a free shell worker;
 * past it a run ends at once, busy (exit 75) (TM-DOS-004).
 */
export const MAX_WAITING_RUNS_PER_CALLER: number = 256;

/** Runs of all callers that may wait for a free worker of one pool; past it a run ends at once, busy (exit 75). */
export const MAX_WAITING_RUNS: number = 4_096;

/** Exit code of a run that never started because too many runs already wait for a worker: "try again later". */
export const EXIT_BUSY: number = 75;

/** Heap of one shell worker, in MiB. */
export const DEFAULT_WORKER_MEMORY_MB: number = 256;

/** The smallest `workerMemoryMb` accepted: a worker needs this much heap to load the shell at all (it fails to start below ~16 MiB). */
export const MIN_WORKER_MEMORY_MB: number = 32;

/** Tool catalogs (one per ScriptedTool) a shell worker keeps compiled; past it the least recently used goes. */
export const WORKER_KEPT_CATALOGS: number = 16;

/** Workers in a row that may die before they are ready; then the run fails instead of waiting for another. */
export const MAX_FAILED_STARTS: number = 3;

/**
 * TM-MEM-005: V8's own heap limit for a shell worker sits this far above its memory cap, which the worker
 * enforces itself between commands. V8 lets one young allocation of any size through (the 300 MB string of a
 * `"$x$x..."` word before its length check), and a full GC that then finds more than its limit + 16 MiB live
 * aborts the whole process instead of ending the worker. V8's biggest single object is ~1 GiB (a two-byte
 * string at its length limit, 2^29 characters): a 576 MiB headroom still let a 1 GB word abort 1 host in 4.
 */
export const WORKER_HEAP_HEADROOM_MB: number = 1088;

/** After a run, a shell worker whose heap stays above this share of its cap (after a full GC) is replaced. */
export const WORKER_RETIRE_HEAP_SHARE: number = 0.5;

// ---------------------------------------------------------------------------------------------------------------
// The opt-in scratch space (TM-FS-002).

/** Bytes the opt-in scratch space (`scratch: true`) holds by default: every file in it together (TM-FS-002). */
export const DEFAULT_SCRATCH_BYTES: number = 16 * 1024 * 1024;

/** Files and directories the scratch space holds at once, so empty files cannot fill the heap (TM-FS-002). */
export const MAX_SCRATCH_ENTRIES: number = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// The shell's jq command and its wasm driver.

/**
 * Default cap on what one jq call emits on stdout, counted as jq writes it (not what a pipe after it keeps): past it
 * the output is cut there, jq is stopped at once and exits 5 (`jq: error: output exceeds 16 MiB ...`).
 */
export const JQ_DEFAULT_MAX_OUTPUT_BYTES: number = 16 * 2 ** 20;

/**
 * JavaScript heap of the jq worker, in MiB. jq's data lives in its wasm memory (capped by maxMemoryBytes) and its
 * output in buffers outside this heap; the cap catches anything else that would grow with jq's output.
 */
export const JQ_WORKER_HEAP_MB: number = 64;

/** Default time a jq call may run when neither a deadline nor the shell's remaining time says otherwise. */
export const JQ_DEFAULT_TIMEOUT_MS: number = 30_000;

/** Exit status when the call's deadline passed (as timeout(1)). */
export const JQ_EXIT_TIMEOUT: number = 124;

/** Exit status when the call was aborted (as after SIGINT). */
export const JQ_EXIT_ABORTED: number = 130;

/**
 * The jq driver's bounds (src/jq/driver.ts, JqDriverConfig): its wasm memory, when an instance is replaced, its C
 * stack and guard, and what it reads and keeps.
 */
export const JQ_DRIVER_LIMITS: {
  readonly maxMemoryBytes: number;
  readonly recycleMemoryBytes: number;
  readonly recycleAfterCalls: number;
  readonly stackSizeBytes: number;
  readonly stackGuardBytes: number;
  readonly maxStderrBytes: number;
  readonly maxArgvBytes: number;
  readonly maxStrptimeBytes: number;
} = {
  // The wasm declares a 256 MiB maximum memory; stay a little under it so malloc fails cleanly.
  maxMemoryBytes: 256 * 2 ** 20 - 64 * 2 ** 10,
  recycleMemoryBytes: 64 * 2 ** 20,
  recycleAfterCalls: 1000,
  // jq-wasm 3.0.0-jq-1.8.2 is linked with a 1 MiB C stack right below the initial stack pointer.
  stackSizeBytes: 2 ** 20,
  stackGuardBytes: 64 * 2 ** 10,
  maxStderrBytes: 2 ** 20,
  maxArgvBytes: 256 * 2 ** 10,
  // TM-MEM-002: a date string is a few dozen bytes; what strptime decodes lands in the worker's 64 MiB heap.
  maxStrptimeBytes: 4 * 2 ** 10,
};

// ---------------------------------------------------------------------------------------------------------------
// The shell's `bc` (TM-BC-001): a hostile program must not hang the run or exhaust the heap.

/** Decimal digits one number may hold (integer and fraction together); past it the program stops. */
export const MAX_BC_DIGITS: number = 100_000;

/** The largest `scale` a program may set: each division computes that many digits. */
export const MAX_BC_SCALE: number = 10_000;

/** Statements and loop turns one program may execute before it is stopped. */
export const MAX_BC_STEPS: number = 5_000_000;

/** Function calls nested at once (recursion depth). */
export const MAX_BC_CALL_DEPTH: number = 1_000;

/** Bytes of program text `bc` reads from stdin. */
export const MAX_BC_PROGRAM_BYTES: number = 1_048_576;

/** Steps between two looks at the run's deadline and stop signal. */
export const BC_CLOCK_EVERY: number = 1_024;

/** Decimals the math library (`bc -l`) works at, guard digits included. */
export const MAX_BC_MATH_PRECISION: number = 3_000;

// ---------------------------------------------------------------------------------------------------------------
// JSON Schemas (a tool's own, or a third party's): what a hostile schema or value can make the host do.

/**
 * Steps of pattern matching one validation may spend: a character tested costs the pattern's program size (re2js's
 * NFA steps every live instruction for each character). Measured at 45-100 ns a step on this project's 2-core
 * machine (up to ~190 ns under load, on 2,000-instruction programs), so one check holds the caller's thread for
 * about 50 ms at most: `^[a-z]+$` (6 instructions) checks 83,333 characters, zod's `ipv6()` (697) 717. Past it the
 * value fails with a `pattern_budget` issue (decision 0018).
 */
export const MAX_PATTERN_STEPS: number = 500_000;

/**
 * Instructions a pattern's program may have (zod's largest string formats, `ipv6()` and `cidrv6()`, have 697 and
 * 710; `^.{1,255}$` 513). Past it the tool is refused at registration: such a pattern could check under 500
 * characters per call, and its compiled queues and DFA grow with it.
 */
export const MAX_PATTERN_PROGRAM_SIZE: number = 1_000;

/**
 * Characters of pattern text RE2 is given; past it the tool is refused at registration, before the pattern is
 * parsed. re2js's compile time grows faster than the text (a 4,096-character literal: 54 ms; 16,384: 2 s), and it
 * runs on the host's thread when an upstream lists its tools.
 */
export const MAX_PATTERN_SOURCE_CHARS: number = 1_024;

/**
 * Levels of subschemas one schema may nest (ajv compiles recursively; a peer can nest without end); a deeper
 * schema is refused as `invalid_schema` ("nested too deeply").
 */
export const MAX_SCHEMA_DEPTH: number = 200;

/**
 * Subschemas one resolution of a schema's effective type (for flags, `help` and the prompt) visits; past it the
 * rest reads as unconstrained, so a pathological schema (a wide `$ref` fan-out) costs bounded work.
 */
export const MAX_SCHEMA_RESOLVE_VISITS: number = 2000;

// ---------------------------------------------------------------------------------------------------------------
// Tool listings written by a third party (an upstream MCP server, `descriptionTrust: "untrusted"`; TM-INJ-001):
// cut once, at registration, to what the prompt, `help` and `discover` show.

/** A third-party tool description's longest length once cleaned (the prompt, `help` and `discover` show it). */
export const MAX_UNTRUSTED_DESCRIPTION: number = 1024;

/** The longest `description`, `title` or `$comment` inside a third-party schema (flag descriptions, mostly). */
export const MAX_UNTRUSTED_SCHEMA_TEXT: number = 512;

/** The longest property name (a flag `help` and the prompt show) a third-party schema may have. */
export const MAX_UNTRUSTED_PROPERTY_NAME: number = 128;

/** The longest string a third-party schema may hold as data (`enum`, `const`, `default`, `examples`, ...). */
export const MAX_UNTRUSTED_SHOWN_VALUE: number = 1_024;

// ---------------------------------------------------------------------------------------------------------------
// The MCP server (src/mcp/server-*.ts): its sessions, request bodies and progress notifications.

/**
 * Sessions the HTTP server holds at once (the `maxSessions` option's default); past it an initialize closes an idle
 * session of a tenant holding more than its share, or is answered 503 (TM-ISO-002).
 */
export const DEFAULT_MAX_MCP_SESSIONS: number = 100;

/**
 * With authentication, one tenant may hold 1/this of maxSessions by default (`maxSessionsPerTenant`); past it the
 * tenant's own least recently used idle session is closed, or the initialize is answered 503 (TM-ISO-002).
 */
export const DEFAULT_MCP_TENANT_SHARE: number = 4;

/** How long an HTTP session may go without a request (`sessionIdleMs`'s default); past it the session is closed. */
export const DEFAULT_MCP_SESSION_IDLE_MS: number = 30 * 60_000;

/**
 * Bytes of one request body the HTTP server reads, as the SDK's transport does by default; a longer body is drained
 * unread and answered 413 Payload Too Large.
 */
export const MAX_MCP_BODY_BYTES: number = 4 * 1024 * 1024;

/** How often a running script's progress is sent to a client that asked for it (`progressIntervalMs`'s default). */
export const DEFAULT_PROGRESS_INTERVAL_MS: number = 1_000;

/**
 * The shortest `progressIntervalMs` other than 0 (off), so a run cannot flood its client with notifications; a
 * shorter one is refused as `invalid_option` when the server is made.
 */
export const MIN_PROGRESS_INTERVAL_MS: number = 50;

// ---------------------------------------------------------------------------------------------------------------
// The MCP client (src/mcp/client*.ts): what an upstream server may list and answer (TM-DOS-005).

/**
 * Tools one upstream may have imported (after `filter`); the `maxTools` option's default. TM-DOS-005: a listing
 * past it is refused as a whole (the previous commands stay), so a hostile upstream cannot make the host compile
 * and hold validators for as many tools as it likes.
 */
export const MAX_UPSTREAM_TOOLS: number = 1_000;

/**
 * Registering a listing yields to the event loop after this many ms of work, so compiling thousands of
 * validators on `notifications/tools/list_changed` never holds the host's thread for long (TM-DOS-005).
 */
export const IMPORT_SLICE_MS: number = 10;

/**
 * TM-DOS-005: the most subschemas one upstream tool's inputSchema and outputSchema may have together. Compiling
 * a tool's validators is one synchronous step (~0.1-0.3 ms a subschema), so this bounds the longest stall one
 * tool can cause; a tool with more is skipped, `skipped` saying so.
 */
export const MAX_UPSTREAM_SUBSCHEMAS: number = 256;

/**
 * TM-DOS-005: the most JSON one upstream tool's inputSchema (or outputSchema) may take, in characters; a tool with
 * a longer one is skipped, `skipped` saying so.
 */
export const MAX_UPSTREAM_SCHEMA_CHARS: number = 128 * 1024;

/**
 * How long connecting to an upstream, and each tools/list request, may take (`connectTimeoutMs`'s default); past
 * it the connection or the refresh fails as `upstream_failed`.
 */
export const DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS: number = 30_000;

/** Pages of one tools/list an upstream may answer; past it the listing fails as `upstream_failed`, nothing kept. */
export const MAX_UPSTREAM_LIST_PAGES: number = 1_000;

/**
 * Characters of the command an upstream tool becomes (`namespace.tool`, assertToolName's limit); a tool whose name
 * makes a longer one is skipped, `skipped` saying so.
 */
export const MAX_UPSTREAM_COMMAND_CHARS: number = 128;

/**
 * Characters of an upstream's error message quoted in ours (joined on one line); the rest is cut to `...`, so a
 * peer cannot fill an error, and the model's context, with its own text.
 */
export const MAX_QUOTED_UPSTREAM_MESSAGE: number = 200;

// ---------------------------------------------------------------------------------------------------------------
// Tool processes (src/process): what a tool process may send and how it is kept running (TM-PROC-001).

/** The largest frame a tool process may send, in bytes of JSON: a longer one is a fault, read no further. */
export const MAX_TOOL_PROCESS_FRAME_BYTES: number = 16 * 1024 * 1024;

/** Bytes of a tool process's stderr kept (its last ones), quoted when it fails. */
export const TOOL_PROCESS_STDERR_TAIL_BYTES: number = 2048;

/** How long a tool process has to answer ToolHello with ToolRegister (the `connectTimeoutMs` default). */
export const DEFAULT_TOOL_PROCESS_CONNECT_TIMEOUT_MS: number = 10_000;

/**
 * Restarts of a failed tool process in a row (with no call answered between them) before its commands answer
 * "unavailable" (for TOOL_PROCESS_RETRY_AFTER_MS); each waits twice as long as the one before, from TOOL_PROCESS_RESTART_DELAY_MS up to
 * MAX_TOOL_PROCESS_RESTART_DELAY_MS.
 */
export const MAX_TOOL_PROCESS_RESTARTS: number = 5;
export const TOOL_PROCESS_RESTART_DELAY_MS: number = 100;
export const MAX_TOOL_PROCESS_RESTART_DELAY_MS: number = 5_000;
/** How long a tool process stays "unavailable" before a call may try to start it once more. */
export const TOOL_PROCESS_RETRY_AFTER_MS: number = 60_000;

/** How long a closing tool process has to exit after its stdin ends, before it is killed. */
export const TOOL_PROCESS_CLOSE_GRACE_MS: number = 2_000;

// ---------------------------------------------------------------------------------------------------------------
// The provider adapters (src/adapters): the tool names sent to a model provider's API.

/**
 * Characters of a tool name sent to a provider (the OpenAI and Anthropic function-name rule, `{1,64}`); a longer
 * name is cut and ends with a fingerprint of the whole, so cut names stay apart.
 */
export const MAX_PROVIDER_TOOL_NAME_CHARS: number = 64;
