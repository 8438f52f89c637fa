// The web app's first load (the entry script and every script index.html preloads) stays at or under 300 KB gzip, and
// holds neither ECharts nor the dashboard grid: they load with the pages that use them. Reads the built app.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WEB_DIR } from './helpers/stack.ts';

const BUDGET = 300_000;

describe('the web app bundle', () => {
  const html = readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);

  it(`loads at most ${BUDGET / 1000} KB of JavaScript (gzip) at first`, () => {
    expect(initial.length).toBeGreaterThan(1);
    const sizes = initial.map((f) => [f, gzipSync(readFileSync(path.join(WEB_DIR, f)), { level: 9 }).length] as const);
    const total = sizes.reduce((sum, [, n]) => sum + n, 0);
    expect(total, sizes.map(([f, n]) => `${f} ${n}`).join('\n')).toBeLessThanOrEqual(BUDGET);
  });

  it('leaves the chart and grid libraries to the pages that use them', () => {
    for (const f of initial) {
      const map = path.join(WEB_DIR, `${f}.map`);
      if (!existsSync(map)) continue;
      const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
      expect(
        sources.filter((s) => /node_modules\/(echarts|zrender|react-grid-layout|react-draggable|react-resizable)\//.test(s)),
        f,
      ).toEqual([]);
    }
  });
});
