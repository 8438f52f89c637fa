// What a run's progress says to a person while it scans: the time it has been going and an estimate of the time left,
// from the hosts it finished per unit of time. The server answers these on every run row; the web app shows them.

/** Hosts a run must have finished, and seconds it must have run, before the time left is estimated. */
export const ESTIMATE_MIN_HOSTS = 1;
export const ESTIMATE_MIN_SECONDS = 10;

export interface RunTimingInput {
  /** When the first task was claimed; null while nothing started. */
  startedAt: Date | null;
  /** When the run ended; null while it goes on. */
  finishedAt: Date | null;
  hostsDone: number;
  hostsTotal: number;
  /** Whether the run is scanning now (an estimate is only given then). */
  active: boolean;
  now: Date;
}

export interface RunTiming {
  /** Seconds from the start to the end (or to now); null before it started. */
  elapsedSeconds: number | null;
  /** Seconds left at the rate so far; null when there is not enough data yet, or the run is not scanning. */
  remainingSeconds: number | null;
}

/** The run's elapsed time and an estimate of the time left (hosts done per second so far, over the hosts left). */
export function runTiming(input: RunTimingInput): RunTiming {
  const { startedAt, finishedAt, hostsDone, hostsTotal, active, now } = input;
  if (!startedAt) return { elapsedSeconds: null, remainingSeconds: null };
  const elapsed = Math.max(0, Math.floor(((finishedAt ?? now).getTime() - startedAt.getTime()) / 1000));
  if (!active || finishedAt || hostsDone < ESTIMATE_MIN_HOSTS || elapsed < ESTIMATE_MIN_SECONDS || hostsTotal <= 0) {
    return { elapsedSeconds: elapsed, remainingSeconds: null };
  }
  const left = Math.max(0, hostsTotal - hostsDone);
  return { elapsedSeconds: elapsed, remainingSeconds: Math.round((elapsed * left) / hostsDone) };
}

/** A duration as a person reads it: "45 s", "3 min 20 s", "2 h 5 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
