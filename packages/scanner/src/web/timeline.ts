// The pace of a web run for its "requests over time" chart: a sample of the requests sent and URLs found at each
// progress tick, thinned to every other sample (and the tick doubled) whenever it would exceed its size, so a run of
// any length keeps at most WEB_TIMELINE_POINTS evenly spread samples.
import type { WebScanProgress, WebTimelinePoint } from './types.ts';

export const WEB_TIMELINE_POINTS = 240;

export class WebTimeline {
  private readonly points: WebTimelinePoint[] = [];
  private stride = 1;
  private ticks = 0;

  constructor(private readonly max = WEB_TIMELINE_POINTS) {}

  /** A progress tick: kept when it falls on the current stride. */
  tick(atMs: number, p: WebScanProgress): void {
    if (this.ticks++ % this.stride !== 0) return;
    this.points.push({ atMs, requests: p.requestsSent, urls: p.urlsFound, phase: p.phase });
    if (this.points.length > this.max) {
      // Keep every other sample: the oldest stays, the spacing doubles.
      const kept = this.points.filter((_, i) => i % 2 === 0);
      this.points.length = 0;
      this.points.push(...kept);
      this.stride *= 2;
    }
  }

  /** The samples with the run's last figures at its end. */
  finish(atMs: number, p: WebScanProgress): WebTimelinePoint[] {
    const last = this.points.at(-1);
    if (!last || last.atMs < atMs) this.points.push({ atMs, requests: p.requestsSent, urls: p.urlsFound, phase: p.phase });
    return [...this.points];
  }
}
