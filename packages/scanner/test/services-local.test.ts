// Service identification against this machine's real Redis, PostgreSQL and MariaDB; versions compared with their own tools.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { identifyService } from '../src/services/index.ts';

const T = { timeoutMs: 1500 };
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });

describe('real local services', () => {
  it('Redis at 127.0.0.1:6379: product, version, answers without auth', async () => {
    const expected = /v=(\d+\.\d+\.\d+)/.exec(run('redis-server', ['--version']))![1];
    const s = await identifyService('127.0.0.1', 6379, T);
    expect(s).toMatchObject({ name: 'redis', product: 'Redis', version: expected });
    expect(s!.cpe).toEqual([`cpe:2.3:a:redis:redis:${expected}:*:*:*:*:*:*:*`]);
    expect(s!.extra).toMatchObject({ unauthenticated: true });
  });

  it('PostgreSQL at 127.0.0.1:5432: product and version', async () => {
    const expected = /PostgreSQL\)? (\d+\.\d+)/.exec(run('psql', ['--version']))![1];
    const s = await identifyService('127.0.0.1', 5432, T);
    expect(s).toMatchObject({ name: 'postgresql', product: 'PostgreSQL', version: expected });
    expect(s!.cpe).toEqual([`cpe:2.3:a:postgresql:postgresql:${expected}:*:*:*:*:*:*:*`]);
    expect(typeof s!.extra!.auth).toBe('string');
  });

  it('MariaDB at 127.0.0.1:3306: product and version from the handshake', async () => {
    const expected = /Distrib (\d+\.\d+\.\d+)-MariaDB/.exec(run('mariadb', ['--version']))![1];
    const s = await identifyService('127.0.0.1', 3306, T);
    expect(s).toMatchObject({ name: 'mysql', product: 'MariaDB', version: expected });
    expect(s!.cpe).toEqual([`cpe:2.3:a:mariadb:mariadb:${expected}:*:*:*:*:*:*:*`]);
    expect(s!.extra!.serverVersion).toContain(`${expected}-MariaDB`);
  });
});
