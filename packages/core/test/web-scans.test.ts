// The web scan vocabulary: the sc_ss_* rule, what each sign-in kind needs, the profile's field messages, the web scan
// input, and the web descriptor's pages under /was (the discovery result on view/rdwas).
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../src/route-match.ts';
import { normaliseSensitive, webAuthProblems, webProfileFields, webProfileInput, webScanInput } from '../src/api/web-scans.ts';
import { scanListPath, scanProfileEditPath, scanProfilesPath, scanResultPath, WEB_SCAN_KIND } from '../src/scan-kinds/index.ts';

describe('web scans in core', () => {
  it('keeps the country list and the per-country switches in agreement', () => {
    const p = normaliseSensitive(webProfileFields.parse({ sc_ss_countries: ['us'], sc_ss_dan: true }));
    expect(p).toMatchObject({ sc_ss_countries: ['dk', 'us'], sc_ss_dan: true, sc_ss_ssn: true, sc_ss_nor: false, sc_ss_swe: false });
  });

  it('says what each sign-in kind needs', () => {
    const base = webProfileFields.parse({});
    expect(webAuthProblems(base, false)).toEqual({});
    expect(webAuthProblems({ ...base, auth_kind: 'basic', auth_username: 'a' }, false)).toEqual({
      auth_password: ['Password is required'],
    });
    expect(webAuthProblems({ ...base, auth_kind: 'basic', auth_username: 'a' }, true)).toEqual({});
    expect(webAuthProblems({ ...base, auth_kind: 'headers' }, false)).toEqual({ auth_headers: ['At least one header is required'] });
  });

  it('answers field messages for limits, patterns and URLs', () => {
    const r = webProfileInput.safeParse({
      name: 'x',
      max_depth: 99,
      scope_include: ['[a'],
      auth_login_url: 'ftp://x',
      headers: { 'bad name': 'v' },
    });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toMatchObject({
      max_depth: 'Enter a whole number from 1 to 50.',
      scope_include: '[a: not a valid include pattern (a regular expression).',
      auth_login_url: 'Enter a valid URL (http:// or https://).',
      headers: 'Enter a valid header name (letters, digits and -): bad name.',
    });
  });

  it('needs a web application in a web scan', () => {
    const r = webScanInput.safeParse({ name: 'x' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Choose at least one web application.']);
    expect(webScanInput.parse({ name: 'x', assets: [1] })).toMatchObject({ discovery: false, profile: null, vhosts: [] });
  });

  it('puts the web pages under /was', () => {
    expect(scanResultPath(WEB_SCAN_KIND, 7)).toBe('/was/scans/view/was/7');
    expect(scanResultPath(WEB_SCAN_KIND, 7, true)).toBe('/was/scans/view/rdwas/7');
    expect(scanProfileEditPath(WEB_SCAN_KIND, 3)).toBe('/was/scan-profiles/edit/3');
    expect(scanProfilesPath(WEB_SCAN_KIND)).toBe('/was/scan-profiles');
    expect(scanListPath(WEB_SCAN_KIND)).toBe('/was/scans');
    expect(matchRoute(scanResultPath(WEB_SCAN_KIND, 7))?.route.name).toBe('was-scan-result');
    expect(matchRoute(scanResultPath(WEB_SCAN_KIND, 7, true))?.route.name).toBe('was-discovery-result');
    expect(matchRoute(scanProfileEditPath(WEB_SCAN_KIND, 'new'))?.route.name).toBe('was-scan-profile-edit');
  });
});
