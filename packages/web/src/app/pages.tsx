// Which page each route shows: the feature pages built so far (lazy-loaded), and an honest placeholder for the rest.
import { Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteDef } from '@bulwark/core';
import { lazyPage } from './chunks.ts';
import { PageLoader } from '../components/PageLoader.tsx';
import { NotAvailablePage } from '../features/system/NotAvailablePage.tsx';

/** The scan list serves three routes (list, filtered by target, start form open): one lazy component keeps its chunk shared. */
const ScansPage = lazyPage(() => import('../features/scans/ScansPage.tsx'));

/** The asset list and asset page serve several routes each (network and unified views, tabs, edit). */
const AssetsPage = lazyPage(() => import('../features/assets/AssetsPage.tsx'));
const IntelligencePage = lazyPage(() => import('../features/intel/IntelligencePage.tsx'));
const AssetViewPage = lazyPage(() => import('../features/assets/AssetViewPage.tsx'));

/** The vulnerability list, an issue's page (hid, its tabs, cve) and the kinds of finding Bulwark has no source for yet. */
const VulnerabilitiesPage = lazyPage(() => import('../features/vulnerabilities/VulnerabilitiesPage.tsx'));
const IssuePage = lazyPage(() => import('../features/vulnerabilities/IssuePage.tsx'));
const OtherFindingPage = lazyPage(() => import('../features/vulnerabilities/OtherFindingPage.tsx'));

const LegacyAssetRedirect = lazyPage(() => import('../features/assets/LegacyAssetRedirect.tsx'));
/** The training report routes share one honest empty page until phishing and awareness training exists. */
const TrainingReportsPage = lazyPage(() => import('../features/reports/TrainingReportsPage.tsx'));

const AppsPage = lazyPage(() => import('../features/apps/AppsPage.tsx'));
/** The notification integrations, BeyondTrust and the ticketing integrations share one page (it reads its type from the path); the others keep the placeholder. */
const IntegrationsPage = lazyPage(() => import('../features/integrations/IntegrationsPage.tsx'));
const TagsPage = lazyPage(() => import('../features/tags/TagsPage.tsx'));
/** Tickets (issue 29): the unified list serves its search/{search} link too; the legacy list serves filter/vuln/{vulnId}. */
const TicketsPage = lazyPage(() => import('../features/tickets/TicketsPage.tsx'));
const LegacyTicketsPage = lazyPage(() => import('../features/tickets/LegacyTicketsPage.tsx'));
/** One preview page serves phishing-template and training-template previews. */
const TemplatePreviewPage = lazyPage(() => import('../features/fra-templates/TemplatePreviewPage.tsx'));
/** The alert list serves the list and one profile's alerts of one trigger. */
const AlertsPage = lazyPage(() => import('../features/monitoring/AlertsPage.tsx'));

/** Pages by route name. */
const PAGES: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  login: lazyPage(() => import('../features/auth/LoginPage.tsx')),
  'password-recovery': lazyPage(() => import('../features/auth/PasswordRecoveryPage.tsx')),
  'reset-password': lazyPage(() => import('../features/auth/WelcomePasswordPage.tsx')),
  'set-password': lazyPage(() => import('../features/auth/ResetPasswordPage.tsx')),
  logout: lazyPage(() => import('../features/auth/LogoutPage.tsx')),
  'impersonation-login': lazyPage(() => import('../features/auth/ImpersonationPage.tsx')),
  'unified-dashboard-grid': lazyPage(() => import('../features/dashboard/DashboardPage.tsx')),
  'access-denied': lazyPage(() => import('../features/system/AccessDeniedPage.tsx')),
  'not-found': lazyPage(() => import('../features/system/NotFoundPage.tsx')),
  'profile-settings': lazyPage(() => import('../features/profile/ProfileSettingsPage.tsx')),
  'intel-settings': IntelligencePage,
  intelligence: IntelligencePage,
  'net-assets': AssetsPage,
  'unified-assets': AssetsPage,
  'net-asset': AssetViewPage,
  'net-asset-ports': AssetViewPage,
  'net-asset-edit': AssetViewPage,
  'unified-asset': AssetViewPage,
  'unified-asset-details': AssetViewPage,
  tags: TagsPage,
  'web-applications': LegacyAssetRedirect,
  'web-application': LegacyAssetRedirect,
  'web-application-edit': LegacyAssetRedirect,
  devices: LegacyAssetRedirect,
  device: LegacyAssetRedirect,
  'device-edit': LegacyAssetRedirect,
  applications: AppsPage,
  ports: AppsPage,
  teams: lazyPage(() => import('../features/teams/TeamsPage.tsx')),
  'unified-tags': TagsPage,
  'net-scans': ScansPage,
  'net-scans-by-asset': ScansPage,
  'net-scan-start': ScansPage,
  'net-scan-result': lazyPage(() => import('../features/scans/ScanResultPage.tsx')),
  'policy-scan-result': lazyPage(() => import('../features/policies/PolicyScanResultPage.tsx')),
  // Network and policy schedules (a policy tab, issue 33).
  'net-schedules': lazyPage(() => import('../features/schedules/ScanSchedulesPage.tsx')),
  'net-schedule': lazyPage(() => import('../features/schedules/ScanScheduleViewPage.tsx')),
  'net-scan-profiles': lazyPage(() => import('../features/profiles/ProfilesPage.tsx')),
  'net-scan-profile-edit': lazyPage(() => import('../features/profiles/ProfileEditPage.tsx')),
  'policy-scan-profile-edit': lazyPage(() => import('../features/policies/PolicyProfileEditPage.tsx')),
  'scan-credentials': lazyPage(() => import('../features/credentials/CredentialsPage.tsx')),
  'unified-vulnerabilities': VulnerabilitiesPage,
  'vulnerability-manager': lazyPage(() => import('../features/vulnerabilities/VulnerabilityManagerPage.tsx')),
  'unified-vulnerability': IssuePage,
  'unified-vulnerability-tab': IssuePage,
  'unified-vulnerability-cve': IssuePage,
  'unified-vulnerability-kb': OtherFindingPage,
  'unified-vulnerability-pat': lazyPage(() => import('../features/vulnerabilities/PatFindingPage.tsx')),
  'unified-vulnerability-cp': lazyPage(() => import('../features/cloud/CloudControlFindingPage.tsx')),
  'cloud-scans': lazyPage(() => import('../features/cloud/CloudScansPage.tsx')),
  'cloud-scan-result': lazyPage(() => import('../features/cloud/CloudScanResultPage.tsx')),
  'cloud-schedules': lazyPage(() => import('../features/cloud/CloudSchedulesPage.tsx')),
  'cloud-schedule': lazyPage(() => import('../features/cloud/CloudSchedulePage.tsx')),
  'cloud-scan-profiles': lazyPage(() => import('../features/cloud/CloudProfilesPage.tsx')),
  'cloud-scan-profile': lazyPage(() => import('../features/cloud/CloudProfileEditPage.tsx')),
  'cloud-assets': lazyPage(() => import('../features/cloud/CloudAssetsPage.tsx')),
  'cloud-asset': lazyPage(() => import('../features/cloud/CloudAssetPage.tsx')),
  'was-scans': lazyPage(() => import('../features/was/WebScansPage.tsx')),
  'was-scan-start': lazyPage(() => import('../features/was/StartWebScanPage.tsx')),
  'was-scan-profiles': lazyPage(() => import('../features/was/WebProfilesPage.tsx')),
  'was-scan-profile-edit': lazyPage(() => import('../features/was/WebProfileEditPage.tsx')),
  'was-scan-result': lazyPage(() => import('../features/was/WebScanResultPage.tsx')),
  'was-discovery-result': lazyPage(() => import('../features/was/WebDiscoveryResultPage.tsx')),
  'was-catalog': lazyPage(() => import('../features/was/WebCatalogPage.tsx')),
  'was-schedules': lazyPage(() => import('../features/was/schedules/WebSchedulesPage.tsx')),
  'was-schedule': lazyPage(() => import('../features/was/schedules/WebScheduleViewPage.tsx')),
  'vulnerability-tests': lazyPage(() => import('../features/catalogue/TestCataloguePage.tsx')),
  'vulnerability-test': lazyPage(() => import('../features/catalogue/TestPage.tsx')),
  'scan-appliance': lazyPage(() => import('../features/probes/ApplianceViewPage.tsx')),
  'scan-appliances': lazyPage(() => import('../features/probes/ProbesPage.tsx')),
  users: lazyPage(() => import('../features/users/UsersPage.tsx')),
  subscription: lazyPage(() => import('../features/customer-settings/CustomerSettingsPage.tsx')),
  'audit-log': lazyPage(() => import('../features/audit/AuditLogPage.tsx')),
  'integration-email': IntegrationsPage,
  'integration-slack': IntegrationsPage,
  'integration-teams': IntegrationsPage,
  'integration-webhooks': IntegrationsPage,
  'integration-beyondtrust': IntegrationsPage,
  'integration-azure': IntegrationsPage,
  'integration-jira': IntegrationsPage,
  'integration-servicenow': IntegrationsPage,
  'integration-topdesk': IntegrationsPage,
  'integration-domain-asset-discovery': lazyPage(() => import('../features/domain-discovery/DomainDiscoveryPage.tsx')),
  'integration-public-api': lazyPage(() => import('../features/integrations/PublicApiPage.tsx')),
  'remediation-policies': lazyPage(() => import('../features/remediation-rules/RulesPage.tsx')),
  'remediation-policy-edit': lazyPage(() => import('../features/remediation-rules/RuleEditPage.tsx')),
  'remediation-exceptions': lazyPage(() => import('../features/exceptions/ExceptionsPage.tsx')),
  'platform-customers': lazyPage(() => import('../features/platform/PlatformCustomersPage.tsx')),
  'platform-announcements': lazyPage(() => import('../features/news/AnnouncementsPage.tsx')),
  'report-list': lazyPage(() => import('../features/reports/ReportsPage.tsx')),
  report: lazyPage(() => import('../features/reports/ReportViewPage.tsx')),
  'report-schedules': lazyPage(() => import('../features/reports/SchedulesPage.tsx')),
  'report-templates': lazyPage(() => import('../features/reports/TemplatesPage.tsx')),
  'fra-report-list': TrainingReportsPage,
  'fra-report-schedules': TrainingReportsPage,
  'fra-report-templates': TrainingReportsPage,
  'unified-tickets': TicketsPage,
  'unified-tickets-search': TicketsPage,
  'unified-ticket': lazyPage(() => import('../features/tickets/TicketViewPage.tsx')),
  'unified-ticket-edit': lazyPage(() => import('../features/tickets/TicketEditPage.tsx')),
  'unified-ticket-create': lazyPage(() => import('../features/tickets/CreateTicketPage.tsx')),
  tickets: LegacyTicketsPage,
  'tickets-by-vulnerability': LegacyTicketsPage,
  'ticket-edit': lazyPage(() => import('../features/tickets/LegacyTicketEditPage.tsx')),
  alerts: AlertsPage,
  'alerts-by-profile': AlertsPage,
  alert: lazyPage(() => import('../features/monitoring/AlertPage.tsx')),
  'monitoring-profiles': lazyPage(() => import('../features/monitoring/ProfilesPage.tsx')),
  // Phishing and training (issue 31).
  'fra-assessments': lazyPage(() => import('../features/fra/AssessmentsPage.tsx')),
  'fra-assessment-edit': lazyPage(() => import('../features/fra/AssessmentEditPage.tsx')),
  'fra-assessment-filter': lazyPage(() => import('../features/fra/AssessmentResultsPage.tsx')),
  'fra-schedules': lazyPage(() => import('../features/fra/SchedulesPage.tsx')),
  'fra-recipients': lazyPage(() => import('../features/fra-recipients/RecipientsPage.tsx')),
  'fra-recipient': lazyPage(() => import('../features/fra-recipients/RecipientPage.tsx')),
  'fra-recipient-results': lazyPage(() => import('../features/fra-recipients/RecipientResultsPage.tsx')),
  'fra-domains': lazyPage(() => import('../features/fra-recipients/DomainsPage.tsx')),
  'fra-pat-unified-tags': lazyPage(() => import('../features/fra-recipients/RecipientTagsPage.tsx')),
  'fra-templates': lazyPage(() => import('../features/fra-templates/PhishingTemplatesPage.tsx')),
  'fra-web-templates': lazyPage(() => import('../features/fra-templates/WebTemplatesPage.tsx')),
  'fra-email-templates': lazyPage(() => import('../features/fra-templates/EmailTemplatesPage.tsx')),
  'fra-preview-template': TemplatePreviewPage,
  'fra-preview-training-template': TemplatePreviewPage,
  websites: lazyPage(() => import('../features/security-tools/WebsitesPage.tsx')),
  website: lazyPage(() => import('../features/security-tools/WebsitePage.tsx')),
  'mail-servers': lazyPage(() => import('../features/security-tools/MailServersPage.tsx')),
  'mail-server': lazyPage(() => import('../features/security-tools/MailServerPage.tsx')),
};

/** Renders the page of `route` and names the browser tab after it. */
export function RoutePage({ route }: { route: RouteDef }) {
  useEffect(() => {
    document.title = `${route.title} · Bulwark`;
  }, [route.title]);
  const Page = route.name ? PAGES[route.name] : undefined;
  if (!Page) return <NotAvailablePage title={route.title} />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
