// The pace of a web run from its timeline samples: requests per second between samples, and a short list of rows for
// the chart's table (a screen reader is not read 240 rows).
import type { WebTimelinePoint } from '@bulwark/core';

export interface PacePoint {
  atS: number;
  requests: number;
  urls: number;
  /** Requests per second since the sample before (0 for the first). */
  rate: number;
  phase: string;
}

export function paceOf(points: readonly WebTimelinePoint[]): PacePoint[] {
  return points.map((p, i) => {
    const before = points[i - 1];
    const dt = before ? p.at_s - before.at_s : 0;
    const rate = before && dt > 0 ? Math.max(0, p.requests - before.requests) / dt : 0;
    return { atS: p.at_s, requests: p.requests, urls: p.urls, rate: Math.round(rate * 10) / 10, phase: p.phase };
  });
}

/** Seconds as m:ss (or h:mm:ss). */
export function clockOf(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** At most `max` rows, evenly spread, always with the last. */
export function tableRows(pace: readonly PacePoint[], max = 12): PacePoint[] {
  if (pace.length <= max) return [...pace];
  const step = (pace.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => pace[Math.round(i * step)]!);
}

/** The chart's words: average and peak rate, and the phases' share of the run. */
export function paceSummary(pace: readonly PacePoint[]): string {
  const last = pace.at(-1);
  if (!last || last.atS <= 0) return 'No requests recorded.';
  const avg = last.requests / last.atS;
  const peak = Math.max(...pace.map((p) => p.rate));
  return `${last.requests} requests in ${clockOf(last.atS)}: ${avg.toFixed(1)} per second on average, at most ${peak.toFixed(1)}; ${last.urls} URLs found.`;
}
