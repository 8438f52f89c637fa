// Tests of the enumerations and numeric codes of both specs (§3, §4, §9).
import { describe, it, expect } from 'vitest';
import * as C from '../src/codes.ts';

describe('scanning codes', () => {
  it('scan run status Pending 0 … Processing results 4', () => {
    expect(C.SCAN_RUN_STATUS).toEqual({ pending: 0, in_progress: 1, finished: 2, error: 3, processing_results: 4 });
    expect(Object.values(C.SCAN_RUN_STATUS_LABELS)).toEqual(['Pending', 'In Progress', 'Finished', 'Error', 'Processing results']);
  });

  it('scan task states -9 … 8 in order', () => {
    const entries = Object.entries(C.SCAN_TASK_STATE).sort((a, b) => a[1] - b[1]);
    expect(entries.map(([, v]) => v)).toEqual([-9, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(C.SCAN_TASK_STATE.group_run).toBe(-9);
    expect(C.SCAN_TASK_STATE.new).toBe(-3);
    expect(C.SCAN_TASK_STATE.throttling).toBe(7);
    expect(C.SCAN_TASK_STATE.delayed_node_assignment).toBe(8);
    expect(C.SCAN_TASK_STATE_MEANINGS[-5]).toBe('created start');
    expect(C.SCAN_TASK_STATE_MEANINGS[6]).toBe('completed with errors');
    expect(C.isScanTaskState(-9)).toBe(true);
    expect(C.isScanTaskState(9)).toBe(false);
  });

  it('scan result Pass 0, Warn 1, Fail 2, Unknown 3', () => {
    expect(C.SCAN_RESULT).toEqual({ pass: 0, warn: 1, fail: 2, unknown: 3 });
    expect(C.SCAN_RESULT_LABELS[2]).toBe('Fail');
  });

  it('scan error types 0 to 17 in the spec order', () => {
    expect(Object.keys(C.SCAN_ERROR_TYPE)).toEqual([
      'internal',
      'connection_failed',
      'empty_target',
      'run_time_exceeded',
      'auth_failed',
      'empty_result',
      'no_response',
      'max_urls_reached',
      'url_redirect',
      'waf_detected',
      'target_definition_failed',
      'was_version_too_old',
      'in_blackout_window',
      'processing_results_failed',
      'limits_exceeded',
      'connection_reset',
      'task_timeout',
      'max_attempts_exceeded',
    ]);
    expect(Object.values(C.SCAN_ERROR_TYPE)).toEqual(Array.from({ length: 18 }, (_, i) => i));
    expect(C.HIDDEN_SCAN_ERROR_TYPES).toEqual([0, 15]);
    expect(Object.keys(C.SCAN_ERROR_TYPE_LABELS)).toHaveLength(18);
  });

  it('scan types, sources, external probe, sync states, frequencies, units', () => {
    expect(C.SCAN_TYPES).toEqual(['nvt', 'oval', 'was', 'cloud']);
    expect(C.SCAN_TYPE_FAMILY).toEqual({ nvt: 'network', oval: 'network', was: 'web', cloud: 'cloud' });
    expect(C.NETWORK_SCAN_SOURCE).toEqual({ node: 1, probe_group: 2 });
    expect(C.EXTERNAL_PROBE_ID).toBe(-1);
    expect(Object.values(C.SYNC_STATE_LABELS)).toEqual(['Error', 'Inactive', 'In sync', 'Syncing']);
    expect(C.REPEAT_FREQUENCIES).toEqual(['never', 'daily', 'weekly', 'monthly']);
    expect(C.INTERVAL_UNITS).toEqual(['minutes', 'hours', 'days']);
    expect(C.INTERVAL_UNIT_MINUTES).toEqual({ minutes: 1, hours: 60, days: 1440 });
  });

  it('scan list sort keys map to server ordering names', () => {
    expect(Object.values(C.SCAN_LIST_SORT_KEYS)).toEqual([
      'name',
      'scan_id',
      'user',
      'scanned_items',
      'status',
      'started',
      'finished',
      'cnt_vulns',
    ]);
  });

  it('cloud providers AWS 0, Azure 1, Oracle 3, Google 4', () => {
    expect(C.CLOUD_PROVIDER).toEqual({ aws: 0, azure: 1, oracle: 3, google: 4 });
    expect(C.CLOUD_PROVIDER_LABELS[3]).toBe('Oracle');
  });
});

describe('asset codes', () => {
  it('asset types network 1, host 2, webapp 3 (and ours: cloud 4, recipient 5)', () => {
    expect(C.ASSET_TYPE).toEqual({ network: 1, host: 2, webapp: 3, cloud: 4, recipient: 5 });
  });
  it('port protocols TCP 0, UDP 1, ICMP 2, unknown 99', () => {
    expect(C.PORT_PROTOCOL).toEqual({ tcp: 0, udp: 1, icmp: 2, unknown: 99 });
    expect(C.PORT_PROTOCOL_LABELS[99]).toBe('Unknown');
  });
  it('operators, categories, filter kinds, team permissions', () => {
    expect(C.FILTER_OPERATORS).toEqual(['starts_with', 'ends_with', 'contains', 'is', 'is_not']);
    expect(C.UNIFIED_ASSET_CATEGORIES).toHaveLength(4);
    expect(Object.values(C.ASSET_FILTER_KIND_LABELS)).toEqual([
      'Hosts',
      'Policy',
      'Devices',
      'Web applications',
      'Recipients',
      'Cloud resources',
      'Missing Patches',
    ]);
    expect(C.TEAM_ASSET_PERMISSIONS).toEqual(['ALL', 'LIMITED']);
  });
});

describe('vulnerability codes', () => {
  it('severities 0-4 with labels', () => {
    expect(C.SEVERITY).toEqual({ info: 0, low: 1, medium: 2, high: 3, critical: 4 });
    expect(Object.values(C.SEVERITY_LABELS)).toEqual(['Info', 'Low', 'Medium', 'High', 'Critical']);
  });
  it('states, ignore reasons, ignore kinds, ignored filter', () => {
    expect(C.VULNERABILITY_STATE).toEqual({ new: 0, active: 1, reopened: 2, closed: 3 });
    expect(C.IGNORE_REASON).toEqual({ false_positive: 0, risk_accepted: 1, not_relevant: 2 });
    expect(C.IGNORE_KIND).toEqual({ disabled: 0, ignored: 1 });
    expect(C.IGNORED_FILTER_VALUES).toEqual(['all', 'ignored_disabled', 'not_ignored_disabled']);
  });
  it('exploit flags 1/2, kinds general 2 potential 1, sources, confidence', () => {
    expect(C.EXPLOIT_FLAG).toEqual({ exploit_known: 1, ransomware_known: 2 });
    expect(C.VULNERABILITY_KIND).toEqual({ potential: 1, general: 2 });
    expect(C.VULNERABILITY_SOURCES).toEqual(['network', 'web', 'cloud', 'pat']);
    expect(C.FINDING_CONFIDENCE).toEqual(['info_gathered', 'potential', 'confirmed']);
  });
});

describe('remediation codes', () => {
  it('ticket types, including the older ones', () => {
    expect(C.TICKET_TYPE).toEqual({ vulnerability: 1, asset: 2 });
    expect(C.LEGACY_TICKET_TYPE).toEqual({ incident: 0, ticket: 1 });
  });
  it('ticket statuses, Solution applied shown as CLOSED_UNVERIFIED', () => {
    expect(C.TICKET_STATUS).toEqual({ open: 0, solution_applied: 1, fixed: 2, will_not_fix: 3, in_progress: 4 });
    expect(C.TICKET_STATUS_KEYS[1]).toBe('CLOSED_UNVERIFIED');
    expect(C.SIMPLE_TICKET_STATUSES.map((s) => C.TICKET_STATUS_LABELS[s])).toEqual(['Open', 'Solution applied', 'Fixed']);
    expect(C.LEGACY_TICKET_STATUS).toEqual({ new: 0, closed: 1 });
  });
  it('grouping and custom field types', () => {
    expect(C.TICKET_GROUPINGS).toEqual(['individual', 'by_asset', 'by_vulnerability']);
    expect(C.CUSTOM_FIELD_TYPES).toEqual(['select', 'short_description', 'description', 'object', 'tags', 'datetime', 'number']);
  });
});

describe('report codes', () => {
  it('run states, formats and scope kinds', () => {
    expect(C.REPORT_RUN_STATES).toEqual(['pending', 'running', 'finished', 'failed']);
    expect(Object.values(C.REPORT_FORMAT_LABELS)).toEqual(['Web', 'CSV', 'PDF', 'HTML', 'Anonymized CSV']);
    expect(C.REPORT_SCOPE_KINDS).toHaveLength(9);
    expect(C.REPORT_SCOPE_KINDS).toContain('scan_web_application_discovery');
  });
});

describe('dashboard codes', () => {
  it('display types 1-10', () => {
    expect(Object.values(C.WIDGET_DISPLAY_TYPE)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(C.WIDGET_DISPLAY_TYPE.owasp_pie).toBe(6);
    expect(C.WIDGET_DISPLAY_TYPE.slim_bar).toBe(10);
  });
  it('kinds, series 1-6, layouts and scopes', () => {
    // The spec's nine, then the three ticket widgets of remediation (issue 29).
    expect(C.WIDGET_KINDS).toHaveLength(12);
    expect(C.WIDGET_KINDS.slice(9)).toEqual(['tickets_by_status', 'overdue_tickets', 'ticket_time_to_fix']);
    expect(C.WIDGET_SERIES).toEqual({ critical: 1, high: 2, medium: 3, low: 4, total: 5, average: 6 });
    expect(C.WIDGET_LAYOUT).toEqual({ grouped: 1, stacked: 2 });
    expect(C.DASHBOARD_SCOPES).toEqual(['dashboard', 'team', 'tag']);
  });
});

describe('training and admin codes', () => {
  it('phishing severity neutral 0 to critical 4', () => {
    expect(C.PHISHING_SEVERITY.neutral).toBe(0);
    expect(C.PHISHING_SEVERITY.critical).toBe(4);
  });
  it('eleven languages', () => {
    expect(C.LANGUAGES).toEqual([
      'danish',
      'dutch',
      'english',
      'finnish',
      'french',
      'german',
      'norwegian',
      'polish',
      'portuguese',
      'spanish',
      'swedish',
    ]);
  });
  it('question and session types, email template placeholder', () => {
    expect(C.QUESTION_TYPES).toEqual(['no_content', 'multiple_choice', 'single_choice']);
    expect(C.SESSION_TYPES).toEqual(['website', 'email']);
    expect(C.EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER).toBe('-');
  });
  it('integration types, retention options, subscription tiers', () => {
    expect(C.INTEGRATION_TYPES).toHaveLength(10);
    expect(C.RETENTION_OPTIONS_DAYS).toEqual([7, 14, 30, 90, 180, 365, 730]);
    expect(C.SUBSCRIPTION_TIERS).toEqual({ none: 0, standard: 1, plus: 2 });
    expect(C.BLACKOUT_DAILY).toBe('0');
    expect(C.SAML_CONFIG_OPTIONS).toEqual(['url', 'file', 'manual']);
  });
});
