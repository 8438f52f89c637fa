// The TOPdesk adapter. STUB until its owner writes it against the TrackerAdapter interface (adapter.ts).
import type { OpenTrackerSettings, TrackerAdapter } from '../adapter.ts';

export function topdeskAdapter(_settings: OpenTrackerSettings<'topdesk'>): TrackerAdapter {
  throw new Error('TOPdesk: not built yet');
}
