// One mail server's page against a stubbed API: its summary; the last run's checks grouped as the domain's DNS (in the
// usual order) and one group per MX host; the MX records; the pass/fail history of each check (worst over its targets)
// as text, oldest run first; the scan log's tally; and the spec's 404 text.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAIL_SERVER_NOT_FOUND, formatDateTime } from '@bulwark/core';
import MailServerPage from './MailServerPage.tsx';
import { groupMailChecks } from './components/MailChecks.tsx';
import { aMailLog, aMailServer } from './monitor-fixtures.ts';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/security-tools/mail-servers/view/:serverId';
const URL = '/security-tools/mail-servers/view/6';
const MX2 = 'mx2.example.org (192.0.2.26)';

const NEWEST = aMailLog({
  id: 71,
  started: '2026-11-29T06:00:00.000Z',
  status: 'failed',
  passed: 8,
  warnings: 1,
  failed: 2,
  newly_failing: ['spf'],
  result: {
    ...aMailLog().result,
    mx: [
      { host: 'mx2.example.org', preference: 20, addresses: ['192.0.2.26'] },
      { host: 'mx1.example.org', preference: 10, addresses: ['192.0.2.25'] },
    ],
    checks: [
      ...aMailLog().result.checks.filter((c) => c.check !== 'spf'),
      { check: 'spf', target: 'example.org', status: 'fail', detail: 'SPF ends in +all: anyone may send as example.org.' },
      { check: 'starttls', target: MX2, status: 'fail', detail: 'mx2.example.org does not offer STARTTLS.' },
    ],
  },
});
const LOGS = [NEWEST, aMailLog()];

describe('MailServerPage', () => {
  it('groups the last run’s checks by the domain’s DNS and each MX host, and lists the MX records', async () => {
    const stub = stubApi().on('GET', 'globalview/mailservers/:id/', aMailServer()).on('GET', 'mailserver-scan-log/', page(LOGS));
    renderWithApp(<MailServerPage />, { path: PATH, url: URL, session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'example.org' })).toBeInTheDocument();
    expect(stub.calls('GET', 'mailserver-scan-log/')[0]!.query.get('mail_server')).toBe('6');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('mx1.example.org (192.0.2.25)')).toBeInTheDocument();
    expect(within(summary).getByText('Common ones and mailjet')).toBeInTheDocument();

    const last = await screen.findByRole('region', { name: `Last run: ${formatDateTime(NEWEST.started)}` });
    expect(within(last).getByText('Started failing in this run: SPF.')).toBeInTheDocument();
    const dns = within(last).getByRole('table', { name: 'Domain (DNS)' });
    expect(
      within(dns)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-check')),
    ).toEqual(['mx', 'spf', 'dmarc', 'blocklist']);
    expect(within(within(dns).getByText('SPF').closest('tr')!).getByText('Failed')).toBeInTheDocument();
    const mx1 = within(last).getByRole('table', { name: 'MX mx1.example.org (192.0.2.25)' });
    expect(
      within(mx1)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-check')),
    ).toEqual(['starttls', 'open_relay']);
    const mx2 = within(last).getByRole('table', { name: `MX ${MX2}` });
    expect(within(mx2).getByText('mx2.example.org does not offer STARTTLS.')).toBeInTheDocument();

    const records = within(await screen.findByRole('region', { name: 'MX records' })).getByRole('table', { name: 'MX records' });
    expect(
      within(records)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['10mx1.example.org192.0.2.25', '20mx2.example.org192.0.2.26']);
  });

  it('shows each check’s pass/fail history, the worst over its hosts, oldest run first', async () => {
    stubApi().on('GET', 'globalview/mailservers/:id/', aMailServer()).on('GET', 'mailserver-scan-log/', page(LOGS));
    renderWithApp(<MailServerPage />, { path: PATH, url: URL, session: aSession() });
    const history = await screen.findByRole('table', { name: 'Check history, oldest run first' });
    const cells = (check: string) =>
      [...within(history).getByRole('rowheader', { name: check }).closest('tr')!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells('SPF')).toEqual(['Passed', 'Failed']);
    expect(cells('STARTTLS')).toEqual(['Passed', 'Failed']);
    expect(cells('DMARC')).toEqual(['Warning', 'Warning']);
    expect(within(history).queryByRole('rowheader', { name: 'DNSSEC' })).not.toBeInTheDocument();
    const log = screen.getByRole('table', { name: 'Scan log' });
    const newest = within(log).getAllByRole('row')[1]!;
    expect(newest).toHaveAttribute('data-log-id', '71');
    expect([...newest.querySelectorAll('td')].map((c) => c.textContent)).toContain('SPF');
  });

  it('says the spec’s words when there is no such mail server', async () => {
    stubApi().on('GET', 'globalview/mailservers/:id/', json({ detail: MAIL_SERVER_NOT_FOUND }, 404));
    renderWithApp(<MailServerPage />, { path: PATH, url: '/security-tools/mail-servers/view/99', session: aSession() });
    expect(await screen.findByText(MAIL_SERVER_NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All mail servers' })).toHaveAttribute('href', '/security-tools/mail-servers');
  });

  it('puts the domain’s checks first in the usual order and every other check under its MX host', () => {
    const groups = groupMailChecks(NEWEST.result.checks);
    expect(groups.map((g) => g.title)).toEqual(['Domain (DNS)', 'MX mx1.example.org (192.0.2.25)', `MX ${MX2}`]);
    expect(groups[0]!.checks.map((c) => c.check)).toEqual(['mx', 'spf', 'dmarc', 'blocklist']);
  });
});
