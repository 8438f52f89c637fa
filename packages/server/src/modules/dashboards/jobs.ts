// The dashboards module's housekeeping: today's exposure snapshot of every customer (dashboard trends).
import type { ModuleJobs } from '../../jobs/declare.ts';
import { takeSnapshots } from './snapshots.ts';

export const dashboardsJobs: ModuleJobs = {
  module: 'dashboards',
  housekeeping: [async (db, now) => ({ snapshots: await db.transaction((tx) => takeSnapshots(tx, now)) })],
};
