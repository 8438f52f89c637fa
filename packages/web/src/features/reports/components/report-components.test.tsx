// Components of the report screens on their own: the section checklist moved by keyboard, the logo upload's checks, a
// run's progress bar, the web view of a report's data (contents, sections, issue links), the upcoming runs of a schedule,
// the exports menu (ready count, download marks read), and the honest training reports page.
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_LOGO_MAX_BYTES, REPORT_SECTIONS, exportJob, reportData, type ReportData, type ReportSection } from '@bulwark/core';
import { LogoField } from './LogoField.tsx';
import { ReportView } from './ReportView.tsx';
import { RunState } from './RunState.tsx';
import { SectionOrder } from './SectionOrder.tsx';
import { TRAINING_REPORTS_TEXT } from '../TrainingReportsPage.tsx';
import TrainingReportsPage from '../TrainingReportsPage.tsx';
import { UpcomingRuns } from './UpcomingRuns.tsx';
import { ExportsMenu } from './ExportsMenu.tsx';
import { sectionItems, type SectionItem } from '../template-format.ts';
import { json, page, stubApi } from '../../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';

function Checklist({ initial }: { initial: readonly ReportSection[] }) {
  const [items, setItems] = useState<SectionItem[]>(() => sectionItems(initial));
  return (
    <>
      <SectionOrder value={items} onChange={setItems} />
      <div data-testid="order">{items.map((i) => `${i.key}${i.included ? '+' : '-'}`).join(' ')}</div>
    </>
  );
}

function anyData(o: Partial<ReportData> = {}): ReportData {
  const issue = (hid: string, name: string) => ({
    hid,
    name,
    severity: 4,
    risk_score: 91.2,
    assets: 3,
    exploit_known: true,
    ransomware_known: false,
  });
  return reportData.parse({
    title: 'Quarterly exposure',
    description: 'For the board.',
    logo: null,
    scope_label: 'All open vulnerabilities',
    generated_at: '2026-11-23T10:00:00Z',
    sections: [...REPORT_SECTIONS],
    summary: {
      average_risk_score: 42.4,
      assets_scored: 12,
      open_findings: 1234,
      open_issues: 56,
      affected_assets: 9,
      by_severity: [5, 10, 20, 30, 4],
      exploit_known: 2,
      ransomware_known: 1,
    },
    trend: [],
    top_issues: [issue('CVE-2026-0001', 'OpenSSL overflow')],
    exposed_assets: [{ id: 7, name: 'web-01', address: '10.0.0.7', risk_score: 80, findings: 14, critical: 2, high: 5 }],
    kev: [],
    remediation: { days: 30, detected: 40, fixed: 25, mttr_days: [null, null, 12.5, 6, 2], ignored: 3 },
    coverage: { assets: 20, scanned_30d: 15, never_scanned: 2, runs_30d: 31 },
    findings_count: 1234,
    ...o,
  });
}

beforeEach(() => {
  // jsdom has no canvas; ECharts (SVG renderer) then measures text without one.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('SectionOrder', () => {
  it('moves a section with the keyboard, keeps focus on it and announces where it went', async () => {
    const { user } = renderWithApp(<Checklist initial={['executive_summary', 'risk_trend', 'top_issues']} />);
    const order = screen.getByTestId('order');
    expect(screen.getByRole('group', { name: 'Sections' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Executive summary up' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move Top issues up' }).focus();
    await user.keyboard('{Enter}');
    expect(order.textContent?.startsWith('executive_summary+ top_issues+ risk_trend+')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Top issues up' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Top issues moved to position 2 of 9.');

    // At the top the up button is disabled: focus goes to the section's down button instead.
    await user.keyboard('{Enter}');
    expect(order.textContent?.startsWith('top_issues+ executive_summary+')).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Top issues down' })).toHaveFocus());
  });

  it('ticks a section on and off', async () => {
    const { user } = renderWithApp(<Checklist initial={['executive_summary']} />);
    await user.click(screen.getByRole('checkbox', { name: /All findings/ }));
    expect(screen.getByTestId('order')).toHaveTextContent('findings+');
    await user.click(screen.getByRole('checkbox', { name: /Executive summary/ }));
    expect(screen.getByTestId('order')).toHaveTextContent('executive_summary-');
  });
});

describe('LogoField', () => {
  function Logo() {
    const [value, setValue] = useState<string | null>(null);
    const [error, setError] = useState<string | null>(null);
    return <LogoField value={value} onChange={setValue} error={error} onError={setError} />;
  }

  it('refuses an image over 200 KB before reading it, and shows a small one', async () => {
    const { user, container } = renderWithApp(<Logo />);
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');

    await user.upload(input, new File([new Uint8Array(REPORT_LOGO_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo may be at most 200 KB; this image is 201 KB.');
    expect(screen.getByRole('button', { name: 'Upload logo' })).toHaveAttribute('aria-invalid', 'true');

    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.getByText('No logo.')).toBeInTheDocument();
  });
});

describe('RunState', () => {
  it('shows a running report’s progress as a named progress bar', () => {
    renderWithApp(<RunState state="running" progress={{ current: 250, total: 1000 }} label="Progress of Weekly" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress of Weekly' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '25%, 250 of 1,000 findings written');
  });

  it('leaves the value out while the total is unknown, and shows a failure’s error', () => {
    renderWithApp(
      <>
        <RunState state="pending" progress={{ current: 0, total: 0 }} label="Progress of A" />
        <RunState state="failed" progress={{ current: 0, total: 0 }} label="Progress of B" error="The scan was deleted." />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Progress of A' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('The scan was deleted.')).toBeInTheDocument();
  });
});

describe('ReportView', () => {
  it('says how many findings the minimum quality of detection left out of the summary', () => {
    renderWithApp(<ReportView data={{ ...anyData({ sections: ['executive_summary'] }), qod: { min: 70, hidden: 3 } }} />);
    expect(screen.getByTestId('report-qod-hidden')).toHaveTextContent(
      '3 findings below the minimum quality of detection (70 %) are hidden.',
    );
  });

  it('draws the title, a contents list and each section in the template’s order', async () => {
    const data = anyData({ sections: ['top_issues', 'executive_summary', 'most_exposed_assets', 'findings'] });
    const { user } = renderWithApp(<ReportView data={data} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Quarterly exposure' })).toBeInTheDocument();
    expect(screen.getByText('For the board.')).toBeInTheDocument();

    const contents = screen.getByRole('navigation', { name: 'Contents of the report' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Top issues', 'Executive summary', 'Most exposed assets', 'All findings']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Top issues',
      'Executive summary',
      'Most exposed assets',
      'All findings',
    ]);

    await user.click(within(contents).getByRole('link', { name: 'Most exposed assets' }));
    expect(screen.getByText('Most exposed assets', { selector: 'span' })).toHaveFocus();

    const issues = screen.getByRole('table', { name: 'Top issues' });
    expect(within(issues).getByRole('link', { name: 'OpenSSL overflow' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/CVE-2026-0001',
    );
    expect(within(screen.getByRole('table', { name: 'Most exposed assets' })).getByRole('link', { name: 'web-01' })).toHaveAttribute(
      'href',
      '/assets/unified-assets/view/7',
    );
    expect(screen.getByText('42 of 100 (High)')).toBeInTheDocument();
    expect(screen.getByText('The report lists 1,234 open findings, one row each.')).toBeInTheDocument();
  });

  it('shows the severity counts and the time to fix as figures, and says when there is no history', async () => {
    renderWithApp(<ReportView data={anyData({ sections: ['severity_breakdown', 'risk_trend', 'remediation_status'] })} />);
    const legend = screen.getByRole('list', { name: 'Open findings by severity' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Critical 4', 'High 30', 'Medium 20', 'Low 10', 'Info 5']);
    expect(screen.getByText('There is no history to draw yet: the trend fills in day by day.')).toBeInTheDocument();
    const mttr = screen.getByRole('table', { name: 'Mean days to fix by severity' });
    expect(within(mttr).getByRole('row', { name: 'Critical 2' })).toBeInTheDocument();
    expect(within(mttr).getByRole('row', { name: 'Info none fixed' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Open findings by severity' })).toBeInTheDocument();
  });
});

describe('UpcomingRuns', () => {
  it('asks for the next runs a moment after a change and shows them in the schedule’s zone', async () => {
    const stub = stubApi().on('POST', 'reports/schedules/preview/', { upcoming: ['2026-11-23T06:00:00Z', '2026-11-30T06:00:00Z'] });
    const body = {
      name: 'Preview',
      template: null,
      format: 'pdf' as const,
      scope_kind: 'unified_vulns' as const,
      scope: { filters: {}, scan: null },
      frequency: 'weekly' as const,
      time: '07:00',
      weekday: 1,
      day_of_month: 1,
      time_zone: 'Europe/Stockholm',
      recipients: ['preview@example.com'],
      is_active: true,
    };
    renderWithApp(<UpcomingRuns body={body} />);
    expect(await screen.findByText(/^Mon 2026-11-23 07:00/)).toBeInTheDocument();
    expect(screen.getByText(/^Mon 2026-11-30 07:00/)).toBeInTheDocument();
    expect(stub.calls('POST', 'reports/schedules/preview/')).toHaveLength(1);
    expect(stub.calls('POST', 'reports/schedules/preview/')[0].body).toMatchObject({ frequency: 'weekly', time_zone: 'Europe/Stockholm' });
  });

  it('asks nothing until the time and zone are whole', () => {
    const stub = stubApi();
    renderWithApp(<UpcomingRuns body={null} />);
    expect(screen.getByText('Enter a time (HH:MM) and a time zone to see when it runs.')).toBeInTheDocument();
    expect(stub.requests).toHaveLength(0);
  });
});

describe('ExportsMenu', () => {
  const job = (id: number, o: object = {}) =>
    exportJob.parse({
      id,
      type: 'vulnerabilities',
      fields: [],
      filters: {},
      state: 'finished',
      progress: { current: 3, total: 3 },
      task_id: null,
      error: null,
      rows: 3,
      file_name: 'vulns.csv',
      file_size: 300,
      is_read: false,
      created_at: `2026-11-2${id}T10:00:00Z`,
      finished_at: null,
      expires_at: null,
      ...o,
    });

  it('counts the ready exports on its button and marks one read when it is downloaded', async () => {
    let read = false;
    const stub = stubApi()
      .on('GET', 'export/vulnerabilities/', () =>
        json(page([job(1, { is_read: read }), job(2, { state: 'running', file_name: null, progress: { current: 1, total: 4 } })])),
      )
      .on('GET', 'export/issues/', page([job(3, { type: 'issues', is_read: true })]))
      .on('GET', 'export/assets/', json({ detail: 'You do not have permission to perform this action.' }, 403))
      .on('PATCH', 'export/vulnerabilities/:id/mark_read/', () => {
        read = true;
        return json({});
      });
    const { user } = renderWithApp(<ExportsMenu />);
    const button = await screen.findByRole('button', { name: 'Exports, 1 ready to download' });
    await user.click(button);
    const list = await screen.findByRole('list', { name: 'Exports' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('progressbar', { name: 'Progress of Vulnerabilities export' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Exports of assets could not be loaded.')).toBeInTheDocument();

    const download = within(list).getByRole('link', { name: /^Download Vulnerabilities export of 2026-11-21/ });
    expect(download).toHaveAttribute('href', '/api/export/vulnerabilities/1/download/');
    // jsdom does not download; the click still marks the export read.
    download.addEventListener('click', (e) => e.preventDefault());
    await user.click(download);
    await waitFor(() => expect(stub.calls('PATCH', 'export/vulnerabilities/1/mark_read/')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Exports' })).toBeInTheDocument();
  });
});

describe('TrainingReportsPage', () => {
  it('says training reports come with training, under the route’s own title', () => {
    renderWithApp(<TrainingReportsPage />, { path: '/fra-reports/schedules' });
    expect(screen.getByRole('heading', { level: 1, name: 'Training report schedules' })).toBeInTheDocument();
    expect(screen.getByText(TRAINING_REPORTS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports/reports');
  });
});
