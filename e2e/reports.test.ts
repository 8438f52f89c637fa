// Browser test of reports: a PDF report asked for from the report list, made by the job queue, downloaded from its row
// and read back with pdftotext (its figures are those of the findings in the database); then its web view.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../packages/server/src/db/schema/index.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { ADMIN_EMAIL, startStack, type Stack } from './helpers/stack.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';

const PDFTOTEXT = '/usr/bin/pdftotext';
const PROFILE = '/settings/profile';
let stack: Stack;

describe.skipIf(!existsSync(PDFTOTEXT))('reports in the browser', () => {
  beforeAll(async () => {
    stack = await startStack();
    const db = stack.app.ctx.db;
    // Two hosts with three open findings of two issues, as the results pipeline leaves them.
    await db.execute(sql`
      insert into assets (customer_id, kind, type, value, address, first_seen, last_seen, risk_score)
      values (1, 'host', 2, '127.0.9.1', '127.0.9.1', now(), now(), 72), (1, 'host', 2, '127.0.9.2', '127.0.9.2', now(), now(), 35)`);
    await db.execute(sql`
      insert into issues (customer_id, hid, source, kind, check_id, name, severity, first_seen, last_seen)
      values (1, 'nvt-ssh-weak-macs', 'network', 2, 'ssh-weak-macs', 'SSH weak MAC algorithms', 4, now(), now()),
             (1, 'nvt-ssh-terrapin', 'network', 2, 'ssh-terrapin', 'SSH Terrapin prefix truncation', 2, now(), now())`);
    await db.execute(sql`
      insert into findings (customer_id, host_id, key, source, check_id, port, protocol, name, severity, confidence, state,
                            risk_score, first_seen, last_seen, issue_id, kind)
      select 1, a.id, 'check:' || i.check_id || '@22/tcp', 'network', i.check_id, 22, 6, i.name, i.severity, 'confirmed', 0,
             i.severity * 15, now(), now(), i.id, 2
      from assets a join issues i on i.hid = 'nvt-ssh-terrapin' or a.value = '127.0.9.1'`);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('asks for a PDF report, downloads it from the list, and shows its web view', async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    await page.goto('/reports/reports');
    await page.getByRole('button', { name: 'Create your first report' }).click();
    const form = page.getByRole('form', { name: 'New report' });
    await form.getByLabel('Name').fill('Board PDF');
    await form.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'PDF', exact: true }).click();
    await form.getByRole('button', { name: 'Start report' }).click();

    const download = page.getByRole('link', { name: 'Download Board PDF' });
    await pwExpect(download).toBeVisible({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const saved = await file.path();
    const text = execFileSync(PDFTOTEXT, ['-layout', saved, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Open findings 3');
    expect(text).toContain('Critical 1');
    expect(text).toContain('Medium 2');
    expect(text).toContain('nvt-ssh-weak-macs');

    await page.getByRole('link', { name: 'View Board PDF' }).click();
    await page.waitForURL(/\/reports\/reports\/view\/\d+$/);
    await pwExpect(page.getByRole('heading', { name: 'Executive summary' })).toBeVisible();
    await pwExpect(page.getByText('SSH weak MAC algorithms').first()).toBeVisible();
    await context.close();
  });

  it('turns the digest e-mail on from the profile, sent form-encoded and kept with the user', async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    await page.goto(PROFILE);
    const digest = page.getByRole('form', { name: 'Digest e-mail' });
    await digest.getByRole('switch', { name: 'E-mail me a digest' }).check();
    await digest.getByRole('button', { name: 'Save digest settings' }).click();
    await pwExpect
      .poll(async () => {
        const [row] = await stack.app.ctx.db.select({ config: users.digestConfig }).from(users).where(eq(users.email, ADMIN_EMAIL));
        return (row?.config as { enabled?: boolean } | null)?.enabled ?? false;
      }, 10_000)
      .toBe(true);
    await context.close();
  });
});
