// @bulwark/core: the spec's vocabulary, shared by server and web.
export * from './zod-messages.ts';
export * from './permissions.ts';
export * from './routes.ts';
export * from './api/auth.ts';
export * from './api/users.ts';
export * from './api/intel.ts';
export * from './codes.ts';
export * from './constants.ts';
export * from './scan-status.ts';
export * from './scan-errors.ts';
export * from './query-filters.ts';
export * from './validators.ts';
export * from './formatters.ts';
export * from './messages.ts';
export * from './crud-messages.ts';
export * from './server-errors.ts';
