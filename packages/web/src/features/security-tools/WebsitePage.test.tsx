// One website's page against a stubbed API: its summary, the last run's checks by name with their verdicts in words,
// TLS facts, security headers and redirects; the history charts' and check history's figures (their text tables, oldest
// run first); the scan log with a run's checks in a dialog; check now refreshing the page; delete going back to the
// list; a website never checked; and the spec's 404 text.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEBSITE_NOT_FOUND, crudMessages, formatDateTime } from '@bulwark/core';
import WebsitePage from './WebsitePage.tsx';
import { aWebsite, aWebsiteLog } from './monitor-fixtures.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/security-tools/websites/view/:websiteId';
const URL = '/security-tools/websites/view/4';

const OLDER = aWebsiteLog({
  id: 89,
  started: '2026-11-28T09:45:00.000Z',
  status: 'warning',
  response_ms: 180,
  status_code: 200,
  cert_days_left: 13,
  newly_failing: [],
  result: {
    ...aWebsiteLog().result,
    status_code: 200,
    checks: [
      { check: 'availability', target: 'https://shop.example.com/', status: 'pass', detail: 'The website answered.' },
      { check: 'status_code', target: 'https://shop.example.com/', status: 'pass', detail: 'The website answered 200.' },
      { check: 'tls_expiry', target: 'https://shop.example.com/', status: 'warn', detail: 'The certificate expires in 13 days.' },
    ],
  },
});
const LOGS = [aWebsiteLog(), OLDER];

function api(logs = LOGS, website = aWebsite()): ApiStub {
  return stubApi().on('GET', 'globalview/websites/:id/', website).on('GET', 'website-scan-log/', page(logs));
}

const section = (name: string | RegExp) => screen.findByRole('region', { name });

describe('WebsitePage', () => {
  it('shows the website, its last run, TLS, headers and redirects', async () => {
    const stub = api();
    renderWithApp(<WebsitePage />, { path: PATH, url: URL, session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(stub.calls('GET', 'website-scan-log/')[0]!.query.get('website')).toBe('4');
    const summary = await section('Summary');
    expect(within(summary).getByRole('link', { name: 'https://shop.example.com/' })).toBeInTheDocument();
    expect(within(summary).getByText('shop.example.com')).toBeInTheDocument();
    expect(within(summary).getByText('Must contain: Add to basket')).toBeInTheDocument();
    expect(within(summary).getByText('web@example.com')).toBeInTheDocument();
    expect(within(summary).getByText('+4512345678')).toBeInTheDocument();

    const last = await section(`Last run: ${formatDateTime('2026-11-28T10:00:00.000Z')}`);
    const checks = within(last).getByRole('table', { name: 'Checks of the last run' });
    const status = within(checks).getByText('Status code').closest('tr')!;
    expect(status).toHaveAttribute('data-status', 'fail');
    expect(within(status).getByText('Failed')).toBeInTheDocument();
    expect(within(status).getByText('The website answered 500 where a 2xx was expected.')).toBeInTheDocument();
    expect(within(within(checks).getByText('Certificate expiry').closest('tr')!).getByText('Warning')).toBeInTheDocument();
    expect(
      within(within(last).getByRole('list', { name: 'Redirects' })).getByText('301 → https://shop.example.com/home'),
    ).toBeInTheDocument();

    const tls = await section('TLS');
    expect(within(tls).getByText('TLSv1.3 · TLS_AES_256_GCM_SHA384')).toBeInTheDocument();
    expect(within(tls).getByText('shop.example.com, www.shop.example.com')).toBeInTheDocument();
    expect(within(tls).getByText('✓ Verifies against trusted roots')).toBeInTheDocument();
    const headers = within(await section('Security headers')).getByRole('table', { name: 'Security headers' });
    const csp = within(headers).getByText('Content-Security-Policy').closest('tr')!;
    expect(within(csp).getByText('Missing')).toBeInTheDocument();
    expect(within(csp).getByText('Warning')).toBeInTheDocument();
  });

  it('draws response time, certificate days and each check over the runs, oldest first, with their figures as text', async () => {
    api();
    renderWithApp(<WebsitePage />, { path: PATH, url: URL, session: aSession() });
    const response = await screen.findByRole('table', { name: 'Response time' });
    const rows = within(response)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([`${formatDateTime(OLDER.started)}180`, `${formatDateTime(LOGS[0]!.started)}420`]);
    const days = screen.getByRole('table', { name: 'Days to certificate expiry' });
    expect(
      within(days)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([`${formatDateTime(OLDER.started)}13`, `${formatDateTime(LOGS[0]!.started)}12`]);
    expect(screen.getByRole('img', { name: 'Response time over the last 2 runs, latest 420' })).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Check history, oldest run first' });
    const statusRow = within(history).getByRole('rowheader', { name: 'Status code' }).closest('tr')!;
    expect([...statusRow.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['Passed', 'Failed']);
  });

  it('lists the scan log and opens a run’s checks', async () => {
    api();
    const { user } = renderWithApp(<WebsitePage />, { path: PATH, url: URL, session: aSession() });
    const log = await screen.findByRole('table', { name: 'Scan log' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-log-id'))).toEqual(['90', '89']);
    expect(within(rows[0]!).getByText('Schedule')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Status code', { selector: 'p' })).toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: `Checks of the run of ${formatDateTime(OLDER.started)}` }));
    const dialog = await screen.findByRole('dialog', { name: `Run of ${formatDateTime(OLDER.started)}` });
    expect(within(dialog).getByText('The website answered 200.')).toBeInTheDocument();
  });

  it('checks the website now and shows the new run', async () => {
    const stub = api([]);
    const { user } = renderWithApp(<WebsitePage />, { path: PATH, url: URL, session: aSession() });
    expect(await screen.findByText('Not checked yet. It is checked on its schedule, or now with Check now.')).toBeInTheDocument();
    expect(screen.getByText('No response time measured yet.')).toBeInTheDocument();
    stub.on('POST', 'scan-website/', () => {
      stub.on('GET', 'website-scan-log/', page([aWebsiteLog({ trigger: 'manual' })]));
      return json(aWebsiteLog({ trigger: 'manual' }));
    });
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Shop checked: Failed. 1 check started failing.')).toBeInTheDocument();
    expect(stub.calls('POST', 'scan-website/')[0]!.body).toEqual({ id: 4 });
    expect(await screen.findByRole('table', { name: 'Checks of the last run' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Scan log' })).getByText('Check now')).toBeInTheDocument());
  });

  it('deletes the website and goes back to the list', async () => {
    const stub = api().on('DELETE', 'globalview/websites/:id/', json(undefined, 204));
    const { user, router } = renderWithApp(<WebsitePage />, { path: PATH, url: URL, session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete website' })).getByRole('button', { name: 'Delete website' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/security-tools/websites'));
    expect(stub.calls('DELETE', 'globalview/websites/:id/')[0]!.path).toBe('globalview/websites/4/');
    expect(await screen.findByText(crudMessages('website').deleted)).toBeInTheDocument();
  });

  it('says the spec’s words when there is no such website', async () => {
    stubApi().on('GET', 'globalview/websites/:id/', json({ detail: WEBSITE_NOT_FOUND }, 404));
    renderWithApp(<WebsitePage />, { path: PATH, url: '/security-tools/websites/view/77', session: aSession() });
    expect(await screen.findByText(WEBSITE_NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All websites' })).toHaveAttribute('href', '/security-tools/websites');
  });
});
