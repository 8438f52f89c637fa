// Scan error aggregation (platform-core §4): grouped by message with counts, internal and connection reset hidden unless asked.
import { HIDDEN_SCAN_ERROR_TYPES, type ScanErrorType } from './codes/scans.ts';

export interface ScanError {
  type: ScanErrorType;
  message: string;
}

export interface AggregatedScanError extends ScanError {
  count: number;
}

/** Errors grouped by message (first type seen wins), in order of first appearance. */
export function aggregateScanErrors(errors: readonly ScanError[], showHidden = false): AggregatedScanError[] {
  const byMessage = new Map<string, AggregatedScanError>();
  for (const e of errors) {
    if (!showHidden && HIDDEN_SCAN_ERROR_TYPES.includes(e.type)) continue;
    const seen = byMessage.get(e.message);
    if (seen) seen.count++;
    else byMessage.set(e.message, { ...e, count: 1 });
  }
  return [...byMessage.values()];
}
