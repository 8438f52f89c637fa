// Phishing and training results as findings (source `pat`) on recipient assets: opened, raised again (Reopened) and
// closed through the one merge of findings, so unified vulnerabilities, dashboards and reports see them as any other.
import type { Tx } from '../../db/client.ts';

export interface PatFindingInput {
  /** The recipient asset. */
  assetId: number;
  /** Stable per recipient and behaviour source, e.g. `pat:<assessment uuid>`. */
  key: string;
  /** The hid (`pat-clicked`, `pat-submitted` …): one issue per behaviour across recipients. */
  hid: string;
  name: string;
  /** 0-4 (phishing severity maps onto finding severity). */
  severity: number;
  description: string;
  solution: string;
  evidence: string;
}

/**
 * Opens (or keeps open, or reopens) the findings given and closes those named in `close`, in the caller's
 * transaction; the caller then runs vulnerabilities' afterFindingsChanged for the assets.
 */
export async function mergePatFindings(
  _tx: Tx,
  _customerId: number,
  _seen: Date,
  _open: readonly PatFindingInput[],
  _close: readonly { assetId: number; key: string }[],
): Promise<void> {
  throw new Error('mergePatFindings is not built yet');
}
