// Authenticated looks at hosts: SSH logins with scan credentials and what they read.
export * from './types.ts';
export * from './linux-parse.ts';
export * from './ssh-session.ts';
export * from './linux-look.ts';
export * from './keys.ts';
export * from './smb-login.ts';
export * from './ntlm.ts';
export * from './kubernetes.ts';
