// Slows down token guessing: an address that asked for too many unknown tokens within a minute is answered 429 for
// every token until the minute is over (known tokens included, so the answer tells nothing about a token).
export const PROBE_LIMIT = 30;
const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 10_000;

export class ProbeLimiter {
  private readonly misses = new Map<string, { start: number; count: number }>();

  constructor(private readonly limit = PROBE_LIMIT) {}

  /** Seconds until the address may ask again, or 0 when it may ask now. */
  blockedFor(ip: string, now: number): number {
    const m = this.misses.get(ip);
    if (!m || now - m.start >= WINDOW_MS) return 0;
    return m.count >= this.limit ? Math.ceil((m.start + WINDOW_MS - now) / 1000) : 0;
  }

  miss(ip: string, now: number): void {
    const m = this.misses.get(ip);
    if (!m || now - m.start >= WINDOW_MS) {
      if (this.misses.size >= MAX_ADDRESSES) this.prune(now);
      this.misses.set(ip, { start: now, count: 1 });
    } else m.count += 1;
  }

  private prune(now: number): void {
    for (const [ip, m] of this.misses) if (now - m.start >= WINDOW_MS) this.misses.delete(ip);
    // Still full (a flood of addresses): forget the oldest rather than grow without bound.
    if (this.misses.size >= MAX_ADDRESSES) this.misses.delete(this.misses.keys().next().value as string);
  }
}
