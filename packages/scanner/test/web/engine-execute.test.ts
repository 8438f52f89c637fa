// A probe's task with `web`: the web engine runs instead of the network scan, progress goes out in the reports' `web`
// with the errors as they come, a pause or cancel answer stops it with what it found so far, done carries the result.
import { afterEach, describe, expect, it } from 'vitest';
import { executeTask, type TaskDecision, type TaskReport, type TaskSpec } from '../../src/agent/execute.ts';
import type { WebScanSpec } from '../../src/web/types.ts';
import { startEndlessSite } from './fixtures/site-misc.ts';
import type { Site } from './fixtures/site-server.ts';
import { startShop } from './fixtures/site-shop.ts';
import { webSpec } from './fixtures/site-spec.ts';

const sites: Site[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

const task = (web: WebScanSpec): TaskSpec => ({
  id: 7,
  targets: [],
  exclude: [],
  profile: { standard_scan: false },
  checkpoint: null,
  web,
});

describe('executeTask with a web scan', () => {
  it('runs the web engine, reports its progress, and ends done with the web result', async () => {
    const shop = await startShop();
    sites.push(shop);
    const reports: TaskReport[] = [];
    const out = await executeTask(task(webSpec(`${shop.base}/`)), { report: async (r) => (reports.push(r), 'continue') }, undefined, {
      reportEveryMs: 50,
    });
    expect(out.outcome).toBe('done');
    if (out.outcome !== 'done') return;
    expect(out.result.hosts).toEqual([]);
    expect(out.web!.sitemap.length).toBeGreaterThan(10);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports.every((r) => r.hostsTotal === 1 && r.hosts.length === 0 && r.web)).toBe(true);
    expect(reports.at(-1)!.web).toMatchObject({ phase: 'done', percent: 100, urlsFound: out.web!.sitemap.length });
    expect(reports.at(-1)!.progress).toBe(100);
  });

  it.each([
    ['pause', 'stopped'],
    ['cancel', 'cancelled'],
  ] as const)('a %s answer stops the engine: outcome %s with what it found so far', async (answer, outcome) => {
    const site = await startEndlessSite();
    sites.push(site);
    const out = await executeTask(
      task(webSpec(`${site.base}/`, { limits: { requestsPerSecond: 200, parallel: 2 } as never })),
      { report: async (r): Promise<TaskDecision> => ((r.web?.urlsFound ?? 0) >= 3 ? answer : 'continue') },
      undefined,
      { reportEveryMs: 20 },
    );
    expect(out.outcome).toBe(outcome);
    expect(out.web!.sitemap.length).toBeGreaterThanOrEqual(3);
    expect(out.web!.sitemap.length).toBeLessThan(2000);
    expect(out.web!.errors).toEqual([]);
  });

  it('sends the engine errors in the reports', async () => {
    const shop = await startShop();
    sites.push(shop);
    const reports: TaskReport[] = [];
    const out = await executeTask(
      task(webSpec(`${shop.base}/`, { limits: { maxUrls: 3 } as never })),
      { report: async (r) => (reports.push(r), 'continue') },
      undefined,
      { reportEveryMs: 50 },
    );
    expect(out.outcome).toBe('done');
    expect(reports.flatMap((r) => r.errors).map((e) => e.type)).toEqual([7]);
  });
});
