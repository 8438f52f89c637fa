// Replays a recorded browser login (goto, fill, click, press, wait) in a fresh context and answers what it ended
// with, for the engine's session: the cookies (the jar), the application's web storage (a single-page application
// keeps its token in localStorage; every later browser context gets it back) and the bearer token its scripts then
// sent (the HTTP client sends it too). The login may pass through a sign-in host outside the scan's scope (single
// sign-on), so the router does not hold it in scope; the session's headers go only to the first page's origin.
import type { Browser, Page } from 'playwright-core';
import type { BrowserLogin, BrowserOptions, OriginStorage } from './types.ts';
import type { WebAuthSpec } from '../types.ts';
import { openScanContext } from './context.ts';

export type LoginSteps = Extract<WebAuthSpec, { kind: 'recorded' }>['steps'];

/** A recorded wait without a selector is a pause, bounded so a typo cannot stall the scan. */
const MAX_PAUSE_MS = 30_000;

export async function replayLogin(browser: Browser, opts: BrowserOptions, steps: LoginSteps, signal: AbortSignal): Promise<BrowserLogin> {
  const start = steps.find((s) => s.action === 'goto' && s.url)?.url;
  if (!start) throw new Error('the recorded login has no goto step with a URL');
  const origin = new URL(start).origin;
  // Headers only to the application; every host reachable (the router still sees every request).
  const scan = await openScanContext(
    browser,
    { ...opts, cookies: () => [], storage: () => [] },
    { inScope: () => true, sendHeaders: (url) => URL.canParse(url) && new URL(url).origin === origin },
  );
  try {
    const { context, network } = scan;
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept().catch(() => undefined));
    // The last bearer token the application's own scripts sent to its origin (the profile's headers are the router's).
    let bearer: string | undefined;
    context.on('request', (req) => {
      const authorization = req.headers()['authorization'];
      if (authorization && /^bearer\s+\S/i.test(authorization) && URL.canParse(req.url()) && new URL(req.url()).origin === origin)
        bearer = authorization.replace(/^bearer\s+/i, '');
    });
    for (const [i, step] of steps.entries()) {
      if (signal.aborted) throw new Error('aborted');
      const what = `step ${i + 1} (${step.action}${step.selector ? ` ${step.selector}` : ''}${step.url ? ` ${step.url}` : ''})`;
      try {
        switch (step.action) {
          case 'goto':
            if (!step.url) throw new Error('no URL');
            await page.goto(step.url, { waitUntil: 'load' });
            break;
          case 'fill':
            if (!step.selector) throw new Error('no selector');
            await page.fill(step.selector, step.value ?? '');
            break;
          case 'click':
            if (!step.selector) throw new Error('no selector');
            await page.click(step.selector);
            break;
          case 'press':
            await page.press(step.selector ?? 'body', step.value ?? 'Enter');
            break;
          case 'wait':
            if (step.selector) await page.waitForSelector(step.selector);
            else await page.waitForTimeout(Math.min(Number(step.value ?? 1000) || 0, MAX_PAUSE_MS));
            break;
        }
      } catch (err) {
        throw new Error(`recorded login ${what} failed: ${(err as Error).message.split('\n')[0]}`, { cause: err });
      }
      await network.settle(150, 5000, signal);
      await page.waitForLoadState('load', { timeout: 5000 }).catch(() => undefined);
    }
    const cookies = (await context.cookies()).map((c) => ({ name: c.name, value: c.value, domain: c.domain, path: c.path }));
    return { cookies, storage: await storageOf(page, origin), ...(bearer ? { bearer } : {}) };
  } finally {
    await scan.close();
  }
}

/**
 * The application's web storage after the login: localStorage of every origin the login touched (Playwright keeps
 * it per origin), sessionStorage of the page the login ended on when that is the application's origin.
 */
async function storageOf(page: Page, origin: string): Promise<OriginStorage[]> {
  const state = await page.context().storageState();
  const byOrigin = new Map<string, OriginStorage>();
  for (const o of state.origins)
    if (o.localStorage.length > 0)
      byOrigin.set(o.origin, { origin: o.origin, local: o.localStorage.map((e) => [e.name, e.value]), session: [] });
  const here = URL.canParse(page.url()) ? new URL(page.url()).origin : null;
  if (here === origin) {
    const session = (await page.evaluate('Object.entries(sessionStorage)').catch(() => [])) as [string, string][];
    if (session.length > 0) {
      const entry = byOrigin.get(origin) ?? { origin, local: [], session: [] };
      entry.session = session.filter(([k, v]) => typeof k === 'string' && typeof v === 'string');
      byOrigin.set(origin, entry);
    }
  }
  return [...byOrigin.values()];
}
