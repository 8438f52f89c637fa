// Calls to the API from a signed-in page (with the CSRF token the web app sends), and waiting for a scan's run to finish.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expect as pwExpect } from './expect.ts';

export async function api<T>(page: Page, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await page.request.fetch(url, { method, data: body, headers: { 'x-csrftoken': csrf } });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Waits until the network scan's last run is Finished (within `timeoutMs`). */
export async function waitForScanFinished(page: Page, scanId: number, timeoutMs = 120_000): Promise<void> {
  await pwExpect
    .poll(async () => {
      const s = await api<{ last_run: number | null }>(page, 'GET', `/api/scan/nscans/${scanId}/`);
      if (s.last_run === null) return 'none';
      return (await api<{ status_label: string }>(page, 'GET', `/api/scan/nruns/${s.last_run}/`)).status_label;
    }, timeoutMs)
    .toBe('Finished');
}
