// The pace of a web run: rates between samples, the clock, the thinned table rows and the summary in words.
import { describe, expect, it } from 'vitest';
import { clockOf, paceOf, paceSummary, tableRows } from './requests-over-time.ts';

describe('requests over time', () => {
  const points = [
    { at_s: 0, requests: 0, urls: 0, phase: 'login' },
    { at_s: 10, requests: 100, urls: 5, phase: 'crawl' },
    { at_s: 20, requests: 100, urls: 5, phase: 'crawl' },
    { at_s: 40, requests: 500, urls: 9, phase: 'test' },
  ];

  it('turns cumulative requests into requests per second between samples', () => {
    expect(paceOf(points).map((p) => p.rate)).toEqual([0, 10, 0, 20]);
    // A counter that went back (a restarted probe) does not give a negative rate.
    expect(paceOf([points[1]!, { ...points[2]!, requests: 50 }]).map((p) => p.rate)).toEqual([0, 0]);
  });

  it('writes seconds as a clock', () => {
    expect(clockOf(0)).toBe('0:00');
    expect(clockOf(125.4)).toBe('2:05');
    expect(clockOf(3725)).toBe('1:02:05');
  });

  it('keeps at most a dozen table rows, evenly spread, first and last kept', () => {
    const many = paceOf(Array.from({ length: 240 }, (_, i) => ({ at_s: i, requests: i * 3, urls: i, phase: 'crawl' })));
    const rows = tableRows(many);
    expect(rows).toHaveLength(12);
    expect(rows[0]!.atS).toBe(0);
    expect(rows.at(-1)!.atS).toBe(239);
    expect(tableRows(paceOf(points))).toHaveLength(4);
  });

  it('sums the run up in words', () => {
    expect(paceSummary(paceOf(points))).toBe('500 requests in 0:40: 12.5 per second on average, at most 20.0; 9 URLs found.');
    expect(paceSummary([])).toBe('No requests recorded.');
  });
});
