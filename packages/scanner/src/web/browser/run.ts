// The browser's execution check for the XSS tests: loads a test's request (a GET, or a POST sent as the page load)
// in a fresh context with the session, with EXEC_HOOK defined before any page script and dialogs (alert, confirm,
// prompt) recorded, waits for it to settle, fires the events payload handlers wait for, and answers the markers
// that ran. After the load the page may not leave (a fired click on a link is aborted), so finalUrl is where the
// request and the page's own scripts took it. Markers are distinct, in the order they first ran.
import type { Browser } from 'playwright-core';
import type { BrowserOptions } from './types.ts';
import { EXEC_HOOK } from '../types.ts';
import { openScanContext } from './context.ts';
import { EXEC_INIT, FIRE_EVENTS } from './page-scripts.ts';
import { watchSinks, type SinkReach } from './dom-sinks.ts';

/** The page-side name of the binding EXEC_HOOK reports through. */
const BINDING = '__bwkReport';

export const RUN_TIMING = {
  quietMs: 150,
  /** The load and then the events' effects are each waited for at most this long. */
  settleMaxMs: 2000,
};

export interface RunRequest {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  contentType?: string;
  /** Markers to follow into the page's sinks (the DOM-XSS check): answered as `reached`. */
  watch?: string[];
}

export async function browserRun(
  browser: Browser,
  opts: BrowserOptions,
  req: RunRequest,
): Promise<{ executed: string[]; finalUrl: string; reached?: SinkReach[] }> {
  const origin = new URL(req.url).origin;
  const inScope = opts.inScope ?? ((url: string) => sameOrigin(url, origin));
  let loaded = false;
  const method = req.method ?? 'GET';
  const scan = await openScanContext(browser, opts, {
    inScope,
    onRequest: (r) => (loaded && r.isNavigationRequest() && r.frame().parentFrame() === null ? 'abort' : 'continue'),
    ...(method === 'POST'
      ? {
          firstRequest: { url: req.url, method, body: req.body ?? '', contentType: req.contentType ?? 'application/x-www-form-urlencoded' },
        }
      : {}),
  });
  const executed: string[] = [];
  try {
    const { context, network } = scan;
    // A marker is proof once: an onerror that fires on its own and again when the events are fired counts once.
    const note = (marker: string): void => void (executed.includes(marker) || executed.push(marker));
    await context.exposeBinding(BINDING, (_source, marker: unknown) => note(String(marker)));
    await context.addInitScript({ content: EXEC_INIT(EXEC_HOOK, BINDING) });
    const sinks = req.watch?.length ? await watchSinks(context, req.watch) : null;
    await scan.addCookies(req.url);
    const page = await context.newPage();
    page.on('dialog', (d) => {
      if (d.type() === 'beforeunload') return void d.accept().catch(() => undefined);
      note(d.message());
      void d.dismiss().catch(() => undefined);
    });
    const settle = (): Promise<void> => network.settle(RUN_TIMING.quietMs, RUN_TIMING.settleMaxMs, opts.signal);
    await page.goto(req.url, { waitUntil: 'load' }).catch(() => null);
    await settle();
    loaded = true;
    await page.evaluate(FIRE_EVENTS).catch(() => 0);
    await settle();
    // A binding call in flight arrives before an evaluate issued after it answers.
    await page.evaluate('0').catch(() => 0);
    const reached = sinks ? await sinks.collect(page) : null;
    return { executed: [...executed], finalUrl: page.url(), ...(reached ? { reached } : {}) };
  } finally {
    await scan.close();
  }
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
