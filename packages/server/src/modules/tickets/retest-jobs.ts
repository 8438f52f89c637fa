// The background work of tickets: after a run's results are processed, re-tests settle and tickets follow what the
// run saw (after-run.ts). Listed in src/module-jobs.ts before the remediation rules, so a finding that comes back
// reopens its old ticket before a rule could open a new one for it.
import type { ModuleJobs } from '../../jobs/declare.ts';
import { ticketsAfterRun } from './after-run.ts';

export const ticketsJobs: ModuleJobs = {
  module: 'tickets',
  afterRunProcessed: [(w, runId) => ticketsAfterRun(w.ctx, runId)],
};
