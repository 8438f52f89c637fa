// The route table of both spec documents as data: path, name, guards, legacy (platform-core §2, feature-areas §2).
import type { FeatureFlag, PermissionResource } from './permissions.ts';

export type RouteAccess = 'signed-in' | 'signed-out' | 'always';

export interface RouteDef {
  /** Full path in React Router syntax (`:param`). */
  path: string;
  /** The spec's route name where it gives one (e.g. 'net-scans'). */
  name?: string;
  /** Human title for navigation and page headings. */
  title: string;
  /** Product area, for grouping the navigation. */
  area: string;
  access: RouteAccess;
  superuser?: boolean;
  /** Only platform operators (the profile's `platform_operator`), who run the installation above every customer. */
  operator?: boolean;
  permission?: PermissionResource;
  /** Every flag listed must be on. */
  flagOn?: FeatureFlag[];
  /** Hidden when any flag listed is on. */
  flagOff?: FeatureFlag[];
  /** Hands over to the previous application in the spec; here: served by this app. */
  legacy?: boolean;
  /** Parameters that must be digits only. */
  digits?: string[];
  /** A section parent that leads to its first accessible child. */
  redirectToFirstChild?: boolean;
  /** Shown in the navigation. */
  nav?: boolean;
  /** Always redirects to this path (e.g. `/` → `/dashboard`). */
  redirect?: string;
}

export const INDEX_PATH = '/dashboard';
export const LOGIN_PATH = '/auth/login';
export const LOGOUT_PATH = '/auth/logout';
export const ACCESS_DENIED_PATH = '/access-denied';
/** Vulnerability intelligence (feeds, sync, lookup) under Administration; the web app keeps its older path too. */
export const INTELLIGENCE_PATH = '/admin/intelligence';
/** React Router's catch-all pattern; the last entry of ROUTES. */
export const CATCH_ALL_PATH = '*';

type Common = Pick<RouteDef, 'area'> & Partial<Omit<RouteDef, 'path' | 'title' | 'name'>>;
type Entry = Pick<RouteDef, 'path' | 'title' | 'name'> & Partial<Omit<RouteDef, 'path' | 'title' | 'name'>>;

/** Routes of one area sharing the same guards (every entry may add or override fields). */
function group(common: Common, entries: Entry[]): RouteDef[] {
  return entries.map((e) => ({ access: 'signed-in', ...common, ...e }));
}

const CM: FeatureFlag[] = ['continuous-monitoring'];

export const ROUTES: RouteDef[] = [
  // Public (signed-out only) and always-allowed routes.
  ...group({ area: 'auth', access: 'signed-out' }, [
    { path: '/auth/login', name: 'login', title: 'Log in' },
    { path: '/auth/password-recovery', name: 'password-recovery', title: 'Password recovery' },
    { path: '/auth/set-password/welcome/:uid/:token', name: 'reset-password', title: 'Choose your password' },
    { path: '/auth/set-password/:uid/:token', name: 'set-password', title: 'Set password' },
  ]),
  ...group({ area: 'auth', access: 'always' }, [
    { path: '/auth/logout', name: 'logout', title: 'Log out' },
    { path: '/auth/lac/lacjump/:token', name: 'impersonation-login', title: 'Impersonation' },
  ]),

  // General.
  ...group({ area: 'general' }, [
    { path: '/', name: 'index', title: 'Home', redirect: INDEX_PATH },
    { path: '/dashboard', name: 'unified-dashboard-grid', title: 'Dashboard', nav: true },
    { path: '/access-denied', name: 'access-denied', title: 'Access denied' },
  ]),

  // Network scanning.
  { path: '/scans', name: 'scans', title: 'Network scanning', area: 'scans', access: 'signed-in', redirectToFirstChild: true },
  ...group({ area: 'scans', permission: 'net_scans' }, [
    { path: '/scans/scans', name: 'net-scans', title: 'Scans', nav: true },
    { path: '/scans/scans/view/nscan/:runId', name: 'net-scan-result', title: 'Scan result', digits: ['runId'] },
    { path: '/scans/scans/filter/assets/:assetId', name: 'net-scans-by-asset', title: 'Scans of asset', digits: ['assetId'] },
    { path: '/scans/scans/view/oscan/:runId', name: 'policy-scan-result', title: 'Policy scan result', digits: ['runId'] },
    { path: '/scans/scans/start/:assetIds', name: 'net-scan-start', title: 'Start scan' },
    { path: '/scans/schedules', name: 'net-schedules', title: 'Schedules', nav: true },
    { path: '/scans/schedules/view/:scanId', name: 'net-schedule', title: 'Schedule', digits: ['scanId'] },
    { path: '/scans/scan-profiles', name: 'net-scan-profiles', title: 'Scan profiles', nav: true },
    { path: '/scans/scan-profiles/edit/oprofile/:id', name: 'policy-scan-profile-edit', title: 'Edit policy scan profile' },
    { path: '/scans/scan-profiles/edit/nprofile/:id', name: 'net-scan-profile-edit', title: 'Edit network scan profile' },
  ]),
  ...group({ area: 'scans', permission: 'credentials' }, [
    { path: '/scans/scan-credentials', name: 'scan-credentials', title: 'Scan credentials', nav: true },
  ]),

  // Web-application scanning.
  { path: '/was', name: 'was', title: 'Web-application scanning', area: 'was', access: 'signed-in', redirectToFirstChild: true },
  ...group({ area: 'was', permission: 'web_scans' }, [
    { path: '/was/scans', name: 'was-scans', title: 'Web scans', nav: true },
    { path: '/was/scans/view/rdwas/:runId', name: 'was-discovery-result', title: 'Discovery scan result' },
    { path: '/was/scans/view/was/:runId', name: 'was-scan-result', title: 'Web scan result' },
    { path: '/was/scans/start/:assetId', name: 'was-scan-start', title: 'Start web scan' },
    { path: '/was/schedules', name: 'was-schedules', title: 'Web schedules', nav: true },
    { path: '/was/schedules/view/:scanId', name: 'was-schedule', title: 'Web schedule' },
    { path: '/was/scan-profiles', name: 'was-scan-profiles', title: 'Web scan profiles', nav: true },
    { path: '/was/scan-profiles/edit/:id', name: 'was-scan-profile-edit', title: 'Edit web scan profile' },
    { path: '/was/catalog', name: 'was-catalog', title: 'Web test catalog', legacy: true, nav: true },
  ]),

  // Cloud scanning.
  ...group({ area: 'cloud', flagOn: ['cloud-scanning'] }, [
    { path: '/cloud', name: 'cloud', title: 'Cloud scanning', redirectToFirstChild: true },
  ]),
  ...group({ area: 'cloud', permission: 'cloud_scans', flagOn: ['cloud-scanning'] }, [
    { path: '/cloud/scans', name: 'cloud-scans', title: 'Cloud scans', nav: true },
    { path: '/cloud/scans/result/:runId', name: 'cloud-scan-result', title: 'Cloud scan result', digits: ['runId'] },
    { path: '/cloud/schedules', name: 'cloud-schedules', title: 'Cloud schedules', nav: true },
    { path: '/cloud/schedules/:scanId', name: 'cloud-schedule', title: 'Cloud schedule', digits: ['scanId'] },
    { path: '/cloud/scan-profiles', name: 'cloud-scan-profiles', title: 'Cloud scan profiles', nav: true },
    { path: '/cloud/scan-profiles/:id', name: 'cloud-scan-profile', title: 'Cloud scan profile' },
  ]),

  // Scan appliances.
  ...group({ area: 'appliances', permission: 'probes' }, [
    { path: '/sa/scan-appliance/view/:probeId', name: 'scan-appliance', title: 'Scan appliance', legacy: true },
  ]),

  // Assets and tags.
  { path: '/assets', name: 'assets', title: 'Assets', area: 'assets', access: 'signed-in', redirectToFirstChild: true },
  ...group({ area: 'assets', permission: 'unified_assets' }, [
    { path: '/assets/unified-assets', name: 'unified-assets', title: 'Assets', nav: true },
    { path: '/assets/unified-assets/view/:id', name: 'unified-asset', title: 'Asset' },
    { path: '/assets/unified-assets/view/:id/details', name: 'unified-asset-details', title: 'Asset details' },
  ]),
  ...group({ area: 'assets', permission: 'net_assets' }, [
    { path: '/assets/assets', name: 'net-assets', title: 'Network assets', nav: true },
    { path: '/assets/assets/view/:id', name: 'net-asset', title: 'Network asset' },
    { path: '/assets/assets/view/:id/ports', name: 'net-asset-ports', title: 'Network asset ports' },
    { path: '/assets/assets/edit/:editId', name: 'net-asset-edit', title: 'Edit network asset' },
  ]),
  ...group({ area: 'assets', permission: 'web_assets', legacy: true }, [
    { path: '/assets/web-applications', name: 'web-applications', title: 'Web applications', nav: true },
    { path: '/assets/web-applications/view/:id', name: 'web-application', title: 'Web application' },
    { path: '/assets/web-applications/edit/:id', name: 'web-application-edit', title: 'Edit web application' },
  ]),
  ...group({ area: 'assets', permission: 'da_assets', legacy: true, flagOn: ['onprem-da'] }, [
    { path: '/assets/devices', name: 'devices', title: 'Devices', nav: true },
    { path: '/assets/devices/view/:uid', name: 'device', title: 'Device' },
    { path: '/assets/devices/edit/:uid', name: 'device-edit', title: 'Edit device' },
  ]),
  ...group({ area: 'assets', permission: 'unified_assets', flagOn: ['cloud-vm-resources'] }, [
    { path: '/assets/cloud', name: 'cloud-assets', title: 'Cloud assets', nav: true },
    { path: '/assets/cloud/view/:id', name: 'cloud-asset', title: 'Cloud asset' },
  ]),
  ...group({ area: 'assets', permission: 'net_assets' }, [
    { path: '/assets/applications', name: 'applications', title: 'Applications', nav: true },
    { path: '/assets/ports', name: 'ports', title: 'Ports', nav: true },
  ]),
  ...group({ area: 'assets', permission: 'tags' }, [
    { path: '/assets/tags', name: 'tags', title: 'Tags', legacy: true, flagOff: ['unified-tags-stage-2'], nav: true },
    { path: '/assets/unified-tags', name: 'unified-tags', title: 'Tags', flagOn: ['unified-tags-stage-2'], nav: true },
  ]),

  // Vulnerabilities.
  { path: '/vm', name: 'vm', title: 'Vulnerabilities', area: 'vulnerabilities', access: 'signed-in', redirectToFirstChild: true },
  ...group({ area: 'vulnerabilities', permission: 'unified_vulnerabilities' }, [
    { path: '/vm/unified-vulnerabilities', name: 'unified-vulnerabilities', title: 'Vulnerabilities', nav: true },
    { path: '/vm/unified-vulnerabilities/hid/:hid', name: 'unified-vulnerability', title: 'Vulnerability' },
    { path: '/vm/unified-vulnerabilities/hid/:hid/:tab', name: 'unified-vulnerability-tab', title: 'Vulnerability' },
    { path: '/vm/unified-vulnerabilities/cve/:hid', name: 'unified-vulnerability-cve', title: 'CVE' },
    { path: '/vm/unified-vulnerabilities/pat/:hid', name: 'unified-vulnerability-pat', title: 'Training finding' },
    { path: '/vm/unified-vulnerabilities/kb/:hid', name: 'unified-vulnerability-kb', title: 'Missing patch' },
    { path: '/vm/unified-vulnerabilities/cp/:cp', name: 'unified-vulnerability-cp', title: 'Cloud policy finding' },
  ]),
  ...group({ area: 'vulnerabilities', permission: 'vulnerabilities', legacy: true }, [
    { path: '/vm/vulnerability-manager', name: 'vulnerability-manager', title: 'Vulnerability manager', nav: true },
  ]),
  { path: '/vt', name: 'vt', title: 'Vulnerability tests', area: 'vulnerabilities', access: 'signed-in', redirectToFirstChild: true },
  ...group({ area: 'vulnerabilities', permission: 'vulnerabilities', legacy: true }, [
    { path: '/vt/vulnerability-tests', name: 'vulnerability-tests', title: 'Vulnerability tests', nav: true },
    { path: '/vt/vulnerability-tests/:id', name: 'vulnerability-test', title: 'Vulnerability test' },
  ]),

  // Monitoring.
  ...group({ area: 'monitoring', flagOn: CM }, [
    { path: '/policies', name: 'policies', title: 'Monitoring', redirectToFirstChild: true },
    { path: '/policies/alerts', name: 'alerts', title: 'Alerts', nav: true },
    { path: '/policies/alerts/view/:alertId', name: 'alert', title: 'Alert' },
    { path: '/policies/alerts/show/:profileId/:profileTriggering', name: 'alerts-by-profile', title: 'Alerts of profile' },
    { path: '/policies/monitoring-profiles', name: 'monitoring-profiles', title: 'Monitoring profiles', nav: true },
    { path: '/security-tools', name: 'security-tools', title: 'Security tools', redirectToFirstChild: true },
  ]),
  ...group({ area: 'monitoring', flagOn: [...CM, 'cm-mailservers'] }, [
    { path: '/security-tools/mail-servers', name: 'mail-servers', title: 'Mail servers', nav: true },
    { path: '/security-tools/mail-servers/view/:serverId', name: 'mail-server', title: 'Mail server' },
  ]),
  ...group({ area: 'monitoring', flagOn: CM, flagOff: ['onprem-subscriptions'] }, [
    { path: '/security-tools/websites', name: 'websites', title: 'Websites', nav: true },
    { path: '/security-tools/websites/view/:websiteId', name: 'website', title: 'Website' },
  ]),

  // Remediation.
  { path: '/remediation', name: 'remediation', title: 'Remediation', area: 'remediation', access: 'signed-in', redirectToFirstChild: true },
  ...group({ area: 'remediation', permission: 'tickets', legacy: true, flagOff: ['unified-remediation'] }, [
    { path: '/remediation/tickets', name: 'tickets', title: 'Tickets', nav: true },
    { path: '/remediation/tickets/edit/:ticketId', name: 'ticket-edit', title: 'Edit ticket' },
    { path: '/remediation/tickets/filter/vuln/:vulnId', name: 'tickets-by-vulnerability', title: 'Tickets of vulnerability' },
  ]),
  ...group({ area: 'remediation', permission: 'tickets', flagOn: ['unified-remediation'] }, [
    { path: '/remediation/unified-tickets', name: 'unified-tickets', title: 'Tickets', nav: true },
    { path: '/remediation/unified-tickets/search/:search', name: 'unified-tickets-search', title: 'Tickets' },
    { path: '/remediation/unified-tickets/view/:uuid', name: 'unified-ticket', title: 'Ticket' },
    { path: '/remediation/unified-tickets/edit/:uuid', name: 'unified-ticket-edit', title: 'Edit ticket' },
    { path: '/remediation/unified-tickets/create/vuln/:id', name: 'unified-ticket-create', title: 'Create ticket' },
    { path: '/remediation/policies', name: 'remediation-policies', title: 'Rules', nav: true },
    { path: '/remediation/policies/edit/:id', name: 'remediation-policy-edit', title: 'Edit rule' },
  ]),
  // Exceptions (issue 29): what scans and rules leave alone; with or without unified remediation, as they shape scans too.
  ...group({ area: 'remediation', permission: 'remediation_rules' }, [
    { path: '/remediation/exceptions', name: 'remediation-exceptions', title: 'Exceptions', nav: true },
  ]),

  // Reports (legacy).
  { path: '/reports', name: 'reports', title: 'Reports', area: 'reports', access: 'signed-in', redirectToFirstChild: true },
  ...group({ area: 'reports', permission: 'reports', legacy: true }, [
    { path: '/reports/reports', name: 'report-list', title: 'Reports', nav: true },
    { path: '/reports/reports/view/:id', name: 'report', title: 'Report' },
    { path: '/reports/schedules', name: 'report-schedules', title: 'Report schedules', nav: true },
    { path: '/reports/templates', name: 'report-templates', title: 'Report templates', nav: true },
  ]),
  {
    path: '/fra-reports',
    name: 'fra-reports',
    title: 'Training reports',
    area: 'reports',
    access: 'signed-in',
    redirectToFirstChild: true,
  },
  ...group({ area: 'reports', permission: 'reports', legacy: true }, [
    { path: '/fra-reports/reports', name: 'fra-report-list', title: 'Training reports', nav: true },
    { path: '/fra-reports/schedules', name: 'fra-report-schedules', title: 'Training report schedules', nav: true },
    { path: '/fra-reports/templates', name: 'fra-report-templates', title: 'Training report templates', nav: true },
  ]),

  // Phishing and training.
  ...group({ area: 'fra', permission: 'phishing' }, [
    { path: '/fra', name: 'fra', title: 'Phishing and training', redirectToFirstChild: true },
    { path: '/fra/assessments', name: 'fra-assessments', title: 'Assessments', nav: true },
    { path: '/fra/assessments/edit/:uuid', name: 'fra-assessment-edit', title: 'Edit assessment' },
    { path: '/fra/assessments/filter/:uuid', name: 'fra-assessment-filter', title: 'Assessment' },
    { path: '/fra/schedules', name: 'fra-schedules', title: 'Schedules', nav: true },
    { path: '/fra/recipients', name: 'fra-recipients', title: 'Recipients', nav: true },
    { path: '/fra/recipients/:id', name: 'fra-recipient', title: 'Recipient' },
    { path: '/fra/recipient-results', name: 'fra-recipient-results', title: 'Recipient results', nav: true },
    { path: '/fra/templates', name: 'fra-templates', title: 'Phishing templates', nav: true },
    { path: '/fra/web-templates', name: 'fra-web-templates', title: 'Web templates', nav: true },
    { path: '/fra/email-templates', name: 'fra-email-templates', title: 'Email templates', nav: true },
    { path: '/fra/domains', name: 'fra-domains', title: 'Domains', nav: true },
    { path: '/fra/pat-unified-tags', name: 'fra-pat-unified-tags', title: 'Recipient tags', nav: true },
  ]),
  ...group({ area: 'previews', permission: 'phishing' }, [
    { path: '/fra-previews/template/:type/:id', name: 'fra-preview-template', title: 'Template preview' },
    { path: '/fra-previews/training-template/:type/:id', name: 'fra-preview-training-template', title: 'Training template preview' },
  ]),

  // Administration (superuser; the platform's customers: platform operators).
  ...group({ area: 'admin', superuser: true }, [
    { path: '/users', name: 'users-section', title: 'Users', redirectToFirstChild: true },
    { path: '/users/users', name: 'users', title: 'Users', legacy: true, nav: true },
    { path: '/admin', name: 'admin', title: 'Administration', redirectToFirstChild: true },
    { path: '/admin/teams', name: 'teams', title: 'Teams', nav: true },
    { path: '/admin/subscription', name: 'subscription', title: 'Subscription', nav: true },
    { path: '/admin/audit', name: 'audit-log', title: 'Audit log', nav: true },
    { path: INTELLIGENCE_PATH, name: 'intelligence', title: 'Vulnerability intelligence', nav: true },
    { path: '/admin/integrations', name: 'integrations', title: 'Integrations', nav: true, redirectToFirstChild: true },
    { path: '/admin/integrations/email', name: 'integration-email', title: 'Email' },
    { path: '/admin/integrations/jira', name: 'integration-jira', title: 'Jira' },
    { path: '/admin/integrations/servicenow', name: 'integration-servicenow', title: 'ServiceNow' },
    { path: '/admin/integrations/topdesk', name: 'integration-topdesk', title: 'TOPdesk' },
    { path: '/admin/integrations/teams', name: 'integration-teams', title: 'Microsoft Teams' },
    { path: '/admin/integrations/slack', name: 'integration-slack', title: 'Slack' },
    { path: '/admin/integrations/webhooks', name: 'integration-webhooks', title: 'Webhooks' },
    { path: '/admin/integrations/azure', name: 'integration-azure', title: 'Azure' },
    { path: '/admin/integrations/beyondtrust', name: 'integration-beyondtrust', title: 'BeyondTrust' },
    { path: '/admin/integrations/domain-asset-discovery', name: 'integration-domain-asset-discovery', title: 'Domain asset discovery' },
    // Not in the spec's list of sub-pages (feature-areas §7 names only the calls): the public API's switch and tokens.
    { path: '/admin/integrations/public-api', name: 'integration-public-api', title: 'Public API' },
    // Not a customer role (docs/permissions.md): an operator need not be a superuser of their own customer.
    { path: '/admin/platform', name: 'platform-customers', title: 'Customers (platform)', nav: true, superuser: false, operator: true },
    {
      path: '/admin/platform/announcements',
      name: 'platform-announcements',
      title: 'Announcements',
      nav: true,
      superuser: false,
      operator: true,
    },
  ]),

  // Any other path.
  { path: CATCH_ALL_PATH, name: 'not-found', title: 'Page not found', area: 'general', access: 'always' },
];
