// HTTP for the feed sync: requests that back off on the answers providers use to say "later" (403 and 429 from the
// NVD's rate limiter, 5xx, network failures), honour Retry-After, keep a rolling-window rate limit, and name Bulwark in
// the User-Agent. Time goes through a clock so that tests move it instead of waiting.

export interface SyncClock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: SyncClock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class FeedHttpError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** At most `max` requests in any `windowMs` (the NVD: 5 in 30 s without an API key, 50 with one). */
export class RateLimiter {
  private readonly sent: number[] = [];
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: SyncClock,
  ) {}

  async take(): Promise<void> {
    for (;;) {
      const now = this.clock.now().getTime();
      while (this.sent.length > 0 && this.sent[0]! <= now - this.windowMs) this.sent.shift();
      if (this.sent.length < this.max) {
        this.sent.push(now);
        return;
      }
      await this.clock.sleep(this.sent[0]! + this.windowMs - now);
    }
  }
}

export interface RequestOptions {
  headers?: Record<string, string>;
  limiter?: RateLimiter;
  /** Answers to wait on and ask again (besides 5xx and network failures). */
  retryStatuses?: readonly number[];
  /** Who answers, for messages ("the NVD"). */
  provider: string;
  /** Told before each wait for a retry, with the reason in words. */
  onWait?(note: string, ms: number): void;
}

export interface FeedHttpOptions {
  clock: SyncClock;
  /** Tries of one request before the source is marked failed. */
  attempts?: number;
  /** First wait; doubled at each retry, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  userAgent?: string;
}

const TEMPORARY = new Set([500, 502, 503, 504]);

/** Seconds or an HTTP date, as Retry-After carries them; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

export class FeedHttp {
  readonly clock: SyncClock;
  private readonly attempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly userAgent: string;

  constructor(options: FeedHttpOptions) {
    this.clock = options.clock;
    this.attempts = options.attempts ?? 6;
    this.baseDelayMs = options.baseDelayMs ?? 6_000;
    this.maxDelayMs = options.maxDelayMs ?? 300_000;
    this.userAgent = options.userAgent ?? 'Bulwark feed sync (+https://github.com/bulwark)';
  }

  /** GET with retries; answers 2xx and 304 come back, anything else after the last try throws FeedHttpError. */
  async get(url: string, options: RequestOptions): Promise<Response> {
    const retry = new Set([...TEMPORARY, ...(options.retryStatuses ?? [])]);
    let last = '';
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      await options.limiter?.take();
      let res: Response;
      try {
        res = await fetch(url, { headers: { 'user-agent': this.userAgent, ...options.headers }, redirect: 'follow' });
      } catch (err) {
        const cause = causeOf(err);
        if (cause === 'ENOTFOUND') {
          // The name does not resolve: waiting will not change that (an installation without internet, a typo).
          throw new FeedHttpError(
            `${options.provider} could not be reached: ${hostOf(url)} is not a known host name. Without internet, point the feed URL settings at a mirror or import an offline bundle.`,
            null,
          );
        }
        if (cause === 'bad port') {
          throw new FeedHttpError(
            `${options.provider}: the port of ${safeUrl(url)} is one HTTP clients refuse to use; serve the feed on another port.`,
            null,
          );
        }
        last = `could not be reached (${cause})`;
        await this.wait(options, last, attempt, this.delay(attempt, null));
        continue;
      }
      if (res.ok || res.status === 304) return res;
      await res.body?.cancel().catch(() => undefined);
      const answer = `answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
      if (!retry.has(res.status)) throw new FeedHttpError(`${options.provider} ${answer} for ${safeUrl(url)}.`, res.status);
      last = answer;
      await this.wait(options, answer, attempt, this.delay(attempt, retryAfterMs(res.headers.get('retry-after'), this.clock.now())));
    }
    throw new FeedHttpError(`${options.provider} ${last} ${this.attempts} times for ${safeUrl(url)}; the next sync tries again.`, null);
  }

  private async wait(options: RequestOptions, why: string, attempt: number, ms: number): Promise<void> {
    if (attempt + 1 >= this.attempts) return;
    options.onWait?.(`${options.provider} ${why}; trying again in ${Math.ceil(ms / 1000)} s (try ${attempt + 2} of ${this.attempts}).`, ms);
    await this.clock.sleep(ms);
  }

  private delay(attempt: number, retryAfter: number | null): number {
    const backoff = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** attempt);
    return retryAfter === null ? backoff : Math.min(this.maxDelayMs, Math.max(retryAfter, 1000));
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** The error code (ECONNREFUSED, ENOTFOUND …) or message behind a failed fetch. */
export function causeOf(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  if (cause instanceof Error) return (cause as NodeJS.ErrnoException).code ?? cause.message;
  return String(cause);
}

/** A URL for messages: no credentials, no query string values that could be keys. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}
