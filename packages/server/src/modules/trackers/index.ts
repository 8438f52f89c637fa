// The face of the ticketing integrations (Jira, ServiceNow, TOPdesk): settings, the two-way sync, webhooks and polling.
// Other modules import it from here only.
export type { OpenTrackerSettings, StatusCategory, TrackerAdapter } from './adapter.ts';
export { trackerRoutes } from './routes.ts';
export { trackersJobs, TRACKER_POLL_QUEUE, TRACKER_SWEEP_QUEUE } from './jobs.ts';
export { linkAndPush } from './links.ts';
export { linkTicket, pollTracker, pushTicket } from './sync.ts';
export { openTrackerSettings } from './settings.ts';
