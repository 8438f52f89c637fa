// The background work of phishing assessments: sending, schedules, the end of tracking, and the phishing listener.
import type { ModuleJobs } from '../../jobs/declare.ts';
import { trackingServeLoop } from './tracking/serve.ts';

export const fraJobs: ModuleJobs = { module: 'fra', queues: [], serve: [trackingServeLoop] };
