// Browser test of continuous monitoring, the issue's proof: with continuous monitoring on and a webhook integration
// pointing at a local receiver, an administrator creates a monitoring profile in the editor watching a host on a
// loopback address (expecting only 22 open, telling the webhooks), presses "Check now" (nothing open: no change), then a
// real TCP server starts listening on that address on a port of the watch list, "Check now" again raises exactly one
// "Unexpected open port" alert, seen in the alert list (and its chart), in its detail (closed → open) and delivered,
// signed, to the webhook receiver through the outbox. Stopping the daemon for one check and starting it again keeps that
// one alert open and raises nothing new.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, customers, monitoringAlerts, notificationDeliveries } from '../packages/server/src/db/schema/index.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { expectNoCutText } from './helpers/layout.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

/** The watched host (every 127.x address is this machine) and the receiver, on addresses no other test uses. */
const HOST = '127.30.77.5';
const RECEIVER = '127.30.77.8';
/** A port of the check's watch list (nmap's top 100) that nothing on a test machine listens on. */
const SURPRISE_PORT = 4899;
const SECRET = 'e2e-monitoring-secret';

let stack: Stack;
let receiver: Server;
let daemon: TcpServer | null = null;
const received: { event: string; signature: string; timestamp: string; body: string }[] = [];

async function listenTcp(host: string, port: number): Promise<TcpServer> {
  const server = createTcpServer((socket) => {
    // The check only connects and lets go (a reset, not a goodbye): that is no error of the daemon.
    socket.on('error', () => undefined);
    socket.end('SSH-2.0-not-really\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

describe('continuous monitoring in the browser', () => {
  beforeAll(async () => {
    stack = await startStack();
    const db = stack.app.ctx.db;
    const [customer] = await db.select().from(customers).limit(1);
    await db
      .update(customers)
      .set({ featureFlags: [...new Set([...customer!.featureFlags, 'continuous-monitoring'])] })
      .where(eq(customers.id, customer!.id));
    await db.insert(assets).values({ customerId: customer!.id, kind: 'host', type: 2, value: HOST, address: HOST, name: 'edge-gw' });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          event: String(req.headers['x-bulwark-event']),
          signature: String(req.headers['x-bulwark-signature']),
          timestamp: String(req.headers['x-bulwark-timestamp']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, RECEIVER, resolve));
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (daemon ? daemon.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
    await stack?.close();
  });

  it('creates a profile, sees a port open on the next check as one alert, and the webhook is told', { timeout: 300_000 }, async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const put = await page.request.fetch('/api/app1/customer/1/webhooks/', {
      method: 'PUT',
      data: { enabled: true, url: `http://${RECEIVER}:${(receiver.address() as AddressInfo).port}/hook`, token: SECRET },
      headers: { 'x-csrftoken': csrf },
    });
    expect(put.ok(), await put.text()).toBe(true);

    // The profile, made in the editor.
    await page.goto('/policies/monitoring-profiles');
    await pwExpect(page.getByText('No monitoring profiles yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add profile' }).first().click();
    const form = page.getByRole('form', { name: 'Monitoring profile' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Edge gateway');
    const picker = form.getByRole('combobox', { name: 'Assets', exact: true });
    await picker.click();
    await picker.fill(HOST);
    await page.getByRole('option', { name: 'edge-gw' }).click();
    await form.getByRole('textbox', { name: /^Expected open ports/ }).fill('22');
    await form.getByRole('switch', { name: 'Webhooks' }).check({ force: true });
    await form.getByRole('button', { name: 'Create profile' }).click();
    await pwExpect(page.getByText('Monitoring profile created.')).toBeVisible();
    await pwExpect(form).toBeHidden();
    const row = page.getByRole('table', { name: 'Monitoring profiles' }).getByRole('row').filter({ hasText: 'Edge gateway' });
    await pwExpect(row.getByText('22', { exact: true })).toBeVisible();
    await expectNoCutText(page, 'the profile list');

    // The first check: nothing open there yet.
    await row.getByRole('button', { name: 'Check Edge gateway now' }).click();
    await pwExpect(page.getByText(/^Edge gateway: Checked 1 asset \(\d+ ports\): no change\.$/)).toBeVisible({ timeout: 60_000 });

    // A daemon starts on a port nobody expects; the next check sees it (confirmed by its second look) and alerts once.
    daemon = await listenTcp(HOST, SURPRISE_PORT);
    await row.getByRole('button', { name: 'Check Edge gateway now' }).click();
    await pwExpect(page.getByText(/^Edge gateway: Checked 1 asset \(\d+ ports\): 1 new alert\.$/)).toBeVisible({ timeout: 60_000 });
    await pwExpect(row.getByRole('link', { name: '1 open alerts of Edge gateway' })).toBeVisible();
    const alerts = await stack.app.ctx.db.select().from(monitoringAlerts);
    expect(alerts.map((a) => [a.trigger, a.subject])).toEqual([['unexpected_port', expect.stringContaining(String(SURPRISE_PORT))]]);

    // The list and the chart.
    await page.goto('/policies/alerts');
    const list = page.getByRole('table', { name: 'Alerts' });
    const alertRow = list.getByRole('row').filter({ hasText: 'Unexpected open port' });
    await pwExpect(alertRow.getByText('edge-gw (127.30.77.5)')).toBeVisible();
    await pwExpect(alertRow.getByText('High')).toBeVisible();
    await pwExpect(page.getByRole('img', { name: /Alerts by trigger: Unexpected open port 1/ })).toBeVisible();
    await expectNoCutText(page, 'the alert list');

    // The detail: closed (or never seen) before, open after.
    await alertRow.getByRole('link', { name: alerts[0]!.title }).click();
    await page.waitForURL(new RegExp(`/policies/alerts/view/${alerts[0]!.id}$`));
    const change = page.getByRole('table', { name: 'What changed' });
    await pwExpect(change.getByRole('row', { name: /^Port .* Open/ })).toBeVisible();
    await pwExpect(page.getByRole('link', { name: 'Edge gateway' })).toBeVisible();
    await expectNoCutText(page, 'the alert page');

    // The webhook receiver is told, signed with the integration's secret, through the outbox.
    await pwExpect.poll(() => received.filter((r) => r.event === 'monitoring_alert').length, 60_000).toBeGreaterThan(0);
    const told = received.filter((r) => r.event === 'monitoring_alert');
    expect(told).toHaveLength(1);
    const hook = told[0]!;
    expect(hook.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(`${hook.timestamp}.${hook.body}`).digest('hex')}`);
    expect(JSON.parse(hook.body)).toMatchObject({ event: 'monitoring_alert', title: expect.stringContaining('Edge gateway') });
    const deliveries = await stack.app.ctx.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.event, 'monitoring_alert'));
    expect(deliveries.filter((d) => d.channel === 'webhooks').map((d) => d.state)).toEqual(['sent']);

    // Stopped for one check (a dropped look) and back: the alert stays open, nothing new is raised or told.
    await new Promise<void>((resolve) => daemon!.close(() => resolve()));
    daemon = null;
    await page.goto('/policies/monitoring-profiles');
    await row.getByRole('button', { name: 'Check Edge gateway now' }).click();
    await pwExpect(page.getByText(/^Edge gateway: Checked 1 asset/).last()).toBeVisible({ timeout: 60_000 });
    daemon = await listenTcp(HOST, SURPRISE_PORT);
    await row.getByRole('button', { name: 'Check Edge gateway now' }).click();
    await pwExpect.poll(async () => (await stack.app.ctx.db.select().from(monitoringAlerts))[0]?.count ?? 0, 60_000).toBeGreaterThan(1);
    const after = await stack.app.ctx.db.select().from(monitoringAlerts);
    expect(after.map((a) => [a.id, a.resolvedAt])).toEqual([[alerts[0]!.id, null]]);
    expect(received.filter((r) => r.event === 'monitoring_alert')).toHaveLength(1);
    await context.close();
  });
});
