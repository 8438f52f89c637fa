// @ts-check
// Time as the scan engine can vouch for it: wall time less the time its own event loop was too busy to notice replies.
// A connect attempt's deadline is set and checked on this clock, so a reply that arrived while Bulwark was busy (a long callback,
// the process descheduled on a loaded machine) is never counted as silence. Plain JavaScript with no imports, so the
// connect workers (connect-worker.js) use the same logic as the main thread.

/** A tick later than its period by more than this is lag (timer jitter below it is not). */
export const LAG_SLACK_MS = 5;

export class LagClock {
  /**
   * @param {() => number} [now] the wall clock in ms (performance.now by default; tests inject a fake one)
   * @param {number} [tickMs] how often `tick` is called while connect attempts are in flight
   */
  constructor(now = () => performance.now(), tickMs = 10) {
    this.now = now;
    this.tickMs = tickMs;
    /** Total time the loop was seen too busy, ms. */
    this.lagMs = 0;
    /** The longest single stall seen, ms. */
    this.worstMs = 0;
    this.lastTick = now();
  }

  /** Engine time: the wall clock less every stall seen so far. */
  time() {
    return this.now() - this.lagMs;
  }

  /** The periodic sweep starts again after an idle spell: the idle time is not lag. */
  resume() {
    this.lastTick = this.now();
  }

  /** Called by the periodic sweep; a tick that came late by more than the slack adds the delay to the lag. */
  tick() {
    const t = this.now();
    const late = t - this.lastTick - this.tickMs;
    this.lastTick = t;
    if (late > LAG_SLACK_MS) {
      this.lagMs += late;
      if (late > this.worstMs) this.worstMs = late;
    }
    return t - this.lagMs;
  }
}
