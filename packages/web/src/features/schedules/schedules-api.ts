// Calls of the network scan schedule screens (platform-core §7 scan/schedules/): the list, one schedule by id or by its
// scan, create, change, switch on or off, delete, the preview of the next runs, the runs of a schedule's scan, and the
// teams a schedule can be shared with. Query keys of these screens.
import {
  schedule,
  SCHEDULE_END_TYPES,
  teamBasic,
  type Schedule,
  type ScheduleEndType,
  type ScheduleInput,
  type ScheduleTiming,
} from '@bulwark/core';
import { api, type AnswerSchema } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../components/paged-answer.ts';
import { fetchRuns, type ScanRunRow } from '../scans/scans-api.ts';

const SCHEDULES = 'scan/schedules/';

const schedulePage = pagedAnswer(schedule);
const teamChoices = listAnswer(teamBasic);

export type TeamChoice = ReturnType<typeof teamBasic.parse>;

/**
 * What scan/schedules/preview/ answers: up to five ISO instants, those of them inside the customer's blackout window
 * (their runs wait until it ends), and how the schedule would end.
 */
export interface SchedulePreview {
  upcoming: string[];
  blackout_starts: string[];
  end_type: ScheduleEndType | null;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((u) => typeof u === 'string');

export const previewAnswer: AnswerSchema<SchedulePreview> = {
  parse(data: unknown): SchedulePreview {
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    if (!isStrings(body.upcoming)) throw new Error('upcoming missing');
    const endType = (SCHEDULE_END_TYPES as readonly unknown[]).includes(body.end_type) ? (body.end_type as ScheduleEndType) : null;
    return { upcoming: body.upcoming, blackout_starts: isStrings(body.blackout_starts) ? body.blackout_starts : [], end_type: endType };
  },
};

/** GET scan/schedules/: `search`, `schedule_is_active`, `repeat` (repeated), `ordering`, paging. */
export function fetchSchedules(query: QueryParams, signal?: AbortSignal): Promise<Paged<Schedule>> {
  return api.get(SCHEDULES, { query, signal, schema: schedulePage });
}

/** GET scan/schedules/by-scan/{scanId}/: the schedule that starts this scan. */
export function fetchScheduleByScan(scanId: number, signal?: AbortSignal): Promise<Schedule> {
  return api.get(`${SCHEDULES}by-scan/${scanId}/`, { signal, schema: schedule });
}

/** POST scan/schedules/ → 201; 409 `{name: [...]}` when the name is taken. */
export function createSchedule(input: ScheduleInput): Promise<Schedule> {
  return api.post(SCHEDULES, input, { schema: schedule });
}

export function updateSchedule(id: number, input: ScheduleInput): Promise<Schedule> {
  return api.put(`${SCHEDULES}${id}/`, input, { schema: schedule });
}

/** PATCH {schedule_is_active}: the list's switch, and Activate / Deactivate. */
export function setScheduleActive(id: number, active: boolean): Promise<Schedule> {
  return api.patch(`${SCHEDULES}${id}/`, { schedule_is_active: active }, { schema: schedule });
}

export function deleteSchedule(id: number): Promise<void> {
  return api.delete(`${SCHEDULES}${id}/`);
}

/** POST scan/schedules/preview/: the next five starts of the timing as it is in the form (nothing saved). */
export function previewSchedule(input: ScheduleTiming, signal?: AbortSignal): Promise<SchedulePreview> {
  return api.post(`${SCHEDULES}preview/`, input, { signal, schema: previewAnswer });
}

/** The runs of a schedule's scan: scan/nruns/ narrowed to the scan (and the list's own paging, ordering, filters). */
export function fetchScheduleRuns(scanId: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<ScanRunRow>> {
  return fetchRuns({ ...query, scan: scanId }, signal);
}

/**
 * The customer's teams for "shared with": teams_basics/ (id and name, any signed-in user) rather than the teams screen's
 * teams/teams/, which answers superusers only.
 */
export function fetchTeamChoices(signal?: AbortSignal): Promise<TeamChoice[]> {
  return api.get('teams_basics/', { signal, schema: teamChoices });
}

export const SCHEDULE_KEYS = {
  all: ['schedules'] as const,
  lists: ['schedules', 'list'] as const,
  list: (query: QueryParams) => ['schedules', 'list', query] as const,
  byScan: (scanId: number) => ['schedules', 'by-scan', scanId] as const,
  preview: (input: ScheduleTiming | null) => ['schedules', 'preview', input] as const,
  runs: (scanId: number, query: QueryParams) => ['schedules', 'runs', scanId, query] as const,
  teams: ['schedules', 'teams'] as const,
};
