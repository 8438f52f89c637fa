// The ticketing integrations (Jira, ServiceNow, TOPdesk): their settings beyond the common integration fields, status
// mapping by status category, sync states (feature-areas §4: Error, Inactive, In sync, Syncing) and the delivery log.
// Shared by the server's routes and the web app.

export const TRACKERS = ['jira', 'servicenow', 'topdesk'] as const;
export type Tracker = (typeof TRACKERS)[number];

/** Sync state of a ticket or of an integration (feature-areas §4). */
export const TRACKER_SYNC_STATES = ['error', 'inactive', 'in_sync', 'syncing'] as const;
export type TrackerSyncState = (typeof TRACKER_SYNC_STATES)[number];
export const TRACKER_SYNC_STATE_LABELS: Record<TrackerSyncState, string> = {
  error: 'Error',
  inactive: 'Inactive',
  in_sync: 'In sync',
  syncing: 'Syncing',
};
