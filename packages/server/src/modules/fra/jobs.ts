// The background work of phishing assessments: sending (which also ends tracking), schedules, and the phishing listener.
import type { ModuleJobs } from '../../jobs/declare.ts';
import { fraSchedulesQueue } from './schedules/jobs.ts';
import { fraSendQueue } from './sending/jobs.ts';
import { trackingServeLoop } from './tracking/serve.ts';

export const fraJobs: ModuleJobs = { module: 'fra', queues: [fraSendQueue, fraSchedulesQueue], serve: [trackingServeLoop] };
