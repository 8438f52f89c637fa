// Replays a recorded browser login (goto, fill, click, press, wait) in a fresh context and answers the cookies it
// ended with, for the engine's jar. The login may pass through a sign-in host outside the scan's scope (single
// sign-on), so the router does not hold it in scope; the session's headers go only to the first page's origin.
import type { Browser } from 'playwright-core';
import type { BrowserCookie, BrowserOptions } from './types.ts';
import type { WebAuthSpec } from '../types.ts';
import { openScanContext } from './context.ts';

export type LoginSteps = Extract<WebAuthSpec, { kind: 'recorded' }>['steps'];

/** A recorded wait without a selector is a pause, bounded so a typo cannot stall the scan. */
const MAX_PAUSE_MS = 30_000;

export async function replayLogin(
  browser: Browser,
  opts: BrowserOptions,
  steps: LoginSteps,
  signal: AbortSignal,
): Promise<BrowserCookie[]> {
  const start = steps.find((s) => s.action === 'goto' && s.url)?.url;
  if (!start) throw new Error('the recorded login has no goto step with a URL');
  const origin = new URL(start).origin;
  // Headers only to the application; every host reachable (the router still sees every request).
  const scan = await openScanContext(
    browser,
    { ...opts, cookies: () => [] },
    { inScope: () => true, sendHeaders: (url) => URL.canParse(url) && new URL(url).origin === origin },
  );
  try {
    const { context, network } = scan;
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept().catch(() => undefined));
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
    return (await context.cookies()).map((c) => ({ name: c.name, value: c.value, domain: c.domain, path: c.path }));
  } finally {
    await scan.close();
  }
}
