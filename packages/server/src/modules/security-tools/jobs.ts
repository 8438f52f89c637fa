// Scheduled runs of watched websites and mail servers. (Pinned; built by its helper.)
import type { ModuleJobs } from '../../jobs/declare.ts';

export const securityToolsJobs: ModuleJobs = { module: 'security-tools' };
