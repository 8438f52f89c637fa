// The face of remediation rules (policies): the routes, the evaluation after a processed run and on demand, the SLA
// pass, and what other read models share of service levels (overdue, the customer's today). Other modules import it
// from here only.
export { remediationRuleRoutes } from './routes.ts';
export { previewRule, rulesAfterRun, runRule } from './service.ts';
export { customerToday, overdueSql, ticketSlaPass } from './sla.ts';
export { remediationRulesJobs, TICKET_SLA_QUEUE } from './jobs.ts';
