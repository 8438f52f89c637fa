// The news module's housekeeping: news of CVEs newly known exploited that are open on a customer's assets.
import type { ModuleJobs } from '../../jobs/declare.ts';
import { announceNewlyExploited } from './service.ts';

export const newsJobs: ModuleJobs = {
  module: 'news',
  housekeeping: [async (db, now) => ({ kevNews: await announceNewlyExploited(db, now) })],
};
