// Port lists: the standard TCP list, port specs with exclusions, and a profile's port fields.
export * from './spec.ts';
export * from './standard-tcp.ts';
export * from './profile.ts';
