// nmap as an alternative engine: run it, parse its XML, convert its CPEs.
export * from './cpe.ts';
export * from './parse.ts';
export * from './run.ts';
