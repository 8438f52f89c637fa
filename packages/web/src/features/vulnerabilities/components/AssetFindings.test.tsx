// An asset's findings tab against a stubbed API: the finding list narrowed to the asset (unified_asset), names linking
// to their issue's page and no asset column, filters and sorting sent and kept in the URL under the tab's prefix,
// ignoring the chosen finding by id, the link to the Vulnerabilities page, and the empty state.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssetFindings } from './AssetFindings.tsx';
import { page, stubApi, type ApiStub } from '../../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';
import { aVulnerability } from '../../../../test/support/vulnerabilities.ts';

const PATH = '/assets/assets/view/:id';
const ASSET_URL = '/assets/assets/view/7';
const FINDINGS = 'remediation/vulnerability-simple/';
const ROWS = [
  aVulnerability(),
  aVulnerability({
    id: 12,
    hid: 'nvt-ssh-terrapin',
    name: 'SSH Terrapin attack',
    cve: 'CVE-2023-48795',
    cves: ['CVE-2023-48795'],
    severity: 2,
    severity_label: 'Medium',
    risk_score: 46.6,
    port: 2222,
  }),
];

function api(rows = ROWS): ApiStub {
  return stubApi().on('GET', FINDINGS, page(rows));
}
const lastQuery = (stub: ApiStub) => stub.calls('GET', FINDINGS).at(-1)!.query;
const render = (url = ASSET_URL) => renderWithApp(<AssetFindings assetId={7} />, { path: PATH, url });

describe('AssetFindings', () => {
  it("lists the asset's findings from the finding list, each linking to its issue, without an asset column", async () => {
    const stub = api();
    render();
    const table = await screen.findByRole('table', { name: 'Findings' });
    const q = lastQuery(stub);
    expect(q.getAll('unified_asset')).toEqual(['7']);
    expect(q.get('ordering')).toBe('-risk_score');
    expect(q.get('page_size')).toBe('25');
    const row = within(table).getByRole('row', { name: /SSH Terrapin attack/ });
    expect(within(row).getByRole('link', { name: 'SSH Terrapin attack' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/nvt-ssh-terrapin',
    );
    expect(within(row).getByText('2222/tcp ssh')).toBeInTheDocument();
    expect(within(row).getByText('Medium')).toBeInTheDocument();
    expect(within(row).getByLabelText('Risk score 47')).toBeInTheDocument();
    expect(within(row).getByText('KEV')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-finding-id', '12');
    // The page is the asset's: no column of it.
    expect(within(table).queryByRole('columnheader', { name: /Asset/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'db-01' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Vulnerabilities' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities?group=asset&unified_asset=7',
    );
  });

  it('sends a filter and a sort, keeping them in the URL under the tab prefix', async () => {
    const stub = api();
    const { user, search } = render();
    const table = await screen.findByRole('table', { name: 'Findings' });
    const bar = screen.getByRole('search', { name: 'Filter findings' });
    await user.click(within(bar).getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'Critical' }));
    await waitFor(() => expect(lastQuery(stub).getAll('severity')).toEqual(['4']));
    expect(lastQuery(stub).getAll('unified_asset')).toEqual(['7']);
    expect(search().getAll('findings.severity')).toEqual(['4']);
    expect(search().get('severity')).toBeNull();
    await user.click(within(table).getByRole('button', { name: /Port/ }));
    await waitFor(() => expect(lastQuery(stub).get('ordering')).toBe('port'));
    expect(search().get('findings.ordering')).toBe('port');
    expect(lastQuery(stub).getAll('severity')).toEqual(['4']);
  });

  it('reads its filters from the URL under its prefix only', async () => {
    const stub = api();
    render(`${ASSET_URL}?findings.state=ignored&state=active&findings.finding_state=3`);
    await screen.findByRole('table', { name: 'Findings' });
    expect(lastQuery(stub).getAll('state')).toEqual(['ignored']);
    expect(lastQuery(stub).getAll('finding_state')).toEqual(['3']);
  });

  it('ignores the chosen finding by its id', async () => {
    const stub = api().on('POST', 'remediation/vulnerability/ignore/', { ignored: 1, pending: 0 });
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Findings' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select SSH Terrapin attack 2222/tcp ssh' }));
    await user.click(screen.getByRole('button', { name: 'Ignore…' }));
    const form = await screen.findByRole('form', { name: 'Ignore findings' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /Reason/ }), 'False positive');
    await user.click(within(form).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/vulnerability/ignore/')).toHaveLength(1));
    expect(stub.calls('POST', 'remediation/vulnerability/ignore/')[0]!.body).toMatchObject({ ids: [12], reason: 0, ignore_kind: 1 });
    expect(await screen.findByText('1 finding ignored; they no longer count.')).toBeInTheDocument();
    // The list asks again.
    await waitFor(() => expect(stub.calls('GET', FINDINGS).length).toBeGreaterThan(1));
  });

  it('says when the asset has no open vulnerability, and shows ignored and closed ones on request', async () => {
    const stub = api([]);
    const { user, search } = render();
    expect(await screen.findByText('No open vulnerabilities on this asset')).toBeInTheDocument();
    expect(screen.getByText(/Ignored and closed findings are a filter away/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show ignored and closed findings' }));
    await waitFor(() => expect(lastQuery(stub).getAll('state')).toEqual(['active', 'ignored']));
    expect(lastQuery(stub).getAll('finding_state')).toEqual(['0', '1', '2', '3']);
    expect(lastQuery(stub).getAll('unified_asset')).toEqual(['7']);
    expect(search().getAll('findings.state')).toEqual(['active', 'ignored']);
    expect(await screen.findByText('No finding on this asset matches these filters.')).toBeInTheDocument();
  });
});
