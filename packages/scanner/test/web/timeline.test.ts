// A web run's timeline: one sample per progress tick, thinned to every other (the tick doubled) past its size, so a
// run of any length keeps evenly spread samples, and the run's last figures at its end.
import { describe, expect, it } from 'vitest';
import { WebTimeline } from '../../src/web/timeline.ts';
import type { WebScanProgress } from '../../src/web/types.ts';

const at = (requests: number, phase: WebScanProgress['phase'] = 'crawl'): WebScanProgress => ({
  percent: 0,
  urlsFound: requests / 10,
  requestsSent: requests,
  phase,
  auth: 'none',
});

describe('WebTimeline', () => {
  it('keeps every tick of a short run and adds the end', () => {
    const t = new WebTimeline(10);
    for (let i = 0; i < 5; i++) t.tick(i * 1000, at(i * 100));
    const points = t.finish(4500, at(450, 'done'));
    expect(points.map((p) => p.atMs)).toEqual([0, 1000, 2000, 3000, 4000, 4500]);
    expect(points.at(-1)).toEqual({ atMs: 4500, requests: 450, urls: 45, phase: 'done' });
  });

  it('stays within its size on a long run, evenly spread from the start', () => {
    const t = new WebTimeline(10);
    for (let i = 0; i < 1000; i++) t.tick(i * 1000, at(i));
    const points = t.finish(1_000_000, at(1000, 'done'));
    expect(points.length).toBeLessThanOrEqual(11);
    expect(points[0]!.atMs).toBe(0);
    const gaps = points.slice(1, -1).map((p, i) => p.atMs - points[i]!.atMs);
    expect(new Set(gaps).size).toBe(1);
    expect(points.at(-1)!.atMs).toBe(1_000_000);
  });
});
