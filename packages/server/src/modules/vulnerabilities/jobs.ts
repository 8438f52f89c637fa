// The vulnerabilities module's housekeeping: ignores whose expiry has come end (those findings count again).
import type { ModuleJobs } from '../../jobs/declare.ts';
import { expireIgnores } from './service.ts';

export const vulnerabilitiesJobs: ModuleJobs = {
  module: 'vulnerabilities',
  housekeeping: [async (db, now) => ({ ignoresExpired: await expireIgnores(db, now) })],
};
