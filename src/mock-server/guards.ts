import { shortHash, Throttle } from "./throttle";

/**
 * What the public endpoints hold up (429 with Retry-After, as DRF's throttling answers): sign-ins, and lookups that
 * could harvest applicants' requests (`/track` misses, "This demand already exist." answers). Each counts per client
 * address, and what a client typed is kept only as a short hash (throttle.ts), so a flood of requests keeps memory
 * bounded.
 */

/** Usernames longer than Django's `username` field (150) are refused before anything is kept. */
export const USERNAME_MAX = 150;

const MINUTE = 60 * 1000;
/** Keys kept per counter: far more than a room or an office has devices. */
const MAX_KEYS = 10_000;

export class Guards {
  /** Five wrong passwords for one username from one address hold up that address only (docs/assumptions.md). */
  private readonly signInFailures: Throttle;
  /** Every sign-in runs a slow password hash: an address gets a bounded number of them. */
  private readonly signIns: Throttle;
  /** Unknown code/registration pairs and "already exist" answers, per address and per registration number. */
  private readonly probesByAddress: Throttle;
  private readonly probesByRegister: Throttle;

  constructor(now: () => number) {
    this.signInFailures = new Throttle({ allowed: 5, windowMs: 15 * MINUTE, maxKeys: MAX_KEYS }, now);
    this.signIns = new Throttle({ allowed: 60, windowMs: MINUTE, maxKeys: MAX_KEYS }, now);
    this.probesByAddress = new Throttle({ allowed: 30, windowMs: 15 * MINUTE, maxKeys: MAX_KEYS }, now);
    this.probesByRegister = new Throttle({ allowed: 10, windowMs: 15 * MINUTE, maxKeys: MAX_KEYS }, now);
  }

  /** Seconds before `client` may try to sign in as `username`, or 0; a sign-in that may go on is counted. */
  signIn(username: string, client: string): number {
    const wait = Math.max(this.signInFailures.wait(`${client}\n${shortHash(username)}`), this.signIns.wait(client));
    if (wait === 0) this.signIns.note(client);
    return wait;
  }
  noteSignIn(username: string, succeeded: boolean, client: string): void {
    const key = `${client}\n${shortHash(username)}`;
    if (succeeded) this.signInFailures.forget((k) => k === key);
    else this.signInFailures.note(key);
  }
  /** Forgets every address's failed sign-ins for `username` (an account restored by the trainer). */
  clearSignInFailures(username: string): void {
    const suffix = `\n${shortHash(username)}`;
    this.signInFailures.forget((k) => k.endsWith(suffix));
  }

  /** Seconds before `client` may look up `register` again (a track or a submission), or 0. */
  probeWait(client: string, register: string): number {
    return Math.max(this.probesByAddress.wait(client), this.probesByRegister.wait(shortHash(register.toUpperCase())));
  }
  /** A lookup that found nothing, or an "already exist" answer. */
  noteProbe(client: string, register: string): void {
    this.probesByAddress.note(client);
    this.probesByRegister.note(shortHash(register.toUpperCase()));
  }

  /** Keys kept, all counters together (tests read it). */
  get size(): number {
    return this.signInFailures.size + this.signIns.size + this.probesByAddress.size + this.probesByRegister.size;
  }
}
