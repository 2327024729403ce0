/**
 * Counts of recent events per key (failed sign-ins, unknown `/track` lookups), for throttling. Anyone on the
 * network can send requests, so what is kept is bounded: a key is a client address and a short hash (never the
 * text a client sent), an entry is dropped once its window has passed, and beyond `maxKeys` the oldest go first.
 */
export interface ThrottleRule {
  /** Events allowed per key within the window; the next one waits. */
  readonly allowed: number;
  readonly windowMs: number;
  /** Keys kept at most (the oldest dropped first). */
  readonly maxKeys: number;
}

export class Throttle {
  /** Times of the events in the window, per key; insertion order is the order of each key's latest event. */
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number,
  ) {}

  /** Seconds before `key` may go on, or 0. */
  wait(key: string): number {
    this.prune();
    const recent = this.recent(key);
    if (recent.length < this.rule.allowed) return 0;
    return Math.max(
      1,
      Math.ceil((recent[recent.length - this.rule.allowed]! + this.rule.windowMs - this.now()) / 1000),
    );
  }

  note(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    // Re-inserted: the key moves to the end, so the oldest keys are always first.
    this.events.delete(key);
    this.events.set(key, recent.slice(-this.rule.allowed));
    while (this.events.size > this.rule.maxKeys) this.events.delete(this.events.keys().next().value!);
  }

  forget(matching: (key: string) => boolean): void {
    for (const key of this.events.keys()) if (matching(key)) this.events.delete(key);
  }

  /** How many keys are kept (tests read it). */
  get size(): number {
    return this.events.size;
  }

  private recent(key: string): number[] {
    return (this.events.get(key) ?? []).filter((at) => this.now() - at < this.rule.windowMs);
  }

  /** Drops the keys whose latest event has left the window, oldest first: they lead the map. */
  private prune(): void {
    for (const [key, times] of this.events) {
      if (this.now() - times[times.length - 1]! < this.rule.windowMs) return;
      this.events.delete(key);
    }
  }
}

/**
 * A short digest of what a client typed (a username, a registration number): FNV-1a, 2 × 32 bits. It only keys
 * counters, so a collision merely shares one; the text itself is never kept.
 */
export const shortHash = (text: string): string => {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(36) + b.toString(36);
};
