/**
 * What is attached to a ScriptedTool and ends with its `close()`: the upstream MCP connections `connectUpstream`
 * made for it (a stdio child or an HTTP session keeps the process alive until it is closed). Kept outside the
 * ScriptedTool so that `toolshell/mcp` adds to it without a public method for it.
 */
const attached = new WeakMap<object, Set<() => Promise<void>>>();

/** Closes `close` with `owner`; returns what detaches it (a connection closed on its own). */
export function attach(owner: object, close: () => Promise<void>): () => void {
  let closers = attached.get(owner);
  if (!closers) {
    closers = new Set();
    attached.set(owner, closers);
  }
  closers.add(close);
  return () => closers.delete(close);
}

/** Closes what is attached to `owner`, all at once; what one of them throws is theirs, not the caller's. */
export async function closeAttached(owner: object): Promise<void> {
  const closers = attached.get(owner);
  if (!closers || closers.size === 0) return;
  const all = [...closers];
  closers.clear();
  await Promise.all(all.map((close) => close().catch(() => {})));
}
