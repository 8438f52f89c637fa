// The probes module's background work: a serving process without a built-in probe sweeps the tasks of remote probes
// that went quiet (the built-in probe sweeps the same way when it runs).
import type { ModuleJobs } from '../../jobs/declare.ts';
import { startRemoteProbeSweeper } from './sweeper.ts';

export const probesJobs: ModuleJobs = {
  module: 'probes',
  serve: [startRemoteProbeSweeper],
};
