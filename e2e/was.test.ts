// Browser test of web-application scanning: a web-application asset for a small shop on loopback whose product page
// puts its id straight into a PostgreSQL query (PGlite) and shows the database's error, a web scan started from
// /was/scans/start/{assetId} with the built-in Standard profile, its run watched to the end on its result page (URLs
// found, requests sent), and the confirmed SQL injection opened from its findings with its evidence (the request with
// the payload, the database error as proof) in the unified vulnerabilities.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleRunProcessing } from '../packages/server/src/modules/results/queue.ts';
import { api } from './helpers/api.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { expectNoCutText } from './helpers/layout.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const HOST = '127.0.28.7';

/** The shop: a home page linking two products, and a product page with an error-based SQL injection. */
async function startShop(): Promise<{ url: string; close(): Promise<void> }> {
  const db = new PGlite();
  await db.exec("CREATE TABLE items (id int primary key, name text); INSERT INTO items VALUES (1, 'Teapot'), (2, 'Kettle');");
  const page = (body: string) => `<!doctype html><html><head><title>Shop</title></head><body><a href="/">Home</a>${body}</body></html>`;
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://shop');
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(body));
    };
    if (u.pathname === '/') return send(200, '<h1>Shop</h1><a href="/item?id=1">Teapot</a> <a href="/item?id=2">Kettle</a>');
    if (u.pathname === '/item')
      return void db.query<{ name: string }>(`SELECT name FROM items WHERE id = ${u.searchParams.get('id') ?? ''}`).then(
        (r) => send(200, `<h1>${r.rows.map((row) => row.name).join(', ') || 'No such item'}</h1>`),
        (e: Error) => send(500, `<h2>Database error</h2><pre>ERROR: ${e.message}</pre>`),
      );
    send(404, 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${HOST}:${port}/`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}

describe('a web-application scan in the browser', () => {
  let stack: Stack;
  let shop: Awaited<ReturnType<typeof startShop>>;

  beforeAll(async () => {
    stack = await startStack();
    shop = await startShop();
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await stack?.close();
  });

  it(
    'creates a web asset, starts a scan from start/{assetId}, watches it run and opens a confirmed SQL injection with its evidence',
    { timeout: 360_000 },
    async () => {
      const { context, page } = await stack.newPage();
      await signInAsAdmin(page);

      // The web-application asset (set up through the API, as the asset form would).
      const asset = await api<{ id: number }>(page, 'POST', '/api/assets/assets/', { value: shop.url, name: 'Shop' });

      // Start the scan on it: the Standard profile is chosen by default.
      await page.goto(`/was/scans/start/${asset.id}`);
      const form = page.getByRole('form', { name: 'Start web scan' });
      await pwExpect
        .poll(async () => /Standard/.test(await form.getByRole('combobox', { name: /^Profile/ }).inputValue()), 30_000)
        .toBe(true);
      await form.getByRole('textbox', { name: 'Scan name' }).fill('Shop scan');
      await form.getByRole('button', { name: 'Start scan' }).click();

      // The run's page follows; it shows the crawl as it goes and ends Finished.
      await page.waitForURL(/\/was\/scans\/view\/was\/\d+$/);
      await pwExpect(page.getByRole('heading', { level: 1, name: 'Shop scan' })).toBeVisible();
      await pwExpect
        .poll(async () => ((await page.getByTestId('run-status').first().textContent()) ?? '').trim(), 240_000)
        .toBe('Finished');
      await settleRunProcessing(stack.app.ctx);
      await page.reload();
      const facts = page.getByRole('region', { name: 'Summary' });
      await pwExpect(facts.getByText('URLs found')).toBeVisible();
      await expectNoCutText(page, 'the web scan result page');

      // Findings by OWASP category, and the SQL injection among the application's web findings.
      const owasp = page.getByRole('table', { name: 'This run’s findings by OWASP Top 10 category' }).getByText('A03 Injection');
      await pwExpect.poll(() => owasp.count(), 30_000).toBeGreaterThan(0);
      const findings = page.getByRole('table', { name: 'Web findings' });
      const sqli = findings.getByRole('link', { name: 'SQL injection (error-based)' }).first();
      await pwExpect(sqli).toBeVisible();
      await sqli.click();

      // The unified vulnerability with its evidence: the payload sent in the request and the database's error.
      await page.waitForURL(/\/vm\/unified-vulnerabilities\//);
      await page.getByRole('tab', { name: /Evidence/ }).click();
      await pwExpect(page.getByText(/id=/).first()).toBeVisible({ timeout: 30_000 });
      await pwExpect(page.getByText(/syntax error|ERROR:/).first()).toBeVisible();
      await pwExpect(page.getByText(/confirmed/i).first()).toBeVisible();
      await expectNoCutText(page, 'the SQL injection’s evidence');
      expect(page.url()).toContain('/vm/unified-vulnerabilities/');
      await context.close();
    },
  );
});
