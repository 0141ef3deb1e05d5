/**
 * The streamable HTTP server's sessions: a global cap and a per-tenant cap, each made room for by closing the
 * least recently used idle session of the tenant that holds the most, so no tenant can take every slot.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

interface Session {
  server: Server;
  transport: StreamableHTTPServerTransport;
  /** The tenant that opened the session; later requests must be the same tenant's. */
  owner: string | undefined;
  /** Requests open, standing GET streams included (the idle sweep waits for none). */
  open: number;
  /** Requests in flight other than standing GET streams: a session with none is idle and may be evicted. */
  busy: number;
  lastActive: number;
  /** When the session was last used, in a sequence of its own (Date.now() ties within a millisecond). */
  lastUse: number;
}

/**
 * TM-ISO-002: sessions used to be one shared pool, so one authenticated tenant could open `maxSessions` of them
 * and every other tenant got 503. Now a tenant at its own cap makes room by closing its own least recently used
 * idle session, and a full server by closing one of the tenant that holds the most.
 */
export class SessionPool {
  readonly sessions: Map<string, Session> = new Map();
  /** Initializes under way per tenant: their sessions do not exist yet but hold a slot. */
  private readonly opening = new Map<string | undefined, number>();
  private openingTotal = 0;
  private uses = 0;

  constructor(
    private readonly maxSessions: number,
    private readonly perTenant: number,
  ) {}

  /**
   * Holds a slot for a new session of `owner` when there is room, or an idle session to close for it; returns
   * why not (answer 503) or undefined. Nothing is closed yet: only an initialize the SDK accepts opens a session
   * (add()), so a request that is not one cannot evict anyone. Give the slot back with release().
   */
  reserve(owner: string | undefined): string | undefined {
    if (this.held(owner) >= this.perTenant && !this.idlest(owner)) {
      return `Too many open sessions for this tenant (at most ${this.perTenant}, none idle); end one with DELETE or retry when one has no request in flight`;
    }
    if (this.sessions.size + this.openingTotal >= this.maxSessions && !this.idlest(this.largestOwner())) {
      return "Too many open sessions; retry later";
    }
    this.opening.set(owner, (this.opening.get(owner) ?? 0) + 1);
    this.openingTotal++;
    return undefined;
  }

  release(owner: string | undefined): void {
    this.opening.set(owner, (this.opening.get(owner) ?? 1) - 1);
    this.openingTotal--;
  }

  /** Opens a session (its initialize was accepted), closing idle sessions past the caps to make room. */
  add(sessionId: string, session: Omit<Session, "open" | "busy" | "lastActive" | "lastUse">): Session {
    const added: Session = { ...session, open: 0, busy: 0, lastActive: Date.now(), lastUse: ++this.uses };
    const { owner } = session;
    if (this.held(owner) >= this.perTenant) this.close(this.idlest(owner));
    if (this.sessions.size + this.openingTotal >= this.maxSessions)
      this.close(this.idlest(this.largestOwner()));
    this.sessions.set(sessionId, added);
    return added;
  }

  /** Counts a request against its session until its response closes. */
  track(session: Session, request: IncomingMessage, response: ServerResponse): void {
    const busy = request.method !== "GET";
    session.open++;
    if (busy) session.busy++;
    session.lastUse = ++this.uses;
    response.once("close", () => {
      session.open--;
      if (busy) session.busy--;
      session.lastActive = Date.now();
      session.lastUse = ++this.uses;
    });
  }

  private held(owner: string | undefined): number {
    let count = this.opening.get(owner) ?? 0;
    for (const session of this.sessions.values()) if (session.owner === owner) count++;
    return count;
  }

  private largestOwner(): string | undefined {
    const counts = new Map<string | undefined, number>();
    let largest: string | undefined;
    let most = 0;
    for (const { owner } of this.sessions.values()) {
      const count = (counts.get(owner) ?? 0) + 1;
      counts.set(owner, count);
      if (count > most) [largest, most] = [owner, count];
    }
    return largest;
  }

  /** `owner`'s least recently used session with no request in flight. */
  private idlest(owner: string | undefined): [string, Session] | undefined {
    let oldest: [string, Session] | undefined;
    for (const entry of this.sessions) {
      const session = entry[1];
      if (session.owner !== owner || session.busy > 0) continue;
      if (!oldest || session.lastUse < oldest[1].lastUse) oldest = entry;
    }
    return oldest;
  }

  private close(entry: [string, Session] | undefined): void {
    if (!entry) return;
    this.sessions.delete(entry[0]);
    entry[1].server.close().catch(() => {});
  }
}
