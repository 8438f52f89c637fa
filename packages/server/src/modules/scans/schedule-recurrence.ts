// When a scan schedule starts: the recurrence engine every schedule shares (schedules/recurrence.ts), under the names
// the scans module uses.
export { nextFullHour, nextStarts, type Recurrence as Timing } from '../../schedules/recurrence.ts';
