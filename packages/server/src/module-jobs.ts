// The composition root's list of every module's background work (ModuleJobs from each module's face), handed by
// app.ts and `bulwark worker` to the jobs package, which imports no module. The order is the order housekeeping runs
// the modules' tasks: assets archived (their findings closed) before the day's snapshot counts what is open.
import type { ModuleJobs } from './jobs/declare.ts';
import type { AppContext } from './context.ts';
import { runHousekeeping, type HousekeepingResult } from './jobs/housekeeping.ts';
import { assetsJobs } from './modules/assets/index.ts';
import { dashboardsJobs } from './modules/dashboards/index.ts';
import { exportsJobs } from './modules/exports/index.ts';
import { domainDiscoveryJobs } from './modules/domain-discovery/index.ts';
import { intelJobs } from './modules/intel/index.ts';
import { newsJobs } from './modules/news/index.ts';
import { notificationsJobs } from './modules/notifications/index.ts';
import { trackersJobs } from './modules/trackers/index.ts';
import { monitoringJobs } from './modules/monitoring/index.ts';
import { securityToolsJobs } from './modules/security-tools/index.ts';
import { fraJobs } from './modules/fra/index.ts';
import { probesJobs } from './modules/probes/index.ts';
import { remediationRulesJobs } from './modules/remediation-rules/index.ts';
import { reportsJobs } from './modules/reports/index.ts';
import { resultsJobs } from './modules/results/index.ts';
import { scansJobs } from './modules/scans/index.ts';
import { ticketsJobs } from './modules/tickets/index.ts';
import { vulnerabilitiesJobs } from './modules/vulnerabilities/index.ts';

export const MODULE_JOBS: readonly ModuleJobs[] = [
  intelJobs,
  assetsJobs,
  resultsJobs,
  vulnerabilitiesJobs,
  // Tickets follow a processed run before the remediation rules evaluate it (a finding back on its old ticket first).
  ticketsJobs,
  // Then the rules open tickets for what is still without one.
  remediationRulesJobs,
  // Monitoring reads what the run changed once tickets and rules have had their say.
  monitoringJobs,
  securityToolsJobs,
  fraJobs,
  newsJobs,
  dashboardsJobs,
  scansJobs,
  probesJobs,
  reportsJobs,
  exportsJobs,
  notificationsJobs,
  trackersJobs,
  domainDiscoveryJobs,
];

/** One housekeeping pass with every module's tasks (what the housekeeping job runs; tests call it with their clock). */
export function housekeeping(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<HousekeepingResult> {
  return runHousekeeping(
    ctx.db,
    MODULE_JOBS.flatMap((m) => m.housekeeping ?? []),
    now,
  );
}
