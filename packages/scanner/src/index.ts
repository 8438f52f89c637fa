// @bulwark/scanner: the probe's engines (network discovery, ports, services, checks). Does not import the server.
export * from './types.ts';
export * from './checks/index.ts';
export * from './services/index.ts';
export * from './targets/index.ts';
export * from './ports/index.ts';
export * from './net/index.ts';
export * from './nmap/index.ts';
export * from './network-scan.ts';
export * from './agent/index.ts';
export * from './auth/index.ts';
export * from './policy/index.ts';
export * from './web/index.ts';
export * from './monitor/index.ts';
export * from './domains/index.ts';
export * from './cloud/index.ts';
