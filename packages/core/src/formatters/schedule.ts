// Derived schedule end type (platform-core §3) and its text.
import type { ScheduleEndType } from '../codes/scans.ts';

export interface ScheduleEndFields {
  max_run_cnt: number | null | undefined;
  end_date: string | null | undefined;
}

/**
 * 'ran_x_times' when max_run_cnt is nonzero and there is no end_date; 'end_date_reached' when max_run_cnt
 * is 0 and end_date is set; otherwise (both set, or neither) 'manually_cancelled'.
 */
export function scheduleEndType(s: ScheduleEndFields): ScheduleEndType {
  const runs = s.max_run_cnt ?? 0;
  const hasEnd = Boolean(s.end_date);
  if (runs !== 0 && !hasEnd) return 'ran_x_times';
  if (runs === 0 && hasEnd) return 'end_date_reached';
  return 'manually_cancelled';
}

/** 'ran 3 times' (one run: 'ran 1 time'), 'end date reached', 'manually cancelled'. */
export function scheduleEndText(s: ScheduleEndFields): string {
  const type = scheduleEndType(s);
  if (type === 'ran_x_times') {
    const n = s.max_run_cnt ?? 0;
    return `ran ${n} ${n === 1 ? 'time' : 'times'}`;
  }
  return type === 'end_date_reached' ? 'end date reached' : 'manually cancelled';
}
