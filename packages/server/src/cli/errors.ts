// The error a command prints without a stack trace, exiting with status 2 (a usage or input problem).
export class CliError extends Error {}
