// Which adapter speaks to which tracker: Jira (jira.ts), ServiceNow (servicenow.ts) and TOPdesk (topdesk.ts), each
// written against the TrackerAdapter interface, so the sync engine never knows which one it drives.
import type { Tracker } from '@bulwark/core';
import type { OpenTrackerSettings, TrackerAdapter } from '../adapter.ts';
import { jiraAdapter } from './jira.ts';
import { servicenowAdapter } from './servicenow.ts';
import { topdeskAdapter } from './topdesk.ts';

/** The adapter of the tracker the settings are for; `fetchImpl` is the HTTP client (the global fetch by default). */
export function adapterFor(tracker: Tracker, settings: OpenTrackerSettings, fetchImpl: typeof fetch = fetch): TrackerAdapter {
  if (settings.tracker !== tracker) throw new Error(`${tracker}: settings of ${settings.tracker} given`);
  switch (settings.tracker) {
    case 'jira':
      return jiraAdapter(settings, fetchImpl);
    case 'servicenow':
      return servicenowAdapter(settings, fetchImpl);
    case 'topdesk':
      return topdeskAdapter(settings, fetchImpl);
  }
}
