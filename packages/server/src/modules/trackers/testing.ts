// The settings pages' two tries (feature-areas §7 `test-connection/`, `test-ticket/`): sign in with the saved settings
// (and find the project or table), or create a real test issue and answer its key and address.
import type { Tracker } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { adapterFor } from './adapters/index.ts';
import { openTrackerSettings } from './settings.ts';

export type TestResult = { ok: true; detail: string } | { ok: false; error: string };

async function adapter(ctx: AppContext, customerId: number, tracker: Tracker, fetchImpl?: typeof fetch) {
  const settings = await openTrackerSettings(ctx.db, ctx.secrets, customerId, tracker);
  if (!settings?.url) return null;
  return adapterFor(tracker, settings, fetchImpl);
}

export async function testConnection(ctx: AppContext, customerId: number, tracker: Tracker, fetchImpl?: typeof fetch): Promise<TestResult> {
  const a = await adapter(ctx, customerId, tracker, fetchImpl);
  if (!a) return { ok: false, error: 'No URL is set.' };
  try {
    return await a.testConnection();
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

export async function testTicket(
  ctx: AppContext,
  customerId: number,
  tracker: Tracker,
  by: string,
  fetchImpl?: typeof fetch,
): Promise<{ ok: true; key: string; url: string } | { ok: false; error: string }> {
  const a = await adapter(ctx, customerId, tracker, fetchImpl);
  if (!a) return { ok: false, error: 'No URL is set.' };
  try {
    const issue = await a.createIssue({
      title: 'Bulwark test ticket',
      description: `A test of the integration, created by ${by}. It may be deleted.`,
      priority: 1,
      due_date: null,
      reference: { number: 0, uuid: '00000000-0000-0000-0000-000000000000', url: ctx.config.publicUrl },
    });
    return { ok: true, key: issue.key, url: issue.url };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
