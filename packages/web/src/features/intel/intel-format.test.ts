// The pure parts of the vulnerability-intelligence page: number and percent formats, the sources field, polling,
// badge colours, the newest-import line, the page-of-imports answer check, and the route of the page.
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@bulwark/core';
import { INTEL_SETTINGS_PATH, WEB_ROUTES } from '../../app/web-routes.ts';
import { feedImportPage } from './api/intel-api.ts';
import {
  formatCount,
  formatEpss,
  formatPercent,
  IMPORT_POLL_MS,
  IMPORT_STATUS_COLORS,
  importPollInterval,
  importStatusLabel,
  lastImportText,
  matchKindNoun,
  riskColor,
  severityBadge,
  splitSources,
} from './intel-format.ts';
import { anImport } from '../../../test/support/fixtures.ts';

const finished = '2026-11-20T10:15:00.000Z';

describe('numbers', () => {
  it('writes counts with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1404)).toBe('1,404');
    expect(formatCount(263_417)).toBe('263,417');
  });

  it('writes an EPSS probability as a percentage, and a dash when unknown', () => {
    expect(formatEpss(0.97123)).toBe('97.12%');
    expect(formatEpss(0.0004)).toBe('0.04%');
    expect(formatEpss(null)).toBe('–');
  });

  it('writes progress without trailing zeros', () => {
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(42.5)).toBe('42.5%');
    expect(formatPercent(0)).toBe('0%');
  });
});

describe('splitSources', () => {
  it('keeps one trimmed path per non-empty line', () => {
    expect(splitSources(' kev/known_exploited_vulnerabilities.json \r\n\n  nvd\n   \n')).toEqual([
      'kev/known_exploited_vulnerabilities.json',
      'nvd',
    ]);
    expect(splitSources('   \n')).toEqual([]);
  });
});

describe('importPollInterval', () => {
  it('polls every 2 s while an import is queued or running, and not otherwise', () => {
    expect(IMPORT_POLL_MS).toBe(2000);
    expect(importPollInterval([{ status: 'done' }, { status: 'running' }])).toBe(2000);
    expect(importPollInterval([{ status: 'queued' }])).toBe(2000);
    expect(importPollInterval([{ status: 'done' }, { status: 'failed' }])).toBe(false);
    expect(importPollInterval([])).toBe(false);
    expect(importPollInterval(undefined)).toBe(false);
  });
});

describe('badges', () => {
  it('labels import statuses with core’s words and the agreed colours', () => {
    expect(importStatusLabel('done')).toBe('Done');
    expect(IMPORT_STATUS_COLORS).toEqual({ queued: 'gray', running: 'blue', done: 'green', failed: 'red' });
  });

  it('labels severities with core’s words; none for an unscored CVE', () => {
    expect(severityBadge(4)).toEqual({ label: 'Critical', color: 'red' });
    expect(severityBadge(0)?.label).toBe('Info');
    expect(severityBadge(null)).toBeNull();
    expect(severityBadge(7)).toBeNull();
  });

  it('colours risk scores by core’s bands', () => {
    expect(riskColor(5)).toBe('blue');
    expect(riskColor(29.9)).toBe('yellow');
    expect(riskColor(30)).toBe('orange');
    expect(riskColor(95)).toBe('red');
  });

  it('names the kind of lookup', () => {
    expect(matchKindNoun('cpe')).toBe('CPE');
    expect(matchKindNoun('package')).toBe('package');
  });
});

describe('lastImportText', () => {
  it('says when the last import finished, or what it is doing', () => {
    expect(lastImportText(null)).toMatch(/No import/);
    expect(lastImportText(anImport())).toBe(`Last import finished ${formatDateTime(finished)}.`);
    expect(lastImportText(anImport({ status: 'running', percent: 42.5, finished_at: null }))).toBe('An import is running (42.5%).');
    expect(lastImportText(anImport({ status: 'queued', percent: 0, finished_at: null }))).toMatch(/waiting/);
    expect(lastImportText(anImport({ status: 'failed', message: 'disk full' }))).toBe(
      `The last import failed at ${formatDateTime(finished)}: disk full`,
    );
  });
});

describe('feedImportPage', () => {
  it('reads a page of imports', () => {
    const page = feedImportPage.parse({ count: 11, next: '/api/intel/imports/?page=2', previous: null, results: [anImport()] });
    expect(page.count).toBe(11);
    expect(page.next).toBe('/api/intel/imports/?page=2');
    expect(page.results[0].counts.read).toBe(1404);
  });

  it('refuses an answer that is not a page of imports', () => {
    expect(() => feedImportPage.parse(null)).toThrow();
    expect(() => feedImportPage.parse({ results: [] })).toThrow();
    expect(() => feedImportPage.parse({ count: 1, next: null, previous: null, results: [{ id: 'x' }] })).toThrow();
  });
});

describe('route', () => {
  it('adds /settings/intelligence for every signed-in user', () => {
    expect(WEB_ROUTES.find((r) => r.path === INTEL_SETTINGS_PATH)).toMatchObject({
      name: 'intel-settings',
      title: 'Vulnerability intelligence',
      access: 'signed-in',
    });
  });
});
