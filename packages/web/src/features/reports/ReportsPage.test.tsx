// The report pages against a stubbed API shaped by core's report contract: the run list (progress, polling, empty state,
// the new-report dialog with its scope choices and field errors), a report's page while it runs and once finished,
// templates (a taken name on the name field) and the digest card. Schedules are in SchedulesPage.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_SECTIONS, digestConfig, report, reportData, reportTemplate, savedFilter, type Report } from '@bulwark/core';
import ReportsPage from './ReportsPage.tsx';
import ReportViewPage from './ReportViewPage.tsx';
import TemplatesPage from './TemplatesPage.tsx';
import { DigestCard } from '../profile/DigestCard.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

function aReport(o: Partial<Report> = {}): Report {
  return report.parse({
    id: 11,
    name: 'Monthly board report',
    template: null,
    template_name: null,
    format: 'pdf',
    scope_kind: 'unified_vulns',
    scope: { filters: {}, scan: null },
    state: 'finished',
    progress: { current: 40, total: 40 },
    task_id: null,
    error: null,
    file_name: 'monthly.pdf',
    file_size: 204_800,
    schedule: null,
    created_by: 'ada@example.com',
    created_at: '2026-11-23T10:00:00Z',
    finished_at: '2026-11-23T10:01:00Z',
    expires_at: null,
    ...o,
  });
}

const VIEW = savedFilter.parse({
  id: 4,
  name: 'Critical servers',
  filters: { severity: '4', page: '2' },
  is_default: false,
  created: '2026-11-01T10:00:00Z',
  updated: '2026-11-01T10:00:00Z',
});

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('ReportsPage', () => {
  it('lists runs with their format, scope, state with progress, and file', async () => {
    stubApi()
      .on(
        'GET',
        'reports/',
        page([
          aReport(),
          aReport({
            id: 12,
            name: 'Ops',
            format: 'web',
            state: 'running',
            file_name: null,
            file_size: null,
            progress: { current: 5, total: 20 },
          }),
        ]),
      )
      .on('GET', 'remediation/vm-filter-collection/', []);
    renderWithApp(<ReportsPage />, { path: '/reports/reports' });
    const table = await screen.findByRole('table', { name: 'Reports' });
    const done = within(table).getByRole('row', { name: /Monthly board report/ });
    expect(within(done).getByText('PDF')).toBeInTheDocument();
    expect(within(done).getByText('All open vulnerabilities')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Download Monthly board report' })).toHaveAttribute('href', '/api/reports/11/download/');
    expect(within(done).getByRole('link', { name: 'View Monthly board report' })).toHaveAttribute('href', '/reports/reports/view/11');
    const running = within(table).getByRole('row', { name: /Ops/ });
    expect(within(running).getByRole('progressbar', { name: 'Progress of Ops' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(running).queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('names the scan of each scan report, whatever its kind, asking each kind’s scans once', async () => {
    const scan = (id: number, name: string) => ({ id, name, created: '2026-11-20T08:00:00Z' });
    const stub = stubApi()
      .on(
        'GET',
        'reports/',
        page([
          aReport({ id: 1, name: 'Web', scope_kind: 'scan_web_application', scope: { filters: {}, scan: 31 } }),
          aReport({ id: 2, name: 'Map', scope_kind: 'scan_web_application_discovery', scope: { filters: {}, scan: 32 } }),
          aReport({ id: 3, name: 'Cloud', scope_kind: 'cloud_result', scope: { filters: {}, scan: 21 } }),
          aReport({ id: 4, name: 'Web again', scope_kind: 'scan_web_application', scope: { filters: {}, scan: 33 } }),
        ]),
      )
      .on('GET', 'remediation/vm-filter-collection/', [])
      .on('GET', 'scan/wscans/', page([scan(31, 'Shop'), scan(33, 'Blog')]))
      .on('GET', 'scan/wdscans/', page([scan(32, 'Shop map')]))
      .on('GET', 'scan/cscans/', page([{ ...scan(21, 'AWS production'), provider: 0 }]));
    renderWithApp(<ReportsPage />, { path: '/reports/reports' });
    const table = await screen.findByRole('table', { name: 'Reports' });
    expect(await within(table).findByText('Web scan “Shop”')).toBeInTheDocument();
    expect(await within(table).findByText('Web scan “Blog”')).toBeInTheDocument();
    expect(await within(table).findByText('Web discovery scan “Shop map”')).toBeInTheDocument();
    expect(await within(table).findByText('Cloud scan “AWS production”')).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/wscans/')).toHaveLength(1);
    expect(stub.calls('GET', 'scan/nscans/')).toHaveLength(0);
  });

  it('explains reports when there are none and offers to create one', async () => {
    stubApi().on('GET', 'reports/', page([])).on('GET', 'remediation/vm-filter-collection/', []);
    renderWithApp(<ReportsPage />, { path: '/reports/reports' });
    const empty = await screen.findByTestId('reports-empty');
    expect(empty).toHaveTextContent('No reports yet');
    expect(within(empty).getByRole('button', { name: 'Create your first report' })).toBeInTheDocument();
  });

  it('starts a report on a saved view; field errors land on fields', async () => {
    let attempt = 0;
    const stub = stubApi()
      .on('GET', 'reports/', page([]))
      .on('GET', 'remediation/vm-filter-collection/', [VIEW])
      .on('GET', 'reports/template/', page([]))
      .on('POST', 'reports/', () => {
        attempt += 1;
        return attempt === 1
          ? json({ name: ['Ensure this field has no more than 100 characters.'] }, 400)
          : json(aReport({ state: 'pending' }), 201);
      });
    const { user } = renderWithApp(<ReportsPage />, { path: '/reports/reports' });
    await user.click(await screen.findByRole('button', { name: 'New report' }));
    const form = await screen.findByRole('form', { name: 'New report' });

    await user.click(within(form).getByRole('combobox', { name: /^Vulnerabilities/ }));
    await user.click(await screen.findByRole('option', { name: 'Saved view “Critical servers”' }));
    await user.click(within(form).getByRole('button', { name: 'Start report' }));
    expect(await within(form).findByText('Ensure this field has no more than 100 characters.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form).getByRole('button', { name: 'Start report' }));
    await waitFor(() => expect(stub.calls('POST', 'reports/')).toHaveLength(2));
    expect(stub.calls('POST', 'reports/')[1]!.body).toEqual({
      name: expect.stringMatching(/^Vulnerability report \d{4}-\d\d-\d\d$/),
      template: null,
      format: 'pdf',
      scope_kind: 'unified_vulns',
      scope: { filters: { severity: '4' }, scan: null },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New report' })).not.toBeInTheDocument());
  });
});

describe('ReportsPage scan scopes', () => {
  it('reports on one cloud scan picked from the cloud scans, and asks for one before it starts', async () => {
    const stub = stubApi()
      .on('GET', 'reports/', page([]))
      .on('GET', 'remediation/vm-filter-collection/', [])
      .on('GET', 'reports/template/', page([]))
      .on('GET', 'scan/cscans/', page([{ id: 21, name: 'AWS production', created: '2026-11-20T08:00:00Z', provider: 0 }]))
      .on('POST', 'reports/', json(aReport({ state: 'pending' }), 201));
    const { user } = renderWithApp(<ReportsPage />, { path: '/reports/reports' });
    await user.click(await screen.findByRole('button', { name: 'New report' }));
    const form = await screen.findByRole('form', { name: 'New report' });
    await user.click(within(form).getByRole('combobox', { name: /Report on/ }));
    await user.click(await screen.findByRole('option', { name: 'Cloud scan result' }));
    await user.click(within(form).getByRole('button', { name: 'Start report' }));
    expect(await within(form).findByText('Choose a cloud scan.')).toBeInTheDocument();
    expect(stub.calls('POST', 'reports/')).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: /^Cloud scan/ }));
    await user.click(await screen.findByRole('option', { name: /^AWS production \(created / }));
    await user.click(within(form).getByRole('button', { name: 'Start report' }));
    await waitFor(() => expect(stub.calls('POST', 'reports/')).toHaveLength(1));
    expect(stub.calls('POST', 'reports/')[0]!.body).toMatchObject({ scope_kind: 'cloud_result', scope: { filters: {}, scan: 21 } });
  });
});

describe('ReportViewPage', () => {
  it('follows a running report, then shows its web view with the paged findings', async () => {
    let state: Report['state'] = 'running';
    const stub = stubApi()
      .on('GET', 'reports/11/', () =>
        json(aReport({ state, progress: state === 'running' ? { current: 10, total: 40 } : { current: 40, total: 40 } })),
      )
      .on(
        'GET',
        'reports/11/data/',
        reportData.parse({
          title: 'Vulnerability report',
          description: '',
          logo: null,
          scope_label: 'All open vulnerabilities',
          generated_at: '2026-11-23T10:00:00Z',
          sections: ['executive_summary', 'findings'],
          summary: {
            average_risk_score: 12,
            assets_scored: 3,
            open_findings: 2,
            open_issues: 1,
            affected_assets: 1,
            by_severity: [0, 0, 0, 2, 0],
            exploit_known: 0,
            ransomware_known: 0,
          },
          trend: [],
          top_issues: [],
          exposed_assets: [],
          kev: [],
          remediation: { days: 30, detected: 0, fixed: 0, mttr_days: [null, null, null, null, null], ignored: 0 },
          coverage: { assets: 3, scanned_30d: 3, never_scanned: 0, runs_30d: 1 },
          findings_count: 2,
        }),
      )
      .on(
        'GET',
        'reports/11/findings/',
        page([
          {
            asset: 'web-01',
            address: '10.0.0.7',
            port: '443',
            issue: 'CVE-2026-0001',
            name: 'OpenSSL overflow',
            severity: 'High',
            risk_score: '70',
            cvss: '8.1',
            epss: '0.12',
            exploit_known: 'true',
            state: 'Active',
            first_seen: '2026-11-01',
            last_seen: '2026-11-22',
          },
        ]),
      );
    renderWithApp(<ReportViewPage />, { path: '/reports/reports/view/:id', url: '/reports/reports/view/11' });
    expect(await screen.findByText('The report is being prepared.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of Monthly board report' })).toHaveAttribute('aria-valuenow', '25');

    state = 'finished';
    expect(await screen.findByRole('heading', { level: 1, name: 'Vulnerability report' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', '/api/reports/11/download/');
    const findings = await screen.findByRole('table', { name: 'All findings of the report' });
    expect(within(findings).getByRole('link', { name: 'OpenSSL overflow' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/CVE-2026-0001',
    );
    expect(within(within(findings).getByRole('row', { name: /OpenSSL overflow/ })).getByText('KEV')).toBeInTheDocument();
    expect(stub.calls('GET', 'reports/11/findings/')[0]!.query.get('page_size')).toBe('50');
  });

  it('shows why a failed report failed', async () => {
    stubApi().on('GET', 'reports/11/', aReport({ state: 'failed', error: 'The saved view was deleted.', file_name: null }));
    renderWithApp(<ReportViewPage />, { path: '/reports/reports/view/:id', url: '/reports/reports/view/11' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The saved view was deleted.');
  });

  it('says a report that is gone is gone', async () => {
    stubApi().on('GET', 'reports/12/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<ReportViewPage />, { path: '/reports/reports/view/:id', url: '/reports/reports/view/12' });
    expect(await screen.findByRole('alert')).toHaveTextContent('It does not exist, or it was deleted.');
  });
});

describe('TemplatesPage', () => {
  it('says a taken name on the name field', async () => {
    const stub = stubApi()
      .on('GET', 'reports/template/', page([]))
      .on('POST', 'reports/template/', json({ name: ['A template with that name already exists.'] }, 409));
    const { user } = renderWithApp(<TemplatesPage />, { path: '/reports/templates' });
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const form = await screen.findByRole('form', { name: 'New template' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Board');
    await user.click(within(form).getByRole('button', { name: 'Create template' }));
    expect(await within(form).findByText('A template with that name already exists.')).toBeInTheDocument();
    expect(stub.calls('POST', 'reports/template/')[0]!.body).toEqual({
      name: 'Board',
      title: 'Vulnerability report',
      description: '',
      logo: null,
      sections: [...REPORT_SECTIONS],
      top_n: 10,
    });
  });

  it('lists templates with their sections', async () => {
    stubApi().on(
      'GET',
      'reports/template/',
      page([
        reportTemplate.parse({
          id: 2,
          name: 'Board',
          title: 'Board report',
          description: '',
          logo: null,
          sections: ['executive_summary', 'risk_trend', 'top_issues', 'findings'],
          top_n: 5,
          created_at: '2026-11-01T10:00:00Z',
          updated_at: '2026-11-02T10:00:00Z',
        }),
      ]),
    );
    renderWithApp(<TemplatesPage />, { path: '/reports/templates' });
    const row = within(await screen.findByRole('table', { name: 'Report templates' })).getByRole('row', { name: /Board/ });
    expect(within(row).getByText('4 of 9: Executive summary, Risk trend, Top issues, +1 more')).toBeInTheDocument();
  });
});

describe('DigestCard', () => {
  it('shows the next send time and saves the settings form-encoded', async () => {
    const config = digestConfig.parse({
      enabled: true,
      frequency: 'weekly',
      weekday: 1,
      time: '07:00',
      time_zone: 'Europe/Stockholm',
      last_sent_at: null,
      next_run_at: '2026-11-23T06:00:00Z',
    });
    const stub = stubApi()
      .on('GET', 'reports/digest-config/', config)
      .on('POST', 'reports/digest-config/', { ...config, frequency: 'daily' });
    const { user } = renderWithApp(<DigestCard />);
    expect(await screen.findByTestId('digest-next')).toHaveTextContent('Next digest: Mon 2026-11-23 07:00 (Europe/Stockholm).');
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    await user.click(screen.getByRole('button', { name: 'Save digest settings' }));
    await waitFor(() => expect(stub.calls('POST', 'reports/digest-config/')).toHaveLength(1));
    const sent = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST');
    const body = sent?.[1]?.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(String(body)).toBe('enabled=true&frequency=daily&weekday=1&time=07%3A00&time_zone=Europe%2FStockholm');
  });
});
