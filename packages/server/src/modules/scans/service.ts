// What other modules may use of network scans: checking a scan's references, writing and reading scans, their reply
// shape, starting a run, and whether a run is busy on a probe.
export { referenceErrors, insertScan, updateScan, deleteScan, getScan, toNetworkScans, scanBusy, type ScanRow } from './scan-repo.ts';
export { startRun, StartError } from './start.ts';
