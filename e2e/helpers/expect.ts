// The two Playwright-style assertions these tests need, on playwright-core: a locator becomes visible, a value comes true.
import type { Locator } from 'playwright-core';
import { expect as vitestExpect } from 'vitest';

function locatorExpect(locator: Locator) {
  return {
    /** Fails with the locator's description when it is not visible within `timeout` (default: the page's). */
    async toBeVisible(options: { timeout?: number } = {}): Promise<void> {
      try {
        await locator.first().waitFor({ state: 'visible', timeout: options.timeout });
      } catch (e) {
        // Say what the page showed instead: the usual first question when a browser test fails.
        const shown = await locator
          .page()
          .locator('body')
          .innerText()
          .catch(() => '(page closed)');
        throw new Error(`${e instanceof Error ? e.message : String(e)}\nThe page showed:\n${shown.slice(0, 2000)}`);
      }
    },
    async toBeHidden(): Promise<void> {
      await locator.first().waitFor({ state: 'hidden' });
    },
  };
}

async function poll<T>(fn: () => T | Promise<T>, check: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (check(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const expect = Object.assign(locatorExpect, {
  poll<T>(fn: () => T | Promise<T>, timeoutMs = 10_000) {
    return {
      async toBeGreaterThan(n: number) {
        vitestExpect(await poll(fn, (v) => Number(v) > n, timeoutMs)).toBeGreaterThan(n);
      },
      async toBe(expected: T) {
        vitestExpect(await poll(fn, (v) => v === expected, timeoutMs)).toBe(expected);
      },
    };
  },
});
