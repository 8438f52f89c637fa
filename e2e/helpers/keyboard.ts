// Keyboard-only driving for the browser tests: Tab (or Shift+Tab) until the focused element has the wanted name, and
// check that every element reached this way shows where the focus is (WCAG 2.4.7) — never a click.
import type { Page } from 'playwright-core';

export interface Focused {
  tag: string;
  role: string | null;
  name: string;
  /** A focus indicator is drawn: an outline or a box shadow. */
  indicated: boolean;
}

/** The focused element, named roughly as assistive technology would: aria-label, aria-labelledby, its label, its text. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const byIds = (ids) => ids.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  const labels = el.labels ? [...el.labels].map((l) => l.textContent).join(' ') : '';
  const name = (el.getAttribute('aria-label') || (el.getAttribute('aria-labelledby') && byIds(el.getAttribute('aria-labelledby'))) || labels || el.innerText || el.getAttribute('title') || '').replace(/\\s+/g, ' ').trim();
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const shadow = style.boxShadow !== 'none';
  return { tag: el.tagName.toLowerCase(), role: el.getAttribute('role'), name, indicated: outline || shadow };
})()`;

/**
 * Presses a key as a person does: the next key comes once the page has handled this one. Mantine's focus trap checks
 * where a Tab from a date field landed in a zero-delay timer; a second Tab before that timer runs made it pull the focus
 * back to the stop after the date field (seen in CI: Enter then pressed Cancel instead of Ignore). Timers of equal delay
 * run in order, so one queued after the key press runs after the trap's.
 */
export async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await page.evaluate('new Promise((resolve) => setTimeout(resolve))');
}

export async function focused(page: Page): Promise<Focused | null> {
  return (await page.evaluate(FOCUSED)) as Focused | null;
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element's name matches; fails naming every element passed.
 * Each element reached must show its focus.
 */
export async function tabTo(page: Page, name: string | RegExp, options: { back?: boolean; max?: number } = {}): Promise<Focused> {
  const seen: string[] = [];
  const matches = (n: string) => (typeof name === 'string' ? n === name : name.test(n));
  for (let i = 0; i < (options.max ?? 120); i++) {
    await press(page, options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (!now) continue;
    seen.push(`${now.tag}${now.role ? `[${now.role}]` : ''} "${now.name.slice(0, 60)}"`);
    if (matches(now.name)) {
      if (!now.indicated) throw new Error(`"${now.name}" has the focus but shows no focus indicator`);
      return now;
    }
  }
  throw new Error(`No element named ${String(name)} was reached by ${options.back ? 'Shift+Tab' : 'Tab'}; passed:\n${seen.join('\n')}`);
}
