// Database checks (MongoDB, PostgreSQL, MySQL/MariaDB) against the real local PostgreSQL and MariaDB and wire-protocol servers, with and without the weakness.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mongoServer, mysqlServer, pgPasswordServer, pgTrustServer } from './checks-helpers/fake-db.ts';
import { PROTOCOL_CHECKS_BY_FILE } from './checks-helpers/protocol-checks.ts';
import { checkScanner } from './checks-helpers/scan.ts';
import { closeAll, listen } from './checks-helpers/servers.ts';

const checks = checkScanner();
const A = '127.0.0.101';
const serve = async (server: net.Server, service: string) => checks.scan({ address: A, port: await listen(server, A), service });

/** Is the real server at 127.0.0.1:port up? (The tests against it are skipped, with a message, when it is not.) */
function reachable(port: number): Promise<boolean> {
  return new Promise((r) => {
    const c = net.connect({ host: '127.0.0.1', port, timeout: 1000 });
    c.on('connect', () => (c.destroy(), r(true)));
    c.on('error', () => r(false));
    c.on('timeout', () => (c.destroy(), r(false)));
  });
}
const pgUp = await reachable(5432);
const mariadbUp = await reachable(3306);
if (!pgUp) console.warn('checks-protocols-db: nothing listens on 127.0.0.1:5432, the real-PostgreSQL test is skipped');
if (!mariadbUp) console.warn('checks-protocols-db: nothing listens on 127.0.0.1:3306, the real-MariaDB test is skipped');

beforeAll(() => checks.load());
afterAll(closeAll);

describe('mongodb-no-auth', () => {
  it('finds a MongoDB that lists its databases without authentication (OP_MSG), with the database names', async () => {
    const ids = await serve(mongoServer({ auth: false }), 'mongodb');
    checks.expectFound(ids, 'mongodb-no-auth');
    expect(checks.finding('mongodb-no-auth')?.evidence).toContain('customers');
  });
  it('finds an old MongoDB (before 3.6) that only speaks OP_QUERY', async () => {
    checks.expectFound(await serve(mongoServer({ auth: false, legacy: true }), 'mongodb'), 'mongodb-no-auth');
  });
  it('reports nothing when MongoDB answers code 13 Unauthorized, over OP_MSG and OP_QUERY', async () => {
    expect(await serve(mongoServer({ auth: true }), 'mongodb')).toEqual([]);
    expect(await serve(mongoServer({ auth: true, legacy: true }), 'mongodb')).toEqual([]);
  });
});

describe('postgresql-trust-auth', () => {
  it.skipIf(!pgUp)(
    'finds the real local PostgreSQL at 127.0.0.1:5432 (trust for postgres), with its version; skipped when unreachable',
    async () => {
      const ids = await checks.scan({ address: '127.0.0.1', port: 5432, service: 'postgresql', timeoutMs: 3000 });
      checks.expectFound(ids, 'postgresql-trust-auth');
      expect(checks.finding('postgresql-trust-auth')?.evidence).toMatch(/server_version: [0-9]+\.[0-9]+/);
    },
  );
  it('finds a server that answers AuthenticationOk to the StartupMessage', async () => {
    checks.expectFound(await serve(pgTrustServer(), 'postgresql'), 'postgresql-trust-auth');
    expect(checks.finding('postgresql-trust-auth')?.evidence).toContain('16.4');
  });
  it('reports nothing when the server asks for SCRAM-SHA-256 (SASL) or an MD5 password', async () => {
    expect(await serve(pgPasswordServer('scram'), 'postgresql')).toEqual([]);
    expect(await serve(pgPasswordServer('md5'), 'postgresql')).toEqual([]);
  });
});

describe('mysql-root-empty-password', () => {
  it.skipIf(!mariadbUp)(
    'finds the real local MariaDB at 127.0.0.1:3306 (root without password), with its version; skipped when unreachable',
    async () => {
      const ids = await checks.scan({ address: '127.0.0.1', port: 3306, service: 'mysql', timeoutMs: 3000 });
      checks.expectFound(ids, 'mysql-root-empty-password');
      expect(checks.finding('mysql-root-empty-password')?.evidence).toMatch(/version: [0-9.]+-[0-9.]+-MariaDB/);
    },
  );
  it('finds a MySQL 8 server whose root has an empty caching_sha2_password (after the auth switch)', async () => {
    checks.expectFound(await serve(mysqlServer('empty-root'), 'mysql'), 'mysql-root-empty-password');
    expect(checks.finding('mysql-root-empty-password')?.evidence).toContain('8.0.36');
  });
  it('reports nothing when root has a password (ERR 1045 Access denied)', async () => {
    expect(await serve(mysqlServer('denied'), 'mysql')).toEqual([]);
  });
});

describe('coverage', () => {
  it('every database check of this file is proven, without connection errors', () => {
    expect(PROTOCOL_CHECKS_BY_FILE.db.filter((id) => !checks.proven.has(id))).toEqual([]);
    expect(checks.errors).toEqual([]);
  });
});
