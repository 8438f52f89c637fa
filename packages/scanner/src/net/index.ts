// The native network engine: TCP/UDP probes, limits, adaptive timing, host discovery and scanNetwork.
export * from './timing.ts';
export * from './limits.ts';
export * from './tcp.ts';
export * from './udp.ts';
export * from './ping.ts';
export * from './prober.ts';
export * from './discovery.ts';
export * from './scan.ts';
