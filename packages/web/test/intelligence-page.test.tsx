// The vulnerability-intelligence page against a stubbed API: the imports table (rows, progress, counts, paging in the
// URL) for superusers only, and CVE lookups whose results and server field errors land where the user looks.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import IntelligencePage from '../src/features/intel/IntelligencePage.tsx';
import { json, page, stubApi, type ApiStub } from './support/api-stub.ts';
import { aMatch, anImport, aSession, aUserProfile } from './support/fixtures.ts';
import { renderWithApp } from './support/render.tsx';

const PATH = '/settings/intelligence';
const CPE = 'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*';

function api(): ApiStub {
  return stubApi()
    .on('GET', 'intel/status/', { cves: 36, kev: 1404, epss: 36, osv: 0, distro_fixes: 5, last_import: anImport() })
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

  it('shows neither the import form nor the imports to a user who is not a superuser', async () => {
    api();
    renderWithApp(<IntelligencePage />, { path: PATH, session: aSession(aUserProfile({ is_superuser: false, customer_admin: false })) });
    expect(await screen.findByRole('heading', { name: 'Look up a product or package' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Imports' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Imports' })).not.toBeInTheDocument();
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
