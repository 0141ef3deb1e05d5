/**
 * The streamable HTTP server's sessions: a per-tenant cap, made room for by closing the tenant's own least recently
 * used idle session, and a global cap, made room for fairly across tenants, so no tenant can take every slot.
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
 * idle session, and a full server takes room only from a tenant that would still hold at least as many sessions
 * as the newcomer (docs/decisions/0016).
 */
export class SessionPool {
  readonly sessions: Map<string, Session> = new Map();
  /** Initializes under way per tenant (no zero entries): their sessions do not exist yet but hold a slot. */
  private readonly opening = new Map<string | undefined, number>();
  private uses = 0;

  constructor(
    private readonly maxSessions: number,
    private readonly perTenant: number,
  ) {}

  /**
   * Takes a slot for an initialize of `owner`, closing at once the idle session that makes room for it, so no two
   * initializes count on the same one and the caps hold even at the peak of a burst; returns why not (answer 503)
   * or undefined. Only call it for an initialize. Hand the slot to add() or give it back with release().
   */
  reserve(owner: string | undefined): string | undefined {
    const counts = this.counts();
    const held = counts.get(owner) ?? 0;
    if (held >= this.perTenant) {
      const own = this.idlest(owner);
      if (!own) {
        return `Too many open sessions for this tenant (at most ${this.perTenant}, none idle); end one with DELETE or retry when one has no request in flight`;
      }
      this.close(own);
    } else if (this.sessions.size + this.openingTotal() >= this.maxSessions) {
      const room = this.roomFor(owner, held + 1, counts);
      if (!room) return "Too many open sessions; retry later";
      this.close(room);
    }
    this.opening.set(owner, (this.opening.get(owner) ?? 0) + 1);
    return undefined;
  }

  release(owner: string | undefined): void {
    const left = (this.opening.get(owner) ?? 0) - 1;
    if (left > 0) this.opening.set(owner, left);
    else this.opening.delete(owner);
  }

  /** Opens a session (its initialize was accepted) in the slot reserve() took for it. */
  add(sessionId: string, session: Omit<Session, "open" | "busy" | "lastActive" | "lastUse">): Session {
    const added: Session = { ...session, open: 0, busy: 0, lastActive: Date.now(), lastUse: ++this.uses };
    this.release(session.owner);
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

  /** Slots each tenant holds: its sessions and its initializes under way. */
  private counts(): Map<string | undefined, number> {
    const counts = new Map(this.opening);
    for (const { owner } of this.sessions.values()) counts.set(owner, (counts.get(owner) ?? 0) + 1);
    return counts;
  }

  private openingTotal(): number {
    let total = 0;
    for (const count of this.opening.values()) total += count;
    return total;
  }

  /**
   * The idle session a full server closes for a newcomer that would then hold `wanted` sessions: one of the
   * tenant that would hold the most (the newcomer counted at `wanted`, and preferred on a tie), the least recently
   * used among equals. A tenant holding fewer than `wanted` never loses one (that would only move the unfairness
   * to it), and a session with a request in flight never does, whoever holds it.
   */
  private roomFor(
    owner: string | undefined,
    wanted: number,
    counts: ReadonlyMap<string | undefined, number>,
  ): [string, Session] | undefined {
    let best: [string, Session] | undefined;
    let bestRank = [0, 0, 0];
    for (const entry of this.sessions) {
      const session = entry[1];
      if (session.busy > 0) continue;
      const own = session.owner === owner;
      const holds = own ? wanted : (counts.get(session.owner) ?? 0);
      if (holds < wanted) continue;
      const rank = [holds, own ? 1 : 0, -session.lastUse];
      if (!best || rankAbove(rank, bestRank)) [best, bestRank] = [entry, rank];
    }
    return best;
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

/** Whether `rank` sorts before `other`, comparing element by element. */
function rankAbove(rank: number[], other: number[]): boolean {
  for (const [index, value] of rank.entries()) {
    const against = other[index] ?? 0;
    if (value !== against) return value > against;
  }
  return false;
}
