// Pure rules of the report screens: schedule frequencies in words, times in a schedule's own zone, scope names, run
// progress and polling, the section checklist, the logo check, the report and schedule bodies, the digest's form
// encoding and the exports menu's count.
import { describe, expect, it } from 'vitest';
import {
  REPORT_LOGO_MAX_BYTES,
  REPORT_SECTIONS,
  exportJob,
  savedFilter,
  type ExportJob,
  type ReportData,
  type SavedFilter,
} from '@bulwark/core';
import {
  formatInZone,
  frequencyText,
  hasFile,
  progressPercent,
  progressText,
  reportPollInterval,
  scopeKindOptions,
  scopeText,
  severityCode,
  sizeText,
  viewFilters,
} from './report-format.ts';
import {
  chosenSections,
  dataUrlBytes,
  logoFileError,
  moveItem,
  sectionItems,
  templateBody,
  templateValues,
  toggleItem,
  validateTemplate,
  withEdits,
} from './template-format.ts';
import {
  ALL_OPEN,
  KEPT,
  newReportValues,
  previewBody,
  reportBody,
  scheduleBody,
  scheduleValues,
  scopeBody,
  splitRecipients,
  validateSchedule,
  validateScope,
} from './report-forms.ts';
import { exportDetails, exportsButtonLabel, exportsPollInterval, newestExports, unreadReady } from './exports-format.ts';
import { digestFormBody } from './api/digest-api.ts';
import { runTimeText } from './components/UpcomingRuns.tsx';

const timing = { time: '07:00', weekday: 1, day_of_month: 1, time_zone: 'Europe/Stockholm' };

function aView(id: number, name: string, filters: Record<string, string | string[]>): SavedFilter {
  return savedFilter.parse({ id, name, filters, is_default: false, created: '2026-11-01T10:00:00Z', updated: '2026-11-01T10:00:00Z' });
}

describe('schedule frequency text', () => {
  it('says daily, weekly on a weekday and monthly on a day, at the time in the zone', () => {
    expect(frequencyText({ ...timing, frequency: 'daily' })).toBe('Daily at 07:00 Europe/Stockholm');
    expect(frequencyText({ ...timing, frequency: 'weekly' })).toBe('Weekly on Monday at 07:00 Europe/Stockholm');
    expect(frequencyText({ ...timing, frequency: 'weekly', weekday: 7, time_zone: 'UTC' })).toBe('Weekly on Sunday at 07:00 UTC');
    expect(frequencyText({ ...timing, frequency: 'monthly', day_of_month: 1 })).toBe('Monthly on the 1st at 07:00 Europe/Stockholm');
    expect(frequencyText({ ...timing, frequency: 'monthly', day_of_month: 22 })).toBe('Monthly on the 22nd at 07:00 Europe/Stockholm');
    expect(frequencyText({ ...timing, frequency: 'monthly', day_of_month: 0 })).toBe('Monthly on the last day at 07:00 Europe/Stockholm');
  });

  it('shows run times in the schedule’s zone, with the viewer’s time beside them when the zones differ', () => {
    // 06:00 UTC in November is 07:00 in Stockholm (CET).
    expect(formatInZone('2026-11-23T06:00:00Z', 'Europe/Stockholm')).toBe('Mon 2026-11-23 07:00');
    expect(formatInZone('2026-11-23T06:00:00Z', 'America/New_York')).toBe('Mon 2026-11-23 01:00');
    expect(formatInZone('not a date', 'UTC')).toBe('');
    expect(runTimeText('2026-11-23T06:00:00Z', 'Europe/Stockholm', 'Europe/Stockholm')).toBe('Mon 2026-11-23 07:00');
    expect(runTimeText('2026-11-23T06:00:00Z', 'Europe/Stockholm', 'UTC')).toMatch(/^Mon 2026-11-23 07:00 \(.+ your time\)$/);
  });
});

describe('report runs', () => {
  it('polls while a run is pending or running, and not after', () => {
    expect(reportPollInterval([{ state: 'finished' }, { state: 'running' }])).toBe(2000);
    expect(reportPollInterval([{ state: 'pending' }])).toBe(2000);
    expect(reportPollInterval([{ state: 'finished' }, { state: 'failed' }])).toBe(false);
    expect(reportPollInterval(undefined)).toBe(false);
  });

  it('says how far a run is, indeterminate until the total is known', () => {
    expect(progressPercent({ current: 250, total: 1000 })).toBe(25);
    expect(progressPercent({ current: 0, total: 0 })).toBeNull();
    expect(progressPercent({ current: 12, total: 10 })).toBe(100);
    expect(progressText('pending', { current: 0, total: 0 })).toBe('Waiting to start');
    expect(progressText('running', { current: 0, total: 0 })).toBe('Preparing');
    expect(progressText('running', { current: 1200, total: 5000 })).toBe('1,200 of 5,000 findings written');
  });

  it('offers a download only for a finished report with a file (never for a web report)', () => {
    expect(hasFile({ format: 'pdf', state: 'finished', file_name: 'r.pdf' })).toBe(true);
    expect(hasFile({ format: 'pdf', state: 'running', file_name: null })).toBe(false);
    expect(hasFile({ format: 'web', state: 'finished', file_name: null })).toBe(false);
    expect(sizeText(null)).toBe('–');
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(200 * 1024)).toBe('200 KB');
    expect(sizeText(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('reads a finding’s severity written as a label or a code', () => {
    expect(severityCode('High')).toBe(3);
    expect(severityCode('4')).toBe(4);
    expect(severityCode('critical')).toBe(4);
    expect(severityCode('')).toBeNull();
  });
});

describe('scope', () => {
  const critical = aView(4, 'Critical servers', { severity: '4', tags: ['1', '2'], page: '3' });

  it('names a scope: all open, a saved view, other filters, a scan, or the kind', () => {
    expect(scopeText('unified_vulns', { filters: {}, scan: null })).toBe('All open vulnerabilities');
    expect(scopeText('unified_vulns', { filters: { tags: ['1', '2'], severity: '4' }, scan: null }, { views: [critical] })).toBe(
      'Saved view “Critical servers”',
    );
    expect(scopeText('unified_vulns', { filters: { severity: '3' }, scan: null }, { views: [critical] })).toBe('Vulnerabilities, 1 filter');
    expect(scopeText('scan_network', { filters: {}, scan: 9 }, { scans: [{ id: 9, name: 'Office' }] })).toBe('Network scan “Office”');
    expect(scopeText('scan_network', { filters: {}, scan: 9 })).toBe('Network scan #9');
    expect(scopeText('scan_policy', { filters: {}, scan: 4 }, { scans: [{ id: 4, name: 'CIS servers' }] })).toBe(
      'Policy scan “CIS servers”',
    );
    expect(scopeText('no_runs', { filters: {}, scan: null })).toBe('Policy scan runs');
    expect(scopeText('cloud_result', { filters: {}, scan: null })).toBe('Cloud scan');
    expect(scopeText('cloud_result', { filters: {}, scan: 3 }, { scans: [{ id: 3, name: 'AWS prod' }] })).toBe('Cloud scan “AWS prod”');
    expect(scopeText('scan_web_application', { filters: {}, scan: 5 })).toBe('Web scan #5');
  });

  it('offers every kind of the contract by its label, in the order given', () => {
    expect(scopeKindOptions(['cloud_result', 'unified_vulns', 'pat_recipients', 'no_runs', 'scan_web_application'])).toEqual([
      { value: 'cloud_result', label: 'Cloud scan result' },
      { value: 'unified_vulns', label: 'Vulnerabilities' },
      { value: 'pat_recipients', label: 'Phishing recipients' },
      { value: 'no_runs', label: 'Policy scan runs' },
      { value: 'scan_web_application', label: 'Web application scan' },
    ]);
  });

  it('sends a view’s filters without paging, the kept filters, none for all open, or the scan', () => {
    expect(viewFilters(critical)).toEqual({ severity: '4', tags: ['1', '2'] });
    const base = { scope_kind: 'unified_vulns' as const, scan: '' };
    expect(scopeBody({ ...base, view: ALL_OPEN }, [critical], {})).toEqual({ filters: {}, scan: null });
    expect(scopeBody({ ...base, view: '4' }, [critical], {})).toEqual({ filters: { severity: '4', tags: ['1', '2'] }, scan: null });
    expect(scopeBody({ ...base, view: KEPT }, [critical], { state: 'open' })).toEqual({ filters: { state: 'open' }, scan: null });
    expect(scopeBody({ scope_kind: 'scan_network', view: ALL_OPEN, scan: '12' }, [], {})).toEqual({ filters: {}, scan: 12 });
    expect(scopeBody({ scope_kind: 'scan_policy', view: ALL_OPEN, scan: '7' }, [], {})).toEqual({ filters: {}, scan: 7 });
    expect(scopeBody({ scope_kind: 'no_runs', view: ALL_OPEN, scan: '7' }, [], {})).toEqual({ filters: {}, scan: null });
    expect(validateScope.scan('', { scope_kind: 'scan_policy', view: ALL_OPEN, scan: '' })).toBe('Choose a policy scan.');
    expect(validateScope.scan('', { scope_kind: 'cloud_result', view: ALL_OPEN, scan: '' })).toBe('Choose a cloud scan.');
    expect(validateScope.scan('', { scope_kind: 'scan_web_application', view: ALL_OPEN, scan: '' })).toBe('Choose a web scan.');
    expect(scopeBody({ scope_kind: 'cloud_result', view: ALL_OPEN, scan: '2' }, [], {})).toEqual({ filters: {}, scan: 2 });
  });

  it('builds the new report body: default sections are no template', () => {
    const values = { ...newReportValues(new Date('2026-11-23T10:00:00')), format: 'csv' as const };
    expect(values.name).toBe('Vulnerability report 2026-11-23');
    expect(reportBody(values, [])).toEqual({
      name: 'Vulnerability report 2026-11-23',
      template: null,
      format: 'csv',
      scope_kind: 'unified_vulns',
      scope: { filters: {}, scan: null },
    });
    expect(reportBody({ ...values, template: '5' }, []).template).toBe(5);
  });
});

describe('schedules', () => {
  it('keeps a schedule’s stored filters as they are when it is edited and saved again', () => {
    const values = scheduleValues(
      {
        id: 1,
        name: 'Weekly',
        template: 2,
        format: 'pdf',
        scope_kind: 'unified_vulns',
        scope: { filters: { severity: ['3', '4'] }, scan: null },
        frequency: 'monthly',
        time: '06:30:00',
        weekday: 1,
        day_of_month: 0,
        time_zone: 'Europe/Stockholm',
        recipients: ['a@example.com', 'b@example.com'],
        is_active: false,
        next_run_at: null,
        last_run_at: null,
        last_report: null,
        upcoming: [],
      },
      'UTC',
    );
    expect(values.view).toBe(KEPT);
    expect(values.time).toBe('06:30');
    expect(values.recipients).toBe('a@example.com\nb@example.com');
    expect(scheduleBody(values, [], { severity: ['3', '4'] })).toEqual({
      name: 'Weekly',
      template: 2,
      format: 'pdf',
      scope_kind: 'unified_vulns',
      scope: { filters: { severity: ['3', '4'] }, scan: null },
      frequency: 'monthly',
      time: '06:30',
      weekday: 1,
      day_of_month: 0,
      time_zone: 'Europe/Stockholm',
      recipients: ['a@example.com', 'b@example.com'],
      is_active: false,
    });
  });

  it('reads recipients one a line or separated by commas, and checks each', () => {
    expect(splitRecipients(' a@example.com, b@example.com;\n\nc@example.com a@example.com ')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    const rules = validateSchedule([]);
    expect(rules.recipients('')).toBe('Add at least one recipient.');
    expect(rules.recipients('a@example.com, not-an-address')).toBe('Enter a valid email address.');
    expect(rules.recipients('a@example.com')).toBeNull();
    expect(rules.time_zone('Mars/Olympus')).toBe('Choose a known time zone, e.g. Europe/Stockholm.');
  });

  it('asks for the upcoming runs only with a whole time and a known zone, whatever else is typed', () => {
    const v = { frequency: 'weekly' as const, time: '07:00', weekday: '3', day_of_month: '1', time_zone: 'Europe/Stockholm' };
    expect(previewBody(v)).toMatchObject({ frequency: 'weekly', time: '07:00', weekday: 3, time_zone: 'Europe/Stockholm' });
    expect(previewBody({ ...v, time: '7:0' })).toBeNull();
    expect(previewBody({ ...v, time_zone: 'Nowhere/Else' })).toBeNull();
  });
});

describe('template sections', () => {
  it('lists the chosen sections in their order, then the others unticked', () => {
    const items = sectionItems(['findings', 'executive_summary']);
    expect(items.slice(0, 3)).toEqual([
      { key: 'findings', included: true },
      { key: 'executive_summary', included: true },
      { key: 'risk_trend', included: false },
    ]);
    expect(items).toHaveLength(REPORT_SECTIONS.length);
    expect(chosenSections(items)).toEqual(['findings', 'executive_summary']);
  });

  it('moves a section up or down, not past either end, and ticks it on and off', () => {
    const items = sectionItems(['executive_summary', 'risk_trend', 'top_issues']);
    expect(chosenSections(moveItem(items, 2, -1))).toEqual(['executive_summary', 'top_issues', 'risk_trend']);
    expect(moveItem(items, 0, -1)).toEqual(items);
    expect(moveItem(items, items.length - 1, 1)).toEqual(items);
    expect(chosenSections(toggleItem(items, 'risk_trend', false))).toEqual(['executive_summary', 'top_issues']);
    expect(chosenSections(toggleItem(items, 'findings', true))).toEqual(['executive_summary', 'risk_trend', 'top_issues', 'findings']);
  });

  it('asks for at least one section and a row count of 5 to 50', () => {
    expect(validateTemplate.sections(sectionItems([]).map((i) => ({ ...i, included: false })))).toBe('Choose at least one section.');
    expect(validateTemplate.top_n(4)).toBe('Enter a number from 5 to 50.');
    expect(validateTemplate.top_n('')).toBe('Enter a number from 5 to 50.');
    expect(validateTemplate.top_n(50)).toBeNull();
    expect(validateTemplate.name('  ')).toBe('This field may not be blank.');
  });

  it('sends the ticked sections in order with the trimmed texts', () => {
    const values = { ...templateValues(), name: ' Board ', top_n: '20' };
    expect(templateBody(values)).toMatchObject({ name: 'Board', title: 'Vulnerability report', top_n: 20, sections: [...REPORT_SECTIONS] });
  });
});

describe('template logo', () => {
  it('takes a PNG or JPEG of at most 200 KB', () => {
    expect(logoFileError({ type: 'image/png', size: REPORT_LOGO_MAX_BYTES })).toBeNull();
    expect(logoFileError({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(logoFileError({ type: 'image/gif', size: 10 })).toBe('Upload a PNG or JPEG image.');
    expect(logoFileError({ type: 'image/png', size: REPORT_LOGO_MAX_BYTES + 1 })).toBe(
      'The logo may be at most 200 KB; this image is 201 KB. Use a smaller image.',
    );
  });

  it('measures a data URL by the bytes it holds', () => {
    expect(dataUrlBytes('data:image/png;base64,AAAA')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,AAA=')).toBe(2);
    expect(dataUrlBytes('data:image/png;base64,AA==')).toBe(1);
  });
});

describe('template preview', () => {
  const row = (n: number) => ({
    hid: `CVE-2026-${n}`,
    name: `Issue ${n}`,
    severity: 3,
    risk_score: 50,
    assets: 1,
    exploit_known: false,
    ransomware_known: false,
  });
  const data = {
    title: 'Vulnerability report',
    description: '',
    logo: null,
    scope_label: 'All open vulnerabilities',
    generated_at: '2026-11-23T10:00:00Z',
    sections: [...REPORT_SECTIONS],
    top_issues: [row(1), row(2), row(3)],
    exposed_assets: [],
    kev: [row(1)],
  } as unknown as ReportData;

  it('lays the unsaved title, sections and row count over the prepared data', () => {
    const shown = withEdits(data, {
      name: 'x',
      title: ' Board ',
      description: 'For the board',
      logo: null,
      sections: ['top_issues'],
      top_n: 2,
    });
    expect(shown.title).toBe('Board');
    expect(shown.description).toBe('For the board');
    expect(shown.sections).toEqual(['top_issues']);
    expect(shown.top_issues.map((i) => i.hid)).toEqual(['CVE-2026-1', 'CVE-2026-2']);
    expect(withEdits(data, { name: 'x', title: '', sections: ['kev_exposure'], top_n: 10 }).title).toBe('Vulnerability report');
  });
});

describe('exports menu', () => {
  function anExport(o: Partial<ExportJob> & Pick<ExportJob, 'id'>): ExportJob {
    return exportJob.parse({
      type: 'vulnerabilities',
      fields: [],
      filters: {},
      state: 'finished',
      progress: { current: 10, total: 10 },
      task_id: null,
      error: null,
      rows: 10,
      file_name: 'vulnerabilities.csv',
      file_size: 2048,
      is_read: false,
      created_at: '2026-11-23T10:00:00Z',
      finished_at: '2026-11-23T10:01:00Z',
      expires_at: null,
      ...o,
    });
  }

  it('counts the ready exports not yet downloaded, and polls while one runs', () => {
    const jobs = [
      anExport({ id: 1 }),
      anExport({ id: 2, is_read: true }),
      anExport({ id: 3, state: 'running', file_name: null, rows: null }),
      anExport({ id: 4, type: 'assets' }),
    ];
    expect(unreadReady(jobs)).toBe(2);
    expect(exportsPollInterval(jobs)).toBe(2000);
    expect(exportsPollInterval(jobs.filter((j) => j.state === 'finished'))).toBe(false);
    expect(exportsButtonLabel(0)).toBe('Exports');
    expect(exportsButtonLabel(2)).toBe('Exports, 2 ready to download');
  });

  it('lists every type’s exports newest first, and describes a finished one', () => {
    const jobs = [
      anExport({ id: 1, created_at: '2026-11-20T10:00:00Z' }),
      anExport({ id: 1, type: 'issues', created_at: '2026-11-23T10:00:00Z' }),
      anExport({ id: 2, type: 'assets', created_at: '2026-11-21T10:00:00Z' }),
    ];
    expect(newestExports(jobs, 2).map((j) => `${j.type}-${j.id}`)).toEqual(['issues-1', 'assets-2']);
    expect(exportDetails(jobs[0])).toBe('10 rows · 2 KB');
    expect(exportDetails({ state: 'running', rows: null, file_size: null })).toBe('');
  });
});

describe('digest', () => {
  it('is saved form-encoded', () => {
    const body = digestFormBody({ enabled: true, frequency: 'weekly', weekday: 5, time: '07:30', time_zone: 'Europe/Stockholm' });
    expect(body.toString()).toBe('enabled=true&frequency=weekly&weekday=5&time=07%3A30&time_zone=Europe%2FStockholm');
  });
});
