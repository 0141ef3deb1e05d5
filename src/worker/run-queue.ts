/**
 * TM-DOS-004: the runs waiting for a free shell worker, one queue per caller (a ScriptedTool, and the run's tenant
 * when it has one), served round robin: a caller that queued a hundred runs delays another caller's one run by at
 * most one run per other waiting caller, not by its hundred. Each caller's queue and the whole are bounded.
 */

/** A run waiting for a worker. */
export interface Waiter<Worker> {
  /** Who it is for: its ScriptedTool (any object that stands for it) and tenant. */
  owner: object;
  tenant: string | undefined;
  /** Hands it the worker. */
  take(worker: Worker): void;
}

/** Why a run cannot wait: its caller already has the most runs waiting, or the pool has. */
export type QueueFull = { full: "caller" | "pool"; waiting: number };

interface Lane<Worker> {
  owner: object;
  tenant: string | undefined;
  waiters: Waiter<Worker>[];
}

export class RunQueue<Worker> {
  private readonly lanes = new Map<object, Map<string | undefined, Lane<Worker>>>();
  /** The lanes with runs waiting, in the order they are served; one served goes to the back. */
  private readonly turns: Lane<Worker>[] = [];
  private waiting = 0;

  constructor(
    private readonly maxWaiting: number,
    private readonly maxPerCaller: number,
  ) {}

  /** Queues the run, or says why it cannot wait. */
  add(waiter: Waiter<Worker>): QueueFull | undefined {
    const ahead = this.find(waiter)?.waiters.length ?? 0;
    if (ahead >= this.maxPerCaller) return { full: "caller", waiting: ahead };
    if (this.waiting >= this.maxWaiting) return { full: "pool", waiting: this.waiting };
    const lane = this.open(waiter);
    if (lane.waiters.length === 0) this.turns.push(lane);
    lane.waiters.push(waiter);
    this.waiting++;
    return undefined;
  }

  /** Takes a run out of the queue (it was aborted or timed out while waiting). */
  remove(waiter: Waiter<Worker>): void {
    const lane = this.find(waiter);
    const index = lane?.waiters.indexOf(waiter) ?? -1;
    if (!lane || index === -1) return;
    lane.waiters.splice(index, 1);
    this.waiting--;
    if (lane.waiters.length === 0) {
      this.turns.splice(this.turns.indexOf(lane), 1);
      this.drop(lane);
    }
  }

  /** The next run to serve: the oldest of the caller whose turn it is. */
  next(): Waiter<Worker> | undefined {
    const lane = this.turns.shift();
    const waiter = lane?.waiters.shift();
    if (!lane || !waiter) return undefined;
    this.waiting--;
    if (lane.waiters.length > 0) this.turns.push(lane);
    else this.drop(lane);
    return waiter;
  }

  private find(waiter: Waiter<Worker>): Lane<Worker> | undefined {
    return this.lanes.get(waiter.owner)?.get(waiter.tenant);
  }

  private open(waiter: Waiter<Worker>): Lane<Worker> {
    let byTenant = this.lanes.get(waiter.owner);
    if (!byTenant) {
      byTenant = new Map();
      this.lanes.set(waiter.owner, byTenant);
    }
    let lane = byTenant.get(waiter.tenant);
    if (!lane) {
      lane = { owner: waiter.owner, tenant: waiter.tenant, waiters: [] };
      byTenant.set(waiter.tenant, lane);
    }
    return lane;
  }

  /** Forgets an empty lane, so that a ScriptedTool or tenant with no run waiting is not held. */
  private drop(lane: Lane<Worker>): void {
    const byTenant = this.lanes.get(lane.owner);
    byTenant?.delete(lane.tenant);
    if (byTenant?.size === 0) this.lanes.delete(lane.owner);
  }
}
