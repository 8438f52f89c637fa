// Kubernetes: the API client shared with the credential test, and the cluster scan a network scan runs when its
// profile names a Kubernetes credential (issue 32).
export * from './request.ts';
export * from './types.ts';
export * from './client.ts';
export * from './checks.ts';
export * from './scan.ts';
