// Log output: JSON lines when piped (for log shippers), readable coloured lines on a terminal. Secrets never logged.
import pino, { type LoggerOptions } from 'pino';

const REDACT = ['req.headers.cookie', 'req.headers["x-csrftoken"]', 'req.headers.authorization'];

export function loggerOptions(level: string, tty = Boolean(process.stdout.isTTY)): LoggerOptions {
  return {
    level,
    redact: REDACT,
    ...(tty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  };
}

/** A logger outside Fastify (the worker). */
export const createLogger = (level: string) => pino(loggerOptions(level));
