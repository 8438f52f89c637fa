// The front door as a new user's browser meets it: the sign-in page, opened with an empty cache, transfers under 350 KB
// in all, its JavaScript comes brotli- or gzip-encoded and stays under 300 KB on the wire, and no chart code is fetched.
// Reads what Chromium actually received (each response's encoding and encoded size).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { expect as pwExpect } from './helpers/expect.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const PAGE_BUDGET = 350_000;
const JS_BUDGET = 300_000;
/** Smaller files may be sent as they are: the build keeps no compressed copy that is not smaller. */
const WORTH_COMPRESSING = 1024;

interface Fetched {
  url: string;
  type: string;
  encoding: string | undefined;
  /** Bytes on the wire: headers and the (encoded) body. */
  transferred: number;
  body: number;
}

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

/** Opens the sign-in page in a fresh browser context and lists every response it took to show it. */
async function openSignIn(): Promise<Fetched[]> {
  const { context, page } = await stack.newPage();
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.goto('/');
  await page.waitForURL(/\/auth\/login/);
  await pwExpect(page.getByRole('heading', { level: 1, name: 'Sign in to Bulwark' })).toBeVisible();
  // Late lazy chunks (the page's own, fonts, icons) count too.
  await page.waitForLoadState('networkidle');
  const fetched: Fetched[] = [];
  for (const r of responses) {
    const request = r.request();
    // A redirect has no body of its own: its target is listed separately.
    if (r.status() >= 300 && r.status() < 400) continue;
    const sizes = await request.sizes();
    const headers = await r.allHeaders();
    fetched.push({
      url: new URL(r.url()).pathname,
      type: request.resourceType(),
      encoding: headers['content-encoding'],
      transferred: sizes.responseHeadersSize + sizes.responseBodySize,
      body: sizes.responseBodySize,
    });
  }
  await context.close();
  return fetched;
}

function table(rows: Fetched[]): string {
  return rows.map((f) => `${f.url} ${f.type} ${f.encoding ?? 'identity'} ${f.transferred}`).join('\n');
}

describe('the sign-in page on a first visit', () => {
  it(`transfers under ${PAGE_BUDGET / 1000} KB, its JavaScript compressed and under ${JS_BUDGET / 1000} KB, no charts`, async () => {
    const fetched = await openSignIn();
    const report = table(fetched);
    const total = fetched.reduce((sum, f) => sum + f.transferred, 0);
    const scripts = fetched.filter((f) => f.type === 'script' || /\.js$/.test(f.url));
    const js = scripts.reduce((sum, f) => sum + f.transferred, 0);
    console.info(`sign-in page: ${fetched.length} responses, ${total} B transferred, JavaScript ${js} B in ${scripts.length} files`);

    expect(scripts.length, report).toBeGreaterThan(1);
    // Every script worth compressing came compressed (Chromium always offers br and gzip).
    for (const f of scripts.filter((s) => s.body >= WORTH_COMPRESSING)) expect(['br', 'gzip'], `${f.url}\n${report}`).toContain(f.encoding);
    const css = fetched.filter((f) => f.type === 'stylesheet');
    for (const f of css) expect(['br', 'gzip'], `${f.url}\n${report}`).toContain(f.encoding);
    expect(js, report).toBeLessThan(JS_BUDGET);
    expect(total, report).toBeLessThan(PAGE_BUDGET);
    // The chart library loads with the pages that draw charts, never here.
    expect(fetched.filter((f) => /echarts|DashboardPage|WidgetBoard/i.test(f.url)).map((f) => f.url)).toEqual([]);
  });
});
