// Test fixture: the shop page as one load renders it, with fresh CSRF tokens, nonces, session ids and a random moment.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const shopPage = readFileSync(new URL('./shop-page.html', import.meta.url), 'utf8');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `page` with each {{name}} filled by a fresh value, at a moment between 2002 and 2033 (epoch seconds of 10 digits);
 * `values` are what a normalised page must no longer contain.
 */
export function render(page = shopPage): { html: string; values: string[] } {
  const when = new Date(Date.UTC(2002, 0, 1) + Math.floor(Math.random() * 31 * 365 * 86_400_000));
  const values: Record<string, string> = {
    b64: randomBytes(32).toString('base64'),
    hex: randomBytes(16).toString('hex'),
    alnum: Array.from(randomBytes(64), (b) => ALNUM[b % ALNUM.length]).join(''),
    uuid: randomUUID(),
    epoch: String(Math.floor(when.getTime() / 1000)),
    epochMs: String(when.getTime()),
    fraction: `0.${Array.from(randomBytes(16), (b) => b % 10).join('')}`,
    iso: when.toISOString(),
    time: when.toISOString().slice(11, 19),
    httpDate: when.toUTCString(),
  };
  return { html: page.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? `{{${k}}}`), values: Object.values(values) };
}
