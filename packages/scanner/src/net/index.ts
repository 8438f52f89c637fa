// The native network engine: TCP connects and UDP queries, limits, adaptive timing, host discovery and scanNetwork.
export * from './timing.ts';
export * from './limits.ts';
export * from './tcp.ts';
export * from './udp.ts';
export * from './ping.ts';
export * from './port-scanner.ts';
export * from './discovery.ts';
export * from './scan.ts';
export * from './exclusions.ts';
