// Messages between the server and its scan process (the built-in probe's scanning, off the HTTP event loop).
import type { ExecuteOptions, TaskDecision, TaskOutcome, TaskReport, TaskSpec } from '@bulwark/scanner';

/** Executor settings that travel to the scan process (plain JSON: the templates are loaded there). */
export type ScanProcessOptions = Omit<ExecuteOptions, 'templates'>;

export type ToScanProcess =
  | { type: 'run'; id: number; spec: TaskSpec; options: ScanProcessOptions }
  /** The answer to a report: what the server decided, or why the report was not taken (the hosts go with the next). */
  | { type: 'answer'; id: number; seq: number; decision?: TaskDecision; error?: string }
  | { type: 'abort'; id: number };

export type FromScanProcess =
  { type: 'report'; id: number; seq: number; report: TaskReport } | { type: 'outcome'; id: number; outcome: TaskOutcome };
