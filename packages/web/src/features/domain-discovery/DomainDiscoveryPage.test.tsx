// The domain asset discovery page against a stubbed API: the saved settings in the form, the checks before saving and
// the server's field errors on their fields, saving with PUT (domains one per line sent as a list), starting a run
// and its progress, a finished run's notes and host names (sources, addresses, asset state, filters from the URL),
// adding the chosen names as assets and the asset limit's refusal shown, and the page's route.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  domainDiscoveryRun,
  domainDiscoverySettings,
  routeByName,
  type DomainDiscoveryHost,
  type DomainDiscoveryRun,
  type DomainDiscoverySettings,
} from '@bulwark/core';
import DomainDiscoveryPage from './DomainDiscoveryPage.tsx';
import { discoveryInput, discoveryValues, runPercent, validateDiscovery } from './discovery-form.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/integrations/domain-asset-discovery';
const SETTINGS = 'app1/customer/:id/domain-asset-discovery/';
const RUNS = 'app1/customer/:id/domain-asset-discovery/runs/';
const HOSTS = 'app1/customer/:id/domain-asset-discovery/runs/:run/hosts/';
const ADD = 'app1/customer/:id/domain-asset-discovery/runs/:run/add-assets/';

function settingsOf(o: Partial<DomainDiscoverySettings> = {}): DomainDiscoverySettings {
  return domainDiscoverySettings.parse({
    type: 'domain-asset-discovery',
    enabled: false,
    domains: [],
    wordlist: 'small',
    zone_transfer: true,
    scan_certificates: true,
    url: null,
    host: null,
    port: null,
    updated_at: null,
    ...o,
  });
}
const SAVED = settingsOf({
  enabled: true,
  domains: ['example.com', 'example.org'],
  url: 'https://crt.sh/',
  host: '192.0.2.53',
  port: 53,
  updated_at: '2026-11-20T08:00:00Z',
});

function runOf(o: Partial<DomainDiscoveryRun> = {}): DomainDiscoveryRun {
  return domainDiscoveryRun.parse({
    id: 7,
    state: 'finished',
    job_id: '7d0e2a4c-1111-4222-8333-944455556666',
    domains: ['example.com', 'example.org'],
    sources: ['common_name', 'dns_record', 'zone_transfer', 'ct_log'],
    wordlist: 'small',
    progress: { current: 120, total: 120 },
    hosts_found: 2,
    notes: [{ domain: 'example.org', source: 'zone_transfer', message: 'No name server allowed a zone transfer of example.org.' }],
    error: null,
    started_by: 'admin@example.com',
    created_at: '2026-11-29T10:00:00Z',
    finished_at: '2026-11-29T10:01:00Z',
    ...o,
  });
}
const HOST_ROWS: DomainDiscoveryHost[] = [
  { id: 11, name: 'build-7.example.com', domain: 'example.com', addresses: ['192.0.2.12'], sources: ['zone_transfer'], asset: null },
  { id: 12, name: 'www.example.com', domain: 'example.com', addresses: ['192.0.2.10'], sources: ['common_name', 'ct_log'], asset: 41 },
  { id: 13, name: 'old.example.org', domain: 'example.org', addresses: [], sources: ['ct_log'], asset: null },
];

function api(o: { settings?: DomainDiscoverySettings; runs?: DomainDiscoveryRun[] } = {}): ApiStub {
  return stubApi()
    .on('GET', SETTINGS, o.settings ?? SAVED)
    .on('PUT', SETTINGS, (r) => json(settingsOf({ ...(r.body as object), updated_at: '2026-11-29T09:00:00Z' })))
    .on('GET', RUNS, page(o.runs ?? []))
    .on('GET', HOSTS, page(HOST_ROWS))
    .on(
      'GET',
      'tags/tags/',
      page([
        {
          id: 5,
          name: 'Discovered',
          color: '#1c7ed6',
          description: '',
          is_dynamic: false,
          rules: [],
          business_impact: null,
          asset_count: 0,
          created: '2026-11-01T00:00:00Z',
          modified: '2026-11-01T00:00:00Z',
          evaluated: null,
        },
      ]),
    );
}
const open = (url = PATH) => renderWithApp(<DomainDiscoveryPage />, { path: PATH, url, session: aSession() });
const form = () => screen.findByRole('form', { name: 'Discovery settings' });

describe('the domain asset discovery page', () => {
  it('is the route’s page, with the saved settings in the form and no run yet', async () => {
    expect(routeByName('integration-domain-asset-discovery')?.path).toBe(PATH);
    api();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Domain asset discovery' })).toBeInTheDocument();
    const f = await form();
    expect(within(f).getByRole('switch', { name: /Discover host names/ })).toBeChecked();
    expect(within(f).getByRole('textbox', { name: /Domains/ })).toHaveValue('example.com\nexample.org');
    expect(within(f).getByRole('textbox', { name: /Certificate-transparency source/ })).toHaveValue('https://crt.sh/');
    expect(within(f).getByRole('textbox', { name: /DNS server/ })).toHaveValue('192.0.2.53');
    expect(within(f).getByRole('switch', { name: /zone transfer/ })).toBeChecked();
    expect(await screen.findByTestId('no-runs')).toHaveTextContent('No discovery has run yet.');
    expect(screen.getByRole('button', { name: 'Run discovery' })).toBeEnabled();
    expect(
      within(screen.getByRole('navigation', { name: 'Integrations' })).getByRole('link', { name: 'Domain asset discovery' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('checks the domains before saving, then saves them as a list; the server’s field errors land on their fields', async () => {
    const stub = api({ settings: settingsOf() });
    const { user } = open();
    const f = await form();
    expect(screen.getByRole('button', { name: 'Run discovery' })).toBeDisabled();
    await user.click(within(f).getByRole('switch', { name: /Discover host names/ }));
    await user.click(within(f).getByRole('textbox', { name: /Domains/ }));
    await user.paste('example.com\nnot_a_domain');
    await user.click(within(f).getByRole('button', { name: 'Save' }));
    expect(await within(f).findByText('"not_a_domain" is not a valid domain name (such as example.com).')).toBeInTheDocument();
    expect(stub.calls('PUT', SETTINGS)).toHaveLength(0);

    await user.clear(within(f).getByRole('textbox', { name: /Domains/ }));
    await user.paste('example.com\nExample.org');
    await user.click(within(f).getByRole('button', { name: 'Use crt.sh' }));
    await user.click(within(f).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', SETTINGS)).toHaveLength(1));
    expect(stub.calls('PUT', SETTINGS)[0]!.body).toEqual({
      enabled: true,
      domains: ['example.com', 'Example.org'],
      wordlist: 'small',
      zone_transfer: true,
      scan_certificates: true,
      url: 'https://crt.sh/',
      host: null,
      port: null,
    });

    stub.on('PUT', SETTINGS, json({ host: ['Enter the DNS server as an IP address (such as 192.0.2.53), or leave it empty.'] }, 400));
    await user.type(within(f).getByRole('textbox', { name: /DNS server/ }), 'dns.example.com');
    await user.click(within(f).getByRole('button', { name: 'Save' }));
    expect(
      await within(f).findByText('Enter the DNS server as an IP address (such as 192.0.2.53), or leave it empty.'),
    ).toBeInTheDocument();
  });

  it('starts a run and shows its progress while it is under way', async () => {
    const stub = api();
    stub.on('POST', RUNS, json(runOf({ state: 'queued', progress: { current: 0, total: 0 }, notes: [] }), 202));
    const { user } = open();
    await screen.findByTestId('no-runs');
    stub.on('GET', RUNS, page([runOf({ state: 'running', progress: { current: 30, total: 120 }, notes: [], hosts_found: 0 })]));
    await user.click(screen.getByRole('button', { name: 'Run discovery' }));
    await waitFor(() => expect(stub.calls('POST', RUNS)).toHaveLength(1));
    const summary = await screen.findByTestId('run-summary');
    expect(within(summary).getByText('Running')).toBeInTheDocument();
    expect(within(summary).getByText('30 of 120 look-ups done')).toBeInTheDocument();
    expect(within(summary).getByRole('progressbar', { name: 'Discovery progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('button', { name: 'Run discovery' })).toBeDisabled();
  });

  it('says why a run could not start', async () => {
    const stub = api();
    stub.on('POST', RUNS, json({ non_field_errors: ['Discovery run 6 is still under way: wait for it to finish.'] }, 409));
    const { user } = open();
    await screen.findByTestId('no-runs');
    await user.click(screen.getByRole('button', { name: 'Run discovery' }));
    expect(await screen.findByText('Discovery run 6 is still under way: wait for it to finish.')).toBeInTheDocument();
  });

  it('lists a finished run’s notes and host names, filtered from the URL, and adds the chosen ones as assets', async () => {
    const stub = api({ runs: [runOf()] });
    stub.on(
      'POST',
      ADD,
      json(
        { hosts: ['Adding 2 host names would take your organisation to 12 assets; its subscription allows 11. Choose at most 1.'] },
        400,
      ),
    );
    const { user } = open(`${PATH}?hosts.status=new`);
    expect(await screen.findByTestId('run-notes')).toHaveTextContent('No name server allowed a zone transfer of example.org.');
    const table = await screen.findByRole('table', { name: 'Host names found by the discovery run' });
    const row = (name: string) => table.querySelector(`tr[data-host="${name}"]`) as HTMLElement;
    expect(within(row('build-7.example.com')).getByText('Zone transfer')).toBeInTheDocument();
    expect(within(row('build-7.example.com')).getByText('192.0.2.12')).toBeInTheDocument();
    expect(within(row('build-7.example.com')).getByText('New')).toBeInTheDocument();
    expect(within(row('www.example.com')).getByRole('link', { name: 'Already an asset' })).toHaveAttribute(
      'href',
      '/assets/assets/view/41',
    );
    expect(within(row('old.example.org')).getByText('Does not resolve')).toBeInTheDocument();
    expect(stub.calls('GET', HOSTS)[0]!.query.get('status')).toBe('new');
    expect(stub.calls('GET', HOSTS)[0]!.path).toBe('app1/customer/1/domain-asset-discovery/runs/7/hosts/');

    await user.click(within(table).getByRole('checkbox', { name: 'Select build-7.example.com' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select old.example.org' }));
    await user.click(screen.getByRole('button', { name: 'Add as assets' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('its subscription allows 11. Choose at most 1.');
    expect(stub.calls('POST', ADD)[0]!.body).toEqual({ hosts: [11, 13], tags: [] });

    stub.on('POST', ADD, { created: 2, existing: 0, assets: [] });
    await user.click(screen.getByRole('combobox', { name: 'Tags for the assets you add' }));
    await user.click(await screen.findByRole('option', { name: 'Discovered' }));
    await user.click(screen.getByRole('button', { name: 'Add as assets' }));
    await waitFor(() => expect(stub.calls('POST', ADD)).toHaveLength(2));
    expect(await screen.findByText('2 host names added as assets.')).toBeInTheDocument();
    expect(stub.calls('POST', ADD)[1]!.body).toEqual({ hosts: [11, 13], tags: [5] });
    expect(stub.calls('GET', 'tags/tags/')[0]!.query.get('is_dynamic')).toBe('false');
  });
});

describe('the discovery form rules', () => {
  it('turns saved settings into form values and back', () => {
    const values = discoveryValues(SAVED);
    expect(values.domains).toBe('example.com\nexample.org');
    expect(discoveryInput({ ...values, domains: 'a.example, b.example\n\n c.example', host: ' ' })).toMatchObject({
      domains: ['a.example', 'b.example', 'c.example'],
      host: null,
      port: null,
    });
    expect(validateDiscovery({ ...values, domains: '' })).toEqual({ domains: 'Enter at least one domain to discover.' });
    expect(validateDiscovery({ ...values, url: 'https://crt.sh/?q=x' })).toEqual({
      url: 'Enter a valid URL (http:// or https://) without a query.',
    });
    expect(runPercent(runOf({ state: 'running', progress: { current: 1, total: 3 } }))).toBe(33);
    expect(runPercent(runOf({ state: 'queued', progress: { current: 0, total: 0 } }))).toBe(0);
  });
});
