// Browser test of scan schedules: a daily schedule on a tag made in the editor with its next runs shown before saving
// and a webhook to tell; the scheduler started on an injected clock at its first start; the run listed on the
// schedule's page and found by the scan list's scheduled filter; and the webhook receiver given the signed message.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import { assets, assetTags, notificationDeliveries, scanProfiles, scanSchedules, tags } from '../packages/server/src/db/schema/index.ts';
import { runDueScanSchedules } from '../packages/server/src/modules/scans/schedules.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { startStack, type Stack } from './helpers/stack.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';

let stack: Stack;
let receiver: Server;
const received: { event: string; body: string }[] = [];

describe('scan schedules in the browser', () => {
  beforeAll(async () => {
    stack = await startStack();
    const db = stack.app.ctx.db;
    const [host] = await db
      .insert(assets)
      .values({ customerId: 1, kind: 'host', type: 2, value: '127.0.9.7', address: '127.0.9.7' })
      .returning();
    const [office] = await db.insert(tags).values({ customerId: 1, name: 'Office' }).returning();
    await db.insert(assetTags).values({ customerId: 1, tagId: office!.id, assetId: host!.id });
    await db.insert(scanProfiles).values({
      customerId: 1,
      name: 'Nightly port',
      fields: { ...DEFAULT_NETWORK_PROFILE, standard_scan: false, ss_use_tcp: false, custom_tcp_range: '48800' },
    });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ event: String(req.headers['x-bulwark-event']), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.9.8', resolve));
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
    await stack?.close();
  });

  it('makes a daily schedule on a tag, starts it on the clock, and tells the webhook', async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    // The webhook integration, as an administrator sets it up.
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const port = (receiver.address() as AddressInfo).port;
    const put = await page.request.fetch('/api/app1/customer/1/webhooks/', {
      method: 'PUT',
      data: { enabled: true, url: `http://127.0.9.8:${port}/hook`, token: 'e2e-secret' },
      headers: { 'x-csrftoken': csrf },
    });
    expect(put.ok(), await put.text()).toBe(true);

    await page.goto('/scans/schedules');
    await page
      .getByRole('button', { name: /New schedule|Create your first schedule/ })
      .first()
      .click();
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Name').fill('Office nightly');
    await form.getByRole('combobox', { name: 'Profile' }).click();
    await page.getByRole('option', { name: 'Nightly port' }).click();
    await form.getByRole('combobox', { name: 'Include assets tagged' }).click();
    await page.getByRole('option', { name: 'Office' }).click();
    await form.getByLabel('Name').click();
    await form.getByText('Daily', { exact: true }).click();
    await form.getByRole('checkbox', { name: 'Webhooks' }).first().check();
    const upcoming = page.getByTestId('schedule-upcoming');
    await pwExpect.poll(async () => ((await upcoming.textContent()) ?? '').match(/\d{2}:\d{2}/g)?.length ?? 0, 10_000).toBeGreaterThan(4);
    await form.getByRole('button', { name: 'Create schedule' }).click();
    await pwExpect(form).toBeHidden();
    await pwExpect(page.getByRole('link', { name: 'Office nightly' })).toBeVisible();

    // The scheduler's clock reaches the first start.
    const [schedule] = await stack.app.ctx.db.select().from(scanSchedules).where(eq(scanSchedules.name, 'Office nightly'));
    const started = await runDueScanSchedules(stack.app.ctx.db, stack.app.ctx, schedule!.nextRunAt!, stack.app.ctx.log, {
      publicUrl: stack.app.ctx.config.publicUrl,
      send: stack.app.ctx.jobs!.send,
    });
    expect(started).toHaveLength(1);

    await page.getByRole('link', { name: 'Office nightly' }).click();
    await page.waitForURL(new RegExp(`/scans/schedules/view/${schedule!.scanId}$`));
    await pwExpect(page.getByRole('link', { name: /\d{4}-\d{2}-\d{2}/ }).first()).toBeVisible();
    const runs = await page.request.get('/api/scan/nruns/?scheduled=true');
    const listed = (await runs.json()) as { results: { id: number; targets: string[] }[] };
    expect(listed.results.map((r) => r.id)).toEqual(started);
    expect(listed.results[0]!.targets).toEqual(['127.0.9.7']);

    await pwExpect.poll(() => received.filter((r) => r.event === 'scan_started').length, 20_000).toBeGreaterThan(0);
    expect(JSON.parse(received.find((r) => r.event === 'scan_started')!.body)).toMatchObject({
      title: 'Scheduled scan started: Office nightly',
      run: started[0],
    });
    const [delivery] = await stack.app.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.event, 'scan_started'));
    expect(delivery).toMatchObject({ channel: 'webhooks', state: 'sent' });
    await context.close();
  });
});
