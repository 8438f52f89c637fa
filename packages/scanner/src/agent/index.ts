// The probe agent: executing scan tasks handed out by the server (the remote agent's HTTP loop builds on this).
export * from './execute.ts';
export * from './remote.ts';
