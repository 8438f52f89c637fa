// Targets: parse hosts, names, networks and ranges, then expand them into hosts to scan.
export * from './ip.ts';
export * from './intervals.ts';
export * from './parse.ts';
export * from './expand.ts';
