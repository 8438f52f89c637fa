// Continuous monitoring's background work: due profiles' own checks, and the alerts a processed run raises. (Pinned; built by its helper.)
import type { ModuleJobs } from '../../jobs/declare.ts';

export const monitoringJobs: ModuleJobs = { module: 'monitoring' };
