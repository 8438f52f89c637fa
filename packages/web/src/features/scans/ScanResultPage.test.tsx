// The scan result page against a stubbed API: the run's tasks, the Findings table (sorted by risk, sortable, filtered by
// severity, all in the URL), the Hosts tab with each host's ports and credential health, the Errors tab, and a run that
// does not exist.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ScanResultPage from './ScanResultPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aFinding, aFinishedRun, aHost, aTask } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/scans/scans/view/nscan/:runId';
const RUN = aFinishedRun({
  id: 7,
  name: 'Office LAN',
  children: [aTask({ id: 11, targets: ['10.0.0.0/25'] }), aTask({ id: 12, targets: ['10.0.0.128/25'], attempts: 2 })],
});

function api(findings = [aFinding()]): ApiStub {
  return stubApi()
    .on('GET', 'scan/nruns/7/', RUN)
    .on('GET', 'scan/nruns/7/findings/', page(findings))
    .on('GET', 'scan/nruns/7/hosts/', page([aHost()]))
    .on('GET', 'scan/nruns/7/errors/', [{ type: 1, type_label: 'Connection failed', message: 'Connection refused by 10.0.0.9', count: 3 }]);
}

const lastQuery = (stub: ApiStub, path: string) => stub.calls('GET', path).at(-1)!.query;

describe('ScanResultPage', () => {
  it('shows the run with its tasks and its findings, highest risk first', async () => {
    const stub = api();
    renderWithApp(<ScanResultPage />, { path: PATH, url: '/scans/scans/view/nscan/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Office LAN' })).toBeInTheDocument();
    const tasks = screen.getByRole('table', { name: 'Tasks' });
    expect(within(tasks).getAllByRole('row')).toHaveLength(3);
    expect(within(tasks).getByRole('row', { name: /10\.0\.0\.128\/25/ })).toHaveAttribute('data-task-id', '12');

    const findings = await screen.findByRole('table', { name: 'Findings' });
    const row = within(findings).getByRole('row', { name: /CVE-2024-6387/ });
    expect(within(row).getByText('High')).toBeInTheDocument();
    // The finding leads to its issue's page (a CVE matched on the service: the CVE's).
    expect(within(row).getByRole('link', { name: 'OpenSSH regreSSHion' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/CVE-2024-6387',
    );
    expect(within(row).getByText('10.0.0.5:22/tcp')).toBeInTheDocument();
    // How it was decided, with its confidence.
    expect(within(findings).getByRole('columnheader', { name: 'Detection' })).toBeInTheDocument();
    expect(within(row).getByText('Announced version')).toBeInTheDocument();
    expect(within(row).getByText('QoD 30 % (Low)')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'CVE-2024-6387' })).toHaveAttribute(
      'href',
      'https://nvd.nist.gov/vuln/detail/CVE-2024-6387',
    );
    expect(within(findings).getByRole('columnheader', { name: /Risk/ })).toHaveAttribute('aria-sort', 'descending');
    expect(lastQuery(stub, 'scan/nruns/7/findings/').get('ordering')).toBe('-risk_score');
    expect(screen.getByText('1 finding')).toBeInTheDocument();
  });

  it('sorts findings by a heading and keeps the order in the URL', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<ScanResultPage />, { path: PATH, url: '/scans/scans/view/nscan/7' });
    const findings = await screen.findByRole('table', { name: 'Findings' });
    await user.click(within(findings).getByRole('button', { name: /CVSS/ }));
    await waitFor(() => expect(lastQuery(stub, 'scan/nruns/7/findings/').get('ordering')).toBe('-cvss'));
    expect(search().get('findings.ordering')).toBe('-cvss');
  });

  it('filters findings by severity from the URL, and says when none has it', async () => {
    const stub = api([]);
    renderWithApp(<ScanResultPage />, { path: PATH, url: '/scans/scans/view/nscan/7?findings.severity=4' });
    expect(await screen.findByText('No finding matches these filters.')).toBeInTheDocument();
    expect(lastQuery(stub, 'scan/nruns/7/findings/').getAll('severity')).toEqual(['4']);
    expect(within(screen.getByRole('list', { name: 'Filters set' })).getByText('Severity: Critical')).toBeInTheDocument();
  });

  it('filters findings by how they were decided, from the URL', async () => {
    const stub = api([]);
    renderWithApp(<ScanResultPage />, {
      path: PATH,
      url: '/scans/scans/view/nscan/7?findings.detection=distro-revision&findings.detection=active-check',
    });
    expect(await screen.findByText('No finding matches these filters.')).toBeInTheDocument();
    expect(lastQuery(stub, 'scan/nruns/7/findings/').getAll('detection')).toEqual(['distro-revision', 'active-check']);
    expect(
      within(screen.getByRole('list', { name: 'Filters set' })).getByText(/Detection: Distribution package revision/),
    ).toBeInTheDocument();
  });

  it('shows each host with its open ports on the Hosts tab', async () => {
    api();
    const { user } = renderWithApp(<ScanResultPage />, { path: PATH, url: '/scans/scans/view/nscan/7' });
    await user.click(await screen.findByRole('tab', { name: /Hosts/ }));
    const host = await screen.findByRole('region', { name: '10.0.0.5' });
    expect(within(host).getByText('bastion.example.com')).toBeInTheDocument();
    const ports = within(host).getByRole('table', { name: 'Ports of 10.0.0.5' });
    const row = within(ports).getByRole('row', { name: /22\/tcp/ });
    expect(row).toHaveTextContent('OpenSSH 8.9p1');
    expect(within(host).getByText('1 finding · worst High')).toBeInTheDocument();
    // Without an authenticated look, no credential health.
    expect(within(host).queryByText(/^Authentication:/)).not.toBeInTheDocument();
  });

  it('shows how each host’s authenticated look went, with what happened as the title', async () => {
    const message = 'Logged in as scanner, but sudo asked for a password.';
    api().on(
      'GET',
      'scan/nruns/7/hosts/',
      page([
        aHost({ credential_health: 'insufficient_privilege', credential_message: message }),
        aHost({ host_id: 6, address: '10.0.0.6', hostnames: [], credential_health: 'ok', credential_message: null }),
      ]),
    );
    const { user } = renderWithApp(<ScanResultPage />, { path: PATH, url: '/scans/scans/view/nscan/7' });
    await user.click(await screen.findByRole('tab', { name: /Hosts/ }));
    const first = await screen.findByRole('region', { name: '10.0.0.5' });
    const badge = within(first).getByText('Authentication: Insufficient privilege');
    expect(badge.closest('[data-health]')).toHaveAttribute('title', message);
    const second = screen.getByRole('region', { name: '10.0.0.6' });
    expect(within(second).getByText('Authentication: OK').closest('[data-health]')).not.toHaveAttribute('title');
  });

  it('lists errors by message, and asks for internal ones when the switch is on', async () => {
    const stub = api();
    const { user } = renderWithApp(<ScanResultPage />, { path: PATH, url: '/scans/scans/view/nscan/7' });
    await user.click(await screen.findByRole('tab', { name: 'Errors' }));
    const errors = await screen.findByRole('table', { name: 'Errors' });
    expect(within(errors).getByRole('row', { name: /Connection refused by 10\.0\.0\.9/ })).toHaveTextContent('Connection failed3');
    expect(lastQuery(stub, 'scan/nruns/7/errors/').get('show_hidden')).toBeNull();

    stub.on('GET', 'scan/nruns/7/errors/', []);
    await user.click(screen.getByRole('switch', { name: /Show internal errors/ }));
    expect(await screen.findByTestId('errors-empty')).toHaveTextContent('No errors.');
    expect(lastQuery(stub, 'scan/nruns/7/errors/').get('show_hidden')).toBe('true');
  });

  it('says when the run does not exist', async () => {
    stubApi().on('GET', 'scan/nruns/:id/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<ScanResultPage />, { path: PATH, url: '/scans/scans/view/nscan/99' });
    expect(await screen.findByText('This scan run does not exist or was deleted.')).toBeInTheDocument();
  });
});
