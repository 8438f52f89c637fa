// Port lists: the standard TCP list, the ports of Bulwark's own services and checks, port specs with exclusions, and a
// profile's port fields.
export * from './spec.ts';
export * from './standard-tcp.ts';
export * from './profile.ts';
export * from './service-ports.ts';
export * from './check-ports.ts';
