// @bulwark/scanner: the probe's engines (network discovery, ports, services, checks). Does not import the server.
export * from './types.ts';
