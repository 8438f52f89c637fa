// The scan task queue, shared by scans (which create runs and their tasks), probes (built-in and remote, which claim,
// report and finish them) and results (which read what they delivered). Other modules import it from here only.
export * from './queue.ts';
export * from './runs.ts';
export * from './recovery.ts';
export * from './hosts.ts';
export * from './blackout.ts';
