// The face of the ticketing integrations (Jira, ServiceNow, TOPdesk): settings, the two-way sync, webhooks and polling.
// Other modules import it from here only.
export type { StatusCategory, TrackerAdapter } from './adapter.ts';
