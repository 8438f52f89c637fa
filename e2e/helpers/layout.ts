// The layout check of the browser tests: no badge, tag, pill, tab or table cell on the page shows its text cut (an
// ellipsis, or text clipped by its box), so "FAIL", "NEW" or "CRITICAL" are never read as "F…", "N…" or "CRITI…".
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What is checked: Mantine badges and pills, tags, tabs, and every table cell and header. */
const CHECKED = ['.mantine-Badge-label', '.mantine-Pill-label', '[data-tag]', '.mantine-Tabs-tabLabel', 'td', 'th'];

/** A cell may cut a long free text on purpose when it says so (and shows the whole text in a title or tooltip). */
const MAY_CUT = '[data-may-cut]';

export interface CutText {
  selector: string;
  text: string;
  shown: number;
  needed: number;
}

/**
 * Runs in the page (as source text: the browser tests are compiled without the DOM's types): every checked, visible
 * element whose text is wider than the box that clips it. A box that wraps its text grows instead of cutting it.
 */
const FIND_CUT = `(({ checked, mayCut }) => {
  const out = [];
  for (const selector of checked) {
    for (const el of document.querySelectorAll(selector)) {
      if (el.closest(mayCut) || el.offsetParent === null) continue;
      const text = (el.innerText || '').trim();
      if (!text) continue;
      const style = getComputedStyle(el);
      const clips = style.textOverflow === 'ellipsis' || style.overflow === 'hidden' || style.overflowX === 'hidden';
      if (clips && el.scrollWidth > el.clientWidth + 1) out.push({ selector, text, shown: el.clientWidth, needed: el.scrollWidth });
    }
  }
  return out;
})`;

/** Every checked element on the page whose text is wider than the box that shows it. */
export async function cutTexts(page: Page): Promise<CutText[]> {
  return page.evaluate(`${FIND_CUT}(${JSON.stringify({ checked: CHECKED, mayCut: MAY_CUT })})`) as Promise<CutText[]>;
}

/** Fails with every cut text of the page, named with where it was seen. */
export async function expectNoCutText(page: Page, where: string): Promise<void> {
  const cut = await cutTexts(page);
  expect(cut, `${where}: text cut off`).toEqual([]);
}
