// The vulnerability-intelligence page against a stubbed API: the imports table (rows, progress, counts, paging in the
// URL) for superusers only, and CVE lookups whose results and server field errors land where the user looks.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import IntelligencePage from './IntelligencePage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aMatch, anImport, aSession, aSyncSource, aSyncStatus, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/settings/intelligence';
const CPE = 'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*';

const STATUS = { cves: 36, kev: 1404, epss: 36, osv: 0, distro_fixes: 5, last_import: anImport(), sync: aSyncStatus() };

function api(): ApiStub {
  return stubApi()
    .on('GET', 'intel/status/', STATUS)
    .on('GET', 'intel/imports/', page([anImport({ id: 3 })], 11))
    .on('GET', 'intel/match/', [aMatch()]);
}

describe('IntelligencePage', () => {
  it('shows a superuser the imports, each row with its progress and counts, paged in the URL', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<IntelligencePage />, { path: PATH, session: aSession() });
    const table = await screen.findByRole('table', { name: 'Imports' });
    const row = within(table).getByRole('row', { name: /known_exploited_vulnerabilities\.json/ });
    expect(row).toHaveAttribute('data-import-id', '3');
    expect(within(row).getByRole('progressbar', { name: 'Import 3 progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(row.querySelector('[data-count="read"]')).toHaveTextContent('1,404');
    expect(within(row).getByText('Done')).toBeInTheDocument();
    expect(screen.getByText('11 imports')).toBeInTheDocument();
    // The stored feeds, Debian's backported fixes among them.
    expect(screen.getByText('Debian fixes')).toBeInTheDocument();
    expect(screen.getByText('Backported fixes by release')).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of imports' })).getByRole('button', { name: 'Page 2' }));
    expect(search().get('imports.page')).toBe('2');
    await waitFor(() => expect(stub.calls('GET', 'intel/imports/').at(-1)!.query.get('page')).toBe('2'));
    expect(stub.calls('GET', 'intel/imports/').at(-1)!.query.get('page_size')).toBe('10');
  });

  it('shows neither the import form, the imports nor Sync now to a user who is not a platform operator', async () => {
    api();
    renderWithApp(<IntelligencePage />, {
      path: PATH,
      session: aSession(aUserProfile({ is_superuser: true, customer_admin: true, platform_operator: false })),
    });
    expect(await screen.findByRole('heading', { name: 'Look up a product or package' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Imports' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Imports' })).not.toBeInTheDocument();
    // The sync state is for everyone; starting one is not.
    expect(await screen.findByRole('table', { name: 'Feed sync' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('shows each feed source: its state, last success, records, progress while it syncs, and a failure with its error', async () => {
    api().on('GET', 'intel/status/', {
      ...STATUS,
      sync: aSyncStatus({
        running: true,
        sources: [
          aSyncSource({
            source: 'nvd',
            label: 'NVD CVE API 2.0',
            state: 'running',
            records: 36,
            progress: { phase: 'download', done: 4000, total: 10000, unit: 'records', percent: 40, note: null },
          }),
          aSyncSource(),
          aSyncSource({ source: 'epss', label: 'FIRST EPSS daily scores', unchanged: true, records: 0 }),
          aSyncSource({
            source: 'osv/Ubuntu',
            label: 'OSV Ubuntu',
            state: 'running',
            progress: {
              phase: 'waiting',
              done: 0,
              total: null,
              unit: 'bytes',
              percent: null,
              note: 'OSV Ubuntu answered 503 Service Unavailable; trying again in 12 s (try 3 of 6).',
            },
          }),
          aSyncSource({
            source: 'osv/Debian',
            label: 'OSV Debian',
            state: 'failed',
            last_error: 'OSV Debian answered 503 Service Unavailable 6 times; the next sync tries again.',
            last_error_at: '2026-11-24T03:31:00.000Z',
          }),
          aSyncSource({
            source: 'debian',
            label: 'Debian Security Tracker',
            state: 'never',
            last_success_at: null,
            last_attempt_at: null,
            records: 0,
          }),
        ],
      }),
    });
    renderWithApp(<IntelligencePage />, { path: PATH, session: aSession() });
    const table = await screen.findByRole('table', { name: 'Feed sync' });
    const nvd = within(table).getByRole('row', { name: /NVD CVE API 2\.0/ });
    expect(nvd).toHaveAttribute('data-state', 'running');
    expect(within(nvd).getByText('Syncing')).toBeInTheDocument();
    expect(within(nvd).getByRole('progressbar', { name: 'NVD CVE API 2.0 progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(nvd).getByText('Downloading 4,000 records of 10,000 records')).toBeInTheDocument();
    // A source that answered "later" says what the sync waits for, and draws no progress bar.
    const ubuntu = within(table).getByRole('row', { name: /OSV Ubuntu/ });
    expect(within(ubuntu).getByText('OSV Ubuntu answered 503 Service Unavailable; trying again in 12 s (try 3 of 6).')).toBeInTheDocument();
    expect(within(ubuntu).queryByRole('progressbar')).not.toBeInTheDocument();
    const kev = within(table).getByRole('row', { name: /CISA Known Exploited/ });
    expect(within(kev).getByText('Up to date')).toBeInTheDocument();
    expect(kev.querySelector('[data-records]')).toHaveTextContent('1,404');
    expect(
      within(table)
        .getByRole('row', { name: /FIRST EPSS/ })
        .querySelector('[data-records]'),
    ).toHaveTextContent('Unchanged');
    const debian = within(table).getByRole('row', { name: /OSV Debian/ });
    expect(within(debian).getByText('Failed')).toBeInTheDocument();
    expect(within(debian).getByText(/answered 503 Service Unavailable 6 times/)).toBeInTheDocument();
    expect(screen.getByText('A feed could not be synced')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Debian Security Tracker/ })).getByText('Not synced yet')).toBeInTheDocument();
    expect(screen.getByTestId('sync-schedule')).toHaveTextContent(
      'The feeds sync by themselves every day at 03:30 (UTC). Next run: 2026-11-25 03:30.',
    );
    // While a sync runs, its button says so and cannot start another.
    expect(screen.getByRole('button', { name: 'Syncing…' })).toBeDisabled();
  });

  it('starts a sync for a platform operator, and says when the server refuses', async () => {
    const stub = api().on('POST', 'intel/sync/', json({ detail: 'The feed sync has started.', sources: ['nvd', 'kev'] }, 202));
    const { user } = renderWithApp(<IntelligencePage />, { path: PATH, session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(stub.calls('POST', 'intel/sync/')).toHaveLength(1));
    expect(await screen.findByText('The feed sync has started. Sources: nvd, kev.')).toBeInTheDocument();

    stub.on('POST', 'intel/sync/', json({ detail: 'A feed sync is already running (since 2026-11-24T03:30:00.000Z).' }, 409));
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('A feed sync is already running (since 2026-11-24T03:30:00.000Z).')).toBeInTheDocument();
  });

  it('says the feeds sync by themselves when none is stored yet, and how to import a bundle without internet', async () => {
    api().on('GET', 'intel/status/', {
      ...STATUS,
      cves: 0,
      kev: 0,
      epss: 0,
      osv: 0,
      distro_fixes: 0,
      sync: aSyncStatus({ running: true }),
    });
    renderWithApp(<IntelligencePage />, { path: PATH, session: aSession() });
    expect(await screen.findByRole('heading', { name: 'The first feed sync is running' })).toBeInTheDocument();
    expect(screen.getByText(/downloads the NVD, CISA KEV, FIRST EPSS, OSV and Debian feeds by itself/)).toBeInTheDocument();
    expect(screen.getByText('npx bulwark feeds import bulwark-feeds.tar.gz')).toBeInTheDocument();
  });

  it('looks up a CPE and lists the CVEs found', async () => {
    const stub = api();
    const { user } = renderWithApp(<IntelligencePage />, { path: PATH, session: aSession() });
    await user.type(await screen.findByRole('textbox', { name: 'CPE name' }), CPE);
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const results = await screen.findByRole('table', { name: `Known vulnerabilities for ${CPE}` });
    const row = within(results).getByRole('row', { name: /CVE-2024-6387/ });
    expect(within(row).getByText('8.1 (v3.1)')).toBeInTheDocument();
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(stub.calls('GET', 'intel/match/').at(-1)!.query.get('cpe')).toBe(CPE);
    expect(screen.getByText(/1 known vulnerability for/)).toBeInTheDocument();
  });

  it('says when nothing is known, and puts the server’s error about the CPE under its field', async () => {
    const stub = api().on('GET', 'intel/match/', []);
    const { user } = renderWithApp(<IntelligencePage />, { path: PATH, session: aSession() });
    const input = await screen.findByRole('textbox', { name: 'CPE name' });
    await user.type(input, CPE);
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('No known vulnerabilities for this CPE.')).toBeInTheDocument();

    stub.on('GET', 'intel/match/', json({ cpe: ['Not a CPE 2.3 name: openssh'] }, 400));
    await user.clear(input);
    await user.type(input, 'openssh');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Not a CPE 2.3 name: openssh')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
