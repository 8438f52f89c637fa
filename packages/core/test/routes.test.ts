// Tests of the route table, route matching and route guards (platform-core §2, §6; feature-areas §2).
import { describe, it, expect } from 'vitest';
import { ROUTES, type RouteDef } from '../src/routes.ts';
import { routeByName, matchRoute } from '../src/route-match.ts';
import { routeAllowed, firstAccessibleChild, type RouteContext } from '../src/route-guards.ts';
import type { PermissionSubject } from '../src/permissions.ts';

const superuser: PermissionSubject = { is_superuser: true, customer_admin: false, permissions: {} };
const reader = (...resources: string[]): PermissionSubject => ({
  is_superuser: false,
  customer_admin: false,
  permissions: Object.fromEntries(resources.map((r) => [r, ['read']])),
});
const signedIn = (user: PermissionSubject, flags: RouteContext['flags'] = {}): RouteContext => ({
  authenticated: true,
  user,
  flags,
});
const anonymous: RouteContext = { authenticated: false, flags: {} };
const byPath = (path: string): RouteDef => {
  const r = ROUTES.find((x) => x.path === path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};

describe('route table', () => {
  it('has unique paths and unique names', () => {
    const paths = ROUTES.map((r) => r.path);
    const names = ROUTES.map((r) => r.name);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses React Router syntax: absolute paths, :params, no braces, no trailing slash', () => {
    for (const r of ROUTES) {
      if (r.path === '*') continue;
      expect(r.path.startsWith('/')).toBe(true);
      expect(r.path).not.toMatch(/[{}]/);
      if (r.path !== '/') expect(r.path.endsWith('/')).toBe(false);
    }
  });

  it('declares digits only for parameters present in the path', () => {
    for (const r of ROUTES) for (const d of r.digits ?? []) expect(r.path).toContain(`:${d}`);
  });

  it('gives every route a title and an area', () => {
    for (const r of ROUTES) {
      expect(r.title.length).toBeGreaterThan(0);
      expect(r.area.length).toBeGreaterThan(0);
    }
  });

  it('carries the spec route names', () => {
    expect(routeByName('login')?.path).toBe('/auth/login');
    expect(routeByName('reset-password')?.path).toBe('/auth/set-password/welcome/:uid/:token');
    expect(routeByName('set-password')?.path).toBe('/auth/set-password/:uid/:token');
    expect(routeByName('logout')?.path).toBe('/auth/logout');
    expect(routeByName('unified-dashboard-grid')?.path).toBe('/dashboard');
    expect(routeByName('net-scans')?.path).toBe('/scans/scans');
    expect(routeByName('net-schedules')?.path).toBe('/scans/schedules');
    expect(routeByName('net-scan-profiles')?.path).toBe('/scans/scan-profiles');
    expect(routeByName('was-scans')?.path).toBe('/was/scans');
    expect(routeByName('net-assets')?.path).toBe('/assets/assets');
    expect(routeByName('no-such-route')).toBeUndefined();
  });

  it('lists every route of both documents', () => {
    const expected = [
      '/auth/password-recovery',
      '/auth/lac/lacjump/:token',
      '/access-denied',
      '/scans/scans/view/nscan/:runId',
      '/scans/scans/filter/assets/:assetId',
      '/scans/scans/view/oscan/:runId',
      '/scans/scans/start/:assetIds',
      '/scans/schedules/view/:scanId',
      '/scans/scan-profiles/edit/oprofile/:id',
      '/scans/scan-profiles/edit/nprofile/:id',
      '/was/scans/view/rdwas/:runId',
      '/was/scans/view/was/:runId',
      '/was/scans/start/:assetId',
      '/was/schedules/view/:scanId',
      '/was/scan-profiles/edit/:id',
      '/was/catalog',
      '/cloud/scans/result/:runId',
      '/cloud/schedules/:scanId',
      '/cloud/scan-profiles/:id',
      '/sa/scan-appliance/view/:probeId',
      '/assets/unified-assets/view/:id/details',
      '/assets/assets/view/:id/ports',
      '/assets/assets/edit/:editId',
      '/assets/web-applications/edit/:id',
      '/assets/devices/edit/:uid',
      '/assets/cloud/view/:id',
      '/assets/applications',
      '/assets/ports',
      '/assets/tags',
      '/assets/unified-tags',
      '/vm/unified-vulnerabilities/hid/:hid/:tab',
      '/vm/unified-vulnerabilities/cve/:hid',
      '/vm/unified-vulnerabilities/pat/:hid',
      '/vm/unified-vulnerabilities/kb/:hid',
      '/vm/unified-vulnerabilities/cp/:cp',
      '/vt/vulnerability-tests',
      '/policies/alerts/view/:alertId',
      '/policies/alerts/show/:profileId/:profileTriggering',
      '/policies/monitoring-profiles',
      '/security-tools/mail-servers/view/:serverId',
      '/security-tools/websites/view/:websiteId',
      '/remediation/tickets/edit/:ticketId',
      '/remediation/tickets/filter/vuln/:vulnId',
      '/remediation/unified-tickets/search/:search',
      '/remediation/unified-tickets/view/:uuid',
      '/remediation/unified-tickets/edit/:uuid',
      '/remediation/unified-tickets/create/vuln/:id',
      '/remediation/policies/edit/:id',
      '/reports/reports/view/:id',
      '/reports/schedules',
      '/reports/templates',
      '/fra-reports/reports',
      '/fra-reports/schedules',
      '/fra-reports/templates',
      '/fra/assessments/edit/:uuid',
      '/fra/assessments/filter/:uuid',
      '/fra/schedules',
      '/fra/recipients/:id',
      '/fra/recipient-results',
      '/fra/templates',
      '/fra/web-templates',
      '/fra/email-templates',
      '/fra/domains',
      '/fra/pat-unified-tags',
      '/fra-previews/template/:type/:id',
      '/fra-previews/training-template/:type/:id',
      '/users/users',
      '/admin/teams',
      '/admin/subscription',
      '/admin/audit',
      '/admin/platform',
      '/admin/platform/announcements',
      ...['email', 'jira', 'servicenow', 'topdesk', 'teams', 'slack', 'webhooks', 'azure', 'beyondtrust', 'domain-asset-discovery'].map(
        (s) => `/admin/integrations/${s}`,
      ),
    ];
    const paths = new Set(ROUTES.map((r) => r.path));
    expect(expected.filter((p) => !paths.has(p))).toEqual([]);
  });

  it('redirects / to /dashboard', () => {
    const root = byPath('/');
    expect(root.redirect).toBe('/dashboard');
    expect(root.access).toBe('signed-in');
  });

  it('marks section parents as leading to their first child', () => {
    for (const p of [
      '/scans',
      '/was',
      '/cloud',
      '/assets',
      '/vm',
      '/policies',
      '/security-tools',
      '/remediation',
      '/reports',
      '/fra-reports',
      '/fra',
      '/admin',
      '/admin/integrations',
    ])
      expect(byPath(p).redirectToFirstChild).toBe(true);
    expect(byPath('/scans/scans').redirectToFirstChild).toBeUndefined();
  });

  it('guards the public, always and signed-in routes with the right access', () => {
    for (const p of ['/auth/login', '/auth/password-recovery', '/auth/set-password/welcome/:uid/:token', '/auth/set-password/:uid/:token'])
      expect(byPath(p).access).toBe('signed-out');
    expect(byPath('/auth/logout').access).toBe('always');
    expect(byPath('/auth/lac/lacjump/:token').access).toBe('always');
    expect(byPath('/dashboard').access).toBe('signed-in');
    expect(byPath('/fra-previews/template/:type/:id').access).toBe('signed-in');
  });

  it('sets the permission of each area', () => {
    expect(byPath('/scans/scans/view/nscan/:runId').permission).toBe('net_scans');
    expect(byPath('/was/scan-profiles').permission).toBe('web_scans');
    expect(byPath('/cloud/scans').permission).toBe('cloud_scans');
    expect(byPath('/sa/scan-appliance/view/:probeId').permission).toBe('probes');
    expect(byPath('/assets/assets').permission).toBe('net_assets');
    expect(byPath('/assets/web-applications').permission).toBe('web_assets');
    expect(byPath('/assets/devices').permission).toBe('da_assets');
    expect(byPath('/assets/unified-assets').permission).toBe('unified_assets');
    expect(byPath('/assets/tags').permission).toBe('tags');
    expect(byPath('/assets/unified-tags').permission).toBe('tags');
    expect(byPath('/vm/unified-vulnerabilities/cp/:cp').permission).toBe('unified_vulnerabilities');
    expect(byPath('/vt/vulnerability-tests').permission).toBe('vulnerabilities');
    expect(byPath('/vm/vulnerability-manager').permission).toBe('vulnerabilities');
    expect(byPath('/remediation/tickets').permission).toBe('tickets');
    expect(byPath('/remediation/unified-tickets').permission).toBe('tickets');
    expect(byPath('/reports/reports').permission).toBe('reports');
  });

  it('makes the administration routes superuser only, and the platform routes operator only', () => {
    const admin = ROUTES.filter((r) => (r.path.startsWith('/admin') || r.path.startsWith('/users')) && !r.operator);
    expect(admin.length).toBeGreaterThanOrEqual(16);
    for (const r of admin) expect(r.superuser).toBe(true);
    expect(byPath('/scans/scans').superuser).toBeUndefined();
    expect(ROUTES.filter((r) => r.operator).map((r) => r.path)).toEqual(['/admin/platform', '/admin/platform/announcements']);
    expect(byPath('/admin/platform').superuser).toBe(false);
    expect(byPath('/admin/platform/announcements').superuser).toBe(false);
  });

  it('has the audit log and the platform customers in the administration navigation', () => {
    expect(routeByName('audit-log')).toMatchObject({ path: '/admin/audit', title: 'Audit log', area: 'admin', superuser: true, nav: true });
    expect(routeByName('platform-customers')).toMatchObject({
      path: '/admin/platform',
      title: 'Customers (platform)',
      area: 'admin',
      operator: true,
      nav: true,
    });
  });

  it('sets the feature flags exactly as the specs say', () => {
    expect(byPath('/cloud/scans/result/:runId').flagOn).toEqual(['cloud-scanning']);
    expect(byPath('/assets/devices/view/:uid').flagOn).toEqual(['onprem-da']);
    expect(byPath('/assets/cloud').flagOn).toEqual(['cloud-vm-resources']);
    expect(byPath('/assets/tags').flagOff).toEqual(['unified-tags-stage-2']);
    expect(byPath('/assets/unified-tags').flagOn).toEqual(['unified-tags-stage-2']);
    expect(byPath('/policies/alerts').flagOn).toEqual(['continuous-monitoring']);
    expect(byPath('/security-tools/mail-servers').flagOn).toEqual(['continuous-monitoring', 'cm-mailservers']);
    expect(byPath('/security-tools/websites').flagOn).toEqual(['continuous-monitoring']);
    expect(byPath('/security-tools/websites/view/:websiteId').flagOff).toEqual(['onprem-subscriptions']);
    expect(byPath('/remediation/tickets/edit/:ticketId').flagOff).toEqual(['unified-remediation']);
    expect(byPath('/remediation/unified-tickets/view/:uuid').flagOn).toEqual(['unified-remediation']);
    expect(byPath('/remediation/policies').flagOn).toEqual(['unified-remediation']);
    expect(byPath('/scans/scans').flagOn).toBeUndefined();
  });

  it('marks the legacy routes', () => {
    for (const p of [
      '/was/catalog',
      '/sa/scan-appliance/view/:probeId',
      '/assets/web-applications/view/:id',
      '/assets/devices',
      '/assets/tags',
      '/vt/vulnerability-tests',
      '/vm/vulnerability-manager',
      '/remediation/tickets',
      '/reports/reports',
      '/fra-reports/templates',
      '/users/users',
    ])
      expect(byPath(p).legacy).toBe(true);
    expect(byPath('/assets/unified-tags').legacy).toBeUndefined();
    expect(byPath('/remediation/unified-tickets').legacy).toBeUndefined();
  });

  it('shows list pages, not detail pages, in the navigation', () => {
    expect(byPath('/dashboard').nav).toBe(true);
    expect(byPath('/scans/scans').nav).toBe(true);
    expect(byPath('/scans/scans/view/nscan/:runId').nav).toBeUndefined();
    expect(ROUTES.filter((r) => r.nav).every((r) => !r.path.includes(':'))).toBe(true);
  });

  it('ends with the catch-all', () => {
    expect(ROUTES[ROUTES.length - 1].path).toBe('*');
  });
});

describe('matchRoute', () => {
  it('matches a digits-only parameter made of digits', () => {
    const m = matchRoute('/scans/scans/view/nscan/42');
    expect(m.route.name).toBe('net-scan-result');
    expect(m.params).toEqual({ runId: '42' });
  });

  it('refuses a digits-only parameter with other characters (catch-all)', () => {
    expect(matchRoute('/scans/scans/view/nscan/abc').route.path).toBe('*');
    expect(matchRoute('/scans/scans/filter/assets/1a').route.path).toBe('*');
    expect(matchRoute('/scans/schedules/view/-1').route.path).toBe('*');
    expect(matchRoute('/scans/scans/view/oscan/7').route.name).toBe('policy-scan-result');
  });

  it('accepts any value where digits are not required', () => {
    expect(matchRoute('/scans/scans/start/1,2,3').params).toEqual({ assetIds: '1,2,3' });
    expect(matchRoute('/was/scans/view/was/abc').route.name).toBe('was-scan-result');
  });

  it('prefers static segments over parameters', () => {
    expect(matchRoute('/auth/set-password/welcome/u1/t1').route.name).toBe('reset-password');
    expect(matchRoute('/auth/set-password/u1/t1').route.name).toBe('set-password');
    expect(matchRoute('/fra/recipient-results').route.name).toBe('fra-recipient-results');
    expect(matchRoute('/cloud/schedules/12').route.name).toBe('cloud-schedule');
  });

  it('ignores a trailing slash, query and hash and decodes parameters', () => {
    expect(matchRoute('/fra/recipients/5/').params).toEqual({ id: '5' });
    expect(matchRoute('/scans/scans?page=2').route.name).toBe('net-scans');
    expect(matchRoute('/remediation/unified-tickets/search/a%20b').params).toEqual({ search: 'a b' });
  });

  it('matches the root and two-parameter routes', () => {
    expect(matchRoute('/').route.redirect).toBe('/dashboard');
    expect(matchRoute('/vm/unified-vulnerabilities/hid/H1/details').params).toEqual({ hid: 'H1', tab: 'details' });
  });

  it('sends unknown paths to the catch-all with the rest of the path', () => {
    const m = matchRoute('/no/such/page');
    expect(m.route.name).toBe('not-found');
    expect(m.params).toEqual({ '*': 'no/such/page' });
  });
});

describe('routeAllowed', () => {
  it('signed-out routes: ok when anonymous, index when signed in', () => {
    expect(routeAllowed(byPath('/auth/login'), anonymous)).toBe('ok');
    expect(routeAllowed(byPath('/auth/login'), signedIn(reader()))).toBe('index');
  });

  it('always routes: ok either way', () => {
    expect(routeAllowed(byPath('/auth/logout'), anonymous)).toBe('ok');
    expect(routeAllowed(byPath('/auth/lac/lacjump/:token'), signedIn(reader()))).toBe('ok');
  });

  it('signed-in routes: login when anonymous', () => {
    expect(routeAllowed(byPath('/dashboard'), anonymous)).toBe('login');
    expect(routeAllowed(byPath('/dashboard'), signedIn(reader()))).toBe('ok');
    expect(routeAllowed(byPath('/cloud/scans'), anonymous)).toBe('login');
  });

  it('permission routes: access-denied without read, ok with it or as superuser', () => {
    const route = byPath('/scans/scans');
    expect(routeAllowed(route, signedIn(reader('web_scans')))).toBe('access-denied');
    expect(routeAllowed(route, signedIn({ is_superuser: false, customer_admin: false, permissions: { net_scans: ['update'] } }))).toBe(
      'access-denied',
    );
    expect(routeAllowed(route, signedIn(reader('net_scans')))).toBe('ok');
    expect(routeAllowed(route, signedIn(superuser))).toBe('ok');
    expect(routeAllowed(route, { authenticated: true, flags: {} })).toBe('access-denied');
  });

  it('superuser routes: customer admins pass, others are denied', () => {
    const route = byPath('/admin/teams');
    expect(routeAllowed(route, signedIn(reader('net_scans', 'tickets')))).toBe('access-denied');
    expect(routeAllowed(route, signedIn({ is_superuser: false, customer_admin: true, permissions: {} }))).toBe('ok');
    expect(routeAllowed(route, signedIn(superuser))).toBe('ok');
  });

  it('flag-on routes: not-enabled unless every flag is on', () => {
    const mail = byPath('/security-tools/mail-servers');
    expect(routeAllowed(mail, signedIn(superuser))).toBe('not-enabled');
    expect(routeAllowed(mail, signedIn(superuser, { 'continuous-monitoring': true }))).toBe('not-enabled');
    expect(routeAllowed(mail, signedIn(superuser, { 'continuous-monitoring': true, 'cm-mailservers': true }))).toBe('ok');
  });

  it('flag-off routes: not-found when the flag is on', () => {
    const tags = byPath('/assets/tags');
    const unifiedTags = byPath('/assets/unified-tags');
    const user = reader('tags');
    expect(routeAllowed(tags, signedIn(user))).toBe('ok');
    expect(routeAllowed(unifiedTags, signedIn(user))).toBe('not-enabled');
    expect(routeAllowed(tags, signedIn(user, { 'unified-tags-stage-2': true }))).toBe('not-found');
    expect(routeAllowed(unifiedTags, signedIn(user, { 'unified-tags-stage-2': true }))).toBe('ok');
    const websites = byPath('/security-tools/websites');
    expect(routeAllowed(websites, signedIn(user, { 'continuous-monitoring': true }))).toBe('ok');
    expect(routeAllowed(websites, signedIn(user, { 'continuous-monitoring': true, 'onprem-subscriptions': true }))).toBe('not-found');
  });

  it('operator routes: platform operators pass, superusers who are not operators are denied', () => {
    const route = byPath('/admin/platform');
    expect(routeAllowed(route, anonymous)).toBe('login');
    expect(routeAllowed(route, signedIn(superuser))).toBe('access-denied');
    expect(routeAllowed(route, signedIn({ ...superuser, platform_operator: false }))).toBe('access-denied');
    expect(routeAllowed(route, signedIn({ ...reader(), platform_operator: true }))).toBe('ok');
    expect(routeAllowed(route, { ...signedIn(superuser), platform_operator: true })).toBe('ok');
    expect(routeAllowed(route, { ...signedIn({ ...superuser, platform_operator: true }), platform_operator: false })).toBe('access-denied');
    expect(routeAllowed(route, { authenticated: true, flags: {}, platform_operator: true })).toBe('access-denied');
    expect(routeAllowed(byPath('/admin/audit'), signedIn({ ...reader(), platform_operator: true }))).toBe('access-denied');
  });

  it('a route whose flag is off says so, even to a user who lacks the permission', () => {
    expect(routeAllowed(byPath('/cloud/scans'), signedIn(reader()))).toBe('not-enabled');
    expect(routeAllowed(byPath('/cloud/scans'), signedIn(reader(), { 'cloud-scanning': true }))).toBe('access-denied');
  });
});

describe('firstAccessibleChild', () => {
  it('finds the first child the user may see', () => {
    expect(firstAccessibleChild('/scans', signedIn(reader('net_scans')))?.path).toBe('/scans/scans');
    expect(firstAccessibleChild('/assets', signedIn(reader('net_assets')))?.path).toBe('/assets/assets');
    expect(firstAccessibleChild('/assets', signedIn(reader('tags'), { 'unified-tags-stage-2': true }))?.path).toBe('/assets/unified-tags');
    expect(firstAccessibleChild('/admin', signedIn(superuser))?.path).toBe('/admin/teams');
    expect(firstAccessibleChild('/admin/integrations', signedIn(superuser))?.path).toBe('/admin/integrations/email');
  });

  it('skips children hidden by flags', () => {
    const ctx = signedIn(superuser, { 'continuous-monitoring': true });
    expect(firstAccessibleChild('/security-tools', ctx)?.path).toBe('/security-tools/websites');
    expect(firstAccessibleChild('/remediation', signedIn(superuser, { 'unified-remediation': true }))?.path).toBe(
      '/remediation/unified-tickets',
    );
    expect(firstAccessibleChild('/remediation', signedIn(superuser))?.path).toBe('/remediation/tickets');
  });

  it('returns null when no child is accessible', () => {
    expect(firstAccessibleChild('/scans', signedIn(reader('web_scans')))).toBeNull();
    expect(firstAccessibleChild('/admin', signedIn(reader('net_scans')))).toBeNull();
    expect(firstAccessibleChild('/scans', anonymous)).toBeNull();
  });

  it('ignores deeper and parameterised routes', () => {
    expect(firstAccessibleChild('/fra', signedIn(reader('phishing')))?.path).toBe('/fra/assessments');
    expect(firstAccessibleChild('/cloud/schedules', signedIn(superuser, { 'cloud-scanning': true }))).toBeNull();
  });
});

describe('phishing and training routes', () => {
  it('need the phishing permission', () => {
    expect(firstAccessibleChild('/fra', signedIn(reader('phishing')))?.path).toBe('/fra/assessments');
    expect(firstAccessibleChild('/fra', signedIn(reader('net_scans')))).toBeNull();
  });
});
