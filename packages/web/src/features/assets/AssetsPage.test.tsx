// The asset screens against a stubbed API: the list (names linking to the asset page, type, risk, tags), filters sent
// to assets/assets/ in the §3 encodings and kept in the URL, the unified view's categories, adding an asset (a 409 lands
// on the value field), deleting one, and the asset page with its open findings (the vulnerability list's, narrowed to the
// asset), ports and scan history.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Asset, AssetCounts, AssetPort, AssetScan, SingleAsset } from '@bulwark/core';
import AssetsPage from './AssetsPage.tsx';
import AssetViewPage from './AssetViewPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aVulnerability } from '../../../test/support/vulnerabilities.ts';

function anAsset(o: Partial<Asset> = {}): Asset {
  return {
    id: 7,
    asset_type: 2,
    kind: 'host',
    category: 'systems_and_networks',
    asset_name: 'db-01',
    name: 'db-01',
    value: '10.0.0.5',
    ipv4: '10.0.0.5',
    ipv6: null,
    hostnames: ['db-01.example.com'],
    os: 'Debian',
    open_ports: 2,
    is_server: true,
    internet_facing: false,
    pci: false,
    email_address: null,
    criticality: 3,
    owner: null,
    description: '',
    risk_score: 66,
    tags: [{ id: 4, name: 'Production', color: '#1c7ed6' }],
    parent: { id: 3, asset_name: 'Office LAN' },
    created: '2026-11-01T10:00:00.000Z',
    first_detected: '2026-11-02T10:00:00.000Z',
    last_detected: '2026-11-20T10:00:00.000Z',
    archived: null,
    ...o,
  };
}

const COUNTS: AssetCounts = { total: 2, untagged: 1, tags: [{ id: 4, name: 'Production', color: '#1c7ed6', count: 1 }] };
const ASSETS = [
  anAsset(),
  anAsset({ id: 8, asset_name: '8.8.4.4', name: '', value: '8.8.4.4', ipv4: '8.8.4.4', hostnames: [], tags: [], risk_score: 5 }),
];

function api(): ApiStub {
  return stubApi()
    .on('GET', 'assets/assets/', page(ASSETS))
    .on('GET', 'count/', COUNTS)
    .on('GET', 'unified-assets/unified-assets/', page(ASSETS));
}
const lastQuery = (stub: ApiStub, path = 'assets/assets/') => stub.calls('GET', path).at(-1)!.query;

describe('AssetsPage', () => {
  it('lists assets: the name links to the asset page, with address and host names, type, risk and tags', async () => {
    const stub = api();
    renderWithApp(<AssetsPage />, { path: '/assets/assets' });
    const table = await screen.findByRole('table', { name: 'Assets' });
    const row = within(table).getByRole('row', { name: /db-01/ });
    expect(within(row).getByRole('link', { name: 'db-01' })).toHaveAttribute('href', '/assets/assets/view/7');
    expect(within(row).getByText('10.0.0.5 · db-01.example.com')).toBeInTheDocument();
    expect(within(row).getByText('Host')).toBeInTheDocument();
    expect(within(row).getByLabelText('Risk score 66')).toBeInTheDocument();
    expect(within(row).getByText('Production')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-asset-id', '7');
    expect(lastQuery(stub).get('ordering')).toBe('-last_detected');
    expect(screen.getByRole('heading', { name: 'Network assets' })).toBeInTheDocument();
  });

  it('sends the name filter with its operator and the tags to include, and keeps them in the URL', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<AssetsPage />, { path: '/assets/assets' });
    await screen.findByRole('table', { name: 'Assets' });
    const filters = screen.getByRole('search', { name: 'Filter assets' });
    await user.click(within(filters).getByRole('combobox', { name: 'Tags (any of)' }));
    await user.click(await screen.findByRole('option', { name: 'Production (1)' }));
    await waitFor(() => expect(lastQuery(stub).getAll('any_tags')).toEqual(['4']));
    expect(search().getAll('any_tags')).toEqual(['4']);
    await user.type(within(filters).getByRole('textbox', { name: 'Name' }), 'db');
    await waitFor(() => expect([...lastQuery(stub).keys()].some((k) => k.startsWith('asset_name'))).toBe(true));
  });

  it('shows the unified view with its category filter', async () => {
    const stub = api();
    const { user } = renderWithApp(<AssetsPage />, { path: '/assets/unified-assets' });
    await screen.findByRole('table', { name: 'Assets' });
    expect(screen.getByRole('heading', { name: 'Assets' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('search', { name: 'Filter assets' })).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Web applications' }));
    await waitFor(() => expect(lastQuery(stub, 'unified-assets/unified-assets/').getAll('category')).toEqual(['web_applications']));
  });

  it('adds an asset; a duplicate is shown on the value field', async () => {
    const stub = api().on('POST', 'assets/assets/', json({ value: ['An asset with this value already exists.'] }, 409));
    const { user } = renderWithApp(<AssetsPage />, { path: '/assets/assets' });
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getAllByRole('button', { name: 'Add asset' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add an asset' });
    await user.click(within(form).getByRole('button', { name: 'Add asset' }));
    expect(await within(form).findByText('Value is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Asset/ }), '10.0.0.300/24');
    await user.click(within(form).getByRole('button', { name: 'Add asset' }));
    expect(await within(form).findByText('Enter a network as address/mask, e.g. 10.0.0.0/24.')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /Asset/ }));
    await user.type(within(form).getByRole('textbox', { name: /Asset/ }), '10.0.0.5');
    await user.click(within(form).getByRole('checkbox', { name: 'In PCI scope' }));
    await user.click(within(form).getByRole('button', { name: 'Add asset' }));
    expect(await within(form).findByText('An asset with this value already exists.')).toBeInTheDocument();
    expect(stub.calls('POST', 'assets/assets/').at(-1)!.body).toMatchObject({ value: '10.0.0.5', pci: true, criticality: 2 });
  });

  it('imports a CSV: previews what would happen, lists each bad cell, then imports', async () => {
    let call = 0;
    const stub = api().on('POST', 'assets/import/', () => {
      call++;
      if (call === 1) return json({ preview: true, rows: 2, created: 1, updated: 0, skipped: 1, tags_created: ['Bulk'] });
      if (call === 2)
        return json({ csv_file: ['Line 3, column criticality: Enter a criticality: low, medium, high, critical or 1-4.'] }, 400);
      return json({ preview: false, rows: 2, created: 1, updated: 0, skipped: 1, tags_created: ['Bulk'] }, 201);
    });
    const { user } = renderWithApp(<AssetsPage />, { path: '/assets/assets' });
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import assets from CSV' });
    expect(within(dialog).getByRole('link', { name: 'Download the template' })).toHaveAttribute('href', '/api/assets/import/template/');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['asset,tags\n10.0.0.9,Bulk\n'], 'assets.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create missing tags' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByLabelText('Import result')).toHaveTextContent(
      '2 rows: 1 would be created; 0 would be updated; 1 would be skipped (they exist); tags to create: Bulk.',
    );
    const sent = stub.calls('POST', 'assets/import/')[0]!;
    expect(sent.body).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Line 3, column criticality');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByLabelText('Import result')).toHaveTextContent('1 were created');
    expect(await screen.findByText('Imported 2 rows.')).toBeInTheDocument();
  });

  it('edits the selected assets in one call, and everything a filter matches', async () => {
    const stub = api().on('POST', 'assets-bulk-operation/', { operation: 'set_criticality', matched: 2, changed: 2 });
    const { user } = renderWithApp(<AssetsPage />, { path: '/assets/assets', url: '/assets/assets' });
    const table = await screen.findByRole('table', { name: 'Assets' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select db-01' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select 8.8.4.4' }));
    await user.click(screen.getByRole('button', { name: 'Edit 2 selected' }));
    await user.click(await screen.findByRole('menuitem', { name: 'High' }));
    await waitFor(() => expect(stub.calls('POST', 'assets-bulk-operation/')).toHaveLength(1));
    expect(stub.calls('POST', 'assets-bulk-operation/')[0]!.body).toEqual({
      operation: 'set_criticality',
      params: { criticality: 3 },
      ids: [7, 8],
    });
    expect(await screen.findByText('2 of 2 assets changed.')).toBeInTheDocument();
  });

  it('offers the filtered set for bulk work, sending the filter', async () => {
    const stub = api().on('POST', 'assets-bulk-operation/', { operation: 'delete', matched: 2, changed: 2 });
    const { user } = renderWithApp(<AssetsPage />, { path: '/assets/assets', url: '/assets/assets?any_tags=4' });
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(await screen.findByRole('button', { name: 'Edit all 2 matching' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete assets' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 assets' }));
    await waitFor(() => expect(stub.calls('POST', 'assets-bulk-operation/')).toHaveLength(1));
    expect(stub.calls('POST', 'assets-bulk-operation/')[0]!.body).toMatchObject({ operation: 'delete', filter: { any_tags: ['4'] } });
  });

  it('deletes an asset after confirming', async () => {
    const stub = api().on('DELETE', 'assets/assets/:id/', json(undefined, 204));
    const { user } = renderWithApp(<AssetsPage />, { path: '/assets/assets' });
    await screen.findByRole('table', { name: 'Assets' });
    await user.click(screen.getByRole('button', { name: 'Delete db-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete asset' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete asset' }));
    await waitFor(() => expect(stub.calls('DELETE', 'assets/assets/7/')).toHaveLength(1));
    expect(await screen.findByText('Asset deleted.')).toBeInTheDocument();
  });
});

describe('AssetViewPage', () => {
  const single: SingleAsset = {
    ...anAsset(),
    findings_by_severity: [1, 0, 2, 1, 0],
    open_findings: 4,
    findings_below_qod: 3,
    last_scan: {
      run_id: 12,
      scan_id: 3,
      scan_name: 'Weekly',
      finished: '2026-11-20T10:00:00.000Z',
      status: 2,
      open_ports: 2,
      findings: 4,
      max_severity: 3,
    },
  };
  const ports: AssetPort[] = [
    {
      port: 22,
      protocol: 0,
      service: 'ssh',
      product: 'OpenSSH',
      version: '9.2p1',
      cpe: [],
      tls: false,
      banner: 'SSH-2.0-OpenSSH_9.2p1',
      first_detected: single.created,
      last_detected: single.created,
    },
  ];
  const scans: AssetScan[] = [single.last_scan!];

  const FINDINGS = 'remediation/vulnerability-simple/';
  const terrapin = aVulnerability({
    id: 3,
    name: 'Weak SSH',
    hid: 'nvt-ssh-terrapin',
    cve: 'CVE-2023-48795',
    cves: ['CVE-2023-48795'],
    severity: 2,
    severity_label: 'Medium',
    risk_score: 46.6,
  });
  const viewApi = () =>
    stubApi()
      .on('GET', 'single-asset/7/', single)
      .on('GET', 'assets/7/open-ports/', page(ports))
      .on('GET', 'assets/7/scans/', page(scans))
      .on('GET', 'assets/7/authentication/', json(null))
      .on('GET', FINDINGS, page([terrapin]));

  it('shows the asset: risk, criticality, tags, open findings by severity and its facts; ports, findings and scan history tabs', async () => {
    const stub = viewApi();
    const { user } = renderWithApp(<AssetViewPage />, { path: '/assets/assets/view/:id', url: '/assets/assets/view/7' });
    expect(await screen.findByRole('heading', { name: 'db-01' })).toBeInTheDocument();
    expect(screen.getByLabelText('Risk score 66')).toBeInTheDocument();
    expect(screen.getByText('High criticality')).toBeInTheDocument();
    const bySeverity = screen.getByLabelText('Open findings by severity');
    expect(within(bySeverity).getByText('High: 1')).toBeInTheDocument();
    expect(within(bySeverity).getByText('Medium: 2')).toBeInTheDocument();
    expect(screen.getByText('3 more below your organisation’s minimum quality of detection, not counted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Office LAN' })).toHaveAttribute('href', '/assets/assets/view/3');
    await user.click(screen.getByRole('tab', { name: /Ports and services/ }));
    const portTable = await screen.findByRole('table', { name: 'Open ports' });
    expect(within(portTable).getByText('22/tcp')).toBeInTheDocument();
    expect(within(portTable).getByText('OpenSSH 9.2p1')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Open findings (4)' }));
    // The findings come from the vulnerability list, narrowed to the asset, in its columns.
    const open = await screen.findByRole('table', { name: 'Findings' });
    expect(stub.calls('GET', FINDINGS).at(-1)!.query.getAll('unified_asset')).toEqual(['7']);
    expect(stub.calls('GET', 'assets/7/vulnerabilities/')).toHaveLength(0);
    expect(within(open).getByRole('link', { name: 'Weak SSH' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/nvt-ssh-terrapin',
    );
    expect(within(open).getByLabelText('Risk score 47')).toBeInTheDocument();
    expect(within(open).getByText('22/tcp ssh')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Vulnerabilities' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities?group=asset&unified_asset=7',
    );
    await user.click(screen.getByRole('tab', { name: 'Scan history' }));
    const history = await screen.findByRole('table', { name: 'Scan history' });
    expect(within(history).getByRole('link', { name: 'Weekly' })).toHaveAttribute('href', '/scans/scans/view/nscan/12');
  });

  it("opens on the findings tab when the URL holds its filters, and ignoring refreshes the asset's counts", async () => {
    const stub = viewApi().on('POST', 'remediation/vulnerability/ignore/', { ignored: 1, pending: 0 });
    const { user } = renderWithApp(<AssetViewPage />, {
      path: '/assets/assets/view/:id',
      url: '/assets/assets/view/7?findings.severity=2',
    });
    const table = await screen.findByRole('table', { name: 'Findings' });
    expect(screen.getByRole('tab', { name: 'Open findings (4)' })).toHaveAttribute('aria-selected', 'true');
    expect(stub.calls('GET', FINDINGS).at(-1)!.query.getAll('severity')).toEqual(['2']);
    const assetCalls = stub.calls('GET', 'single-asset/7/').length;
    await user.click(within(table).getByRole('checkbox', { name: 'Select Weak SSH 22/tcp ssh' }));
    await user.click(screen.getByRole('button', { name: 'Ignore…' }));
    const form = await screen.findByRole('form', { name: 'Ignore findings' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /Reason/ }), 'False positive');
    await user.click(within(form).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(stub.calls('POST', 'remediation/vulnerability/ignore/')).toHaveLength(1));
    expect(stub.calls('POST', 'remediation/vulnerability/ignore/')[0]!.body).toMatchObject({ ids: [3] });
    await waitFor(() => expect(stub.calls('GET', 'single-asset/7/').length).toBeGreaterThan(assetCalls));
  });

  it('says so when the asset does not exist or is hidden from the user', async () => {
    stubApi().on('GET', 'single-asset/9/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<AssetViewPage />, { path: '/assets/assets/view/:id', url: '/assets/assets/view/9' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This asset does not exist');
  });
});

describe('legacy asset routes', () => {
  it('lead web applications to the unified inventory filtered to them, and an item to its asset page', async () => {
    const { default: LegacyAssetRedirect } = await import('./LegacyAssetRedirect.tsx');
    stubApi();
    const list = renderWithApp(<LegacyAssetRedirect />, { path: '/assets/web-applications', url: '/assets/web-applications' });
    await waitFor(() =>
      expect(list.router.state.location.pathname + list.router.state.location.search).toBe(
        '/assets/unified-assets?category=web_applications',
      ),
    );
    list.unmount();
    const one = renderWithApp(<LegacyAssetRedirect />, {
      path: '/assets/web-applications/view/:id',
      url: '/assets/web-applications/view/12',
    });
    await waitFor(() => expect(one.router.state.location.pathname).toBe('/assets/unified-assets/view/12'));
  });
});
