// Browser test of cloud scanning: a moto AWS account (packages/scanner/test/cloud-helpers/moto.ts, seeded with a good and
// a bad bucket by the scanner's own seed) that the stack reaches through BULWARK_CLOUD_AWS_URL; an AWS profile created on
// /cloud/scan-profiles/new and its credentials tested (account 123456789012), a scan started from /cloud/scans and watched
// to the end on its result page, and the public bucket's failed control opened on its cp page with the bucket among the
// resources that fail it.
import { eq } from 'drizzle-orm';
import { scanRun } from '@bulwark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../packages/server/src/db/schema/index.ts';
import { settleRunProcessing } from '../packages/server/src/modules/results/queue.ts';
import { KEY, MOTO_ACCOUNT, seedAccount } from '../packages/scanner/test/cloud-aws-seed.ts';
import { motoSource, startMoto, type Moto } from '../packages/scanner/test/cloud-helpers/moto.ts';
import { api } from './helpers/api.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { expectNoCutText } from './helpers/layout.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const MOTO_HOST = '127.0.74.2';
const source = motoSource();

describe.skipIf('missing' in source)(`a cloud scan in the browser${'missing' in source ? ` (skipped: ${source.missing})` : ''}`, () => {
  let stack: Stack;
  let moto: Moto;

  beforeAll(async () => {
    moto = await startMoto(MOTO_HOST);
    await seedAccount(moto.url);
    stack = await startStack({ BULWARK_CLOUD_AWS_URL: moto.url });
    const db = stack.app.ctx.db;
    const [customer] = await db.select().from(customers).limit(1);
    await db
      .update(customers)
      .set({ featureFlags: [...new Set([...customer!.featureFlags, 'cloud-scanning', 'cloud-vm-resources'])] })
      .where(eq(customers.id, customer!.id));
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await moto?.stop();
  });

  it('creates an AWS profile, tests it, starts a scan and opens the public-bucket finding', { timeout: 360_000 }, async () => {
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);

    // The profile: AWS access keys, tested before saving.
    await page.goto('/cloud/scan-profiles/new');
    const form = page.getByRole('form', { name: 'Cloud scan profile' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('moto account');
    await form.getByRole('textbox', { name: /^Access key ID/ }).fill(KEY.accessKeyId);
    await form.getByLabel(/^Secret access key/).fill(KEY.secretAccessKey);
    await form.getByRole('button', { name: 'Test credentials' }).click();
    await pwExpect(form.getByText('Credentials accepted')).toBeVisible({ timeout: 60_000 });
    await pwExpect(form.getByText(`Account: ${MOTO_ACCOUNT}`)).toBeVisible();
    await form.getByRole('button', { name: 'Create profile' }).click();
    await page.waitForURL(/\/cloud\/scan-profiles\/\d+$/);
    await expectNoCutText(page, 'the cloud profile page');

    // The scan, started from the list; its run's page follows and ends Finished.
    await page.goto('/cloud/scans');
    await page.getByRole('button', { name: 'New cloud scan' }).click();
    const start = page.getByRole('form', { name: 'New cloud scan' });
    await start.getByRole('textbox', { name: /^Name/ }).fill('moto scan');
    await start.getByRole('combobox', { name: /^Cloud profile/ }).click();
    await page.getByRole('option', { name: 'moto account (AWS)' }).click();
    await start.getByRole('button', { name: 'Start scan' }).click();
    await page.waitForURL(/\/cloud\/scans\/result\/\d+$/);
    // The run as the page reads it (scan/cruns/{id}/) is a run row (core scanRun).
    const runId = Number(new URL(page.url()).pathname.split('/').at(-1));
    scanRun.parse(await api(page, 'GET', `/api/scan/cruns/${runId}/`));
    await pwExpect(page.getByRole('heading', { level: 1, name: 'moto scan' })).toBeVisible();
    await pwExpect.poll(async () => ((await page.getByTestId('run-status').first().textContent()) ?? '').trim(), 240_000).toBe('Finished');
    await settleRunProcessing(stack.app.ctx);
    await page.reload();

    // The controls: the public bucket's block-public-access control failed; its cp page lists the bucket.
    const controls = page.getByRole('table', { name: 'Controls' });
    const control = controls.getByRole('link', { name: 'S3 bucket blocks public access' });
    await pwExpect(control).toBeVisible({ timeout: 30_000 });
    await expectNoCutText(page, 'the cloud scan result page');
    await control.click();
    await page.waitForURL(/\/vm\/unified-vulnerabilities\/cp\/aws-s3-block-public-access$/);
    await pwExpect(page.getByRole('heading', { level: 1, name: 'S3 bucket blocks public access' })).toBeVisible();
    const resources = page.getByRole('table', { name: 'Resources that fail this control' });
    await pwExpect(resources.getByRole('link', { name: 'bulwark-public-bucket' })).toBeVisible({ timeout: 30_000 });
    await expectNoCutText(page, 'the cloud control page');
    expect(page.url()).toContain('/cp/');
    await context.close();
  });
});
