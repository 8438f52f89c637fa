// Log output: JSON lines when piped (what log shippers read), pino-pretty lines on a terminal; secrets redacted.
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/lib/logger.ts';

describe('logger', () => {
  it('writes JSON when not on a terminal, with cookies and CSRF headers redacted', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions('info', false);
    expect(options.transport).toBeUndefined();
    const log = pino(options, sink);
    log.info({ req: { headers: { cookie: 'sessionid=secret', 'x-csrftoken': 'token', authorization: 'Probe 1:s' } } }, 'hello');
    const entry = JSON.parse(lines[0]!) as { msg: string; req: { headers: Record<string, string> } };
    expect(entry.msg).toBe('hello');
    expect(entry.req.headers).toEqual({ cookie: '[Redacted]', 'x-csrftoken': '[Redacted]', authorization: '[Redacted]' });
  });

  it('prints readable lines on a terminal', () => {
    expect(loggerOptions('debug', true)).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
  });
});
