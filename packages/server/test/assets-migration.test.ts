// Migration 0010 on every test database: hosts become host assets with their ids, ports and findings; scan targets
// become network, range and host assets (a host target a scan already found merges into that host); scans name the
// new ids in their order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/backends.ts';
import { migrationsBefore } from './helpers/migrations.ts';

describe.each(BACKENDS)('migration 0010 (assets) on %s', (backend) => {
  let t: TestDatabase;
  const rows = async (text: string) => (await t.database.sql.executeSql(text)).rows;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    await t.database.migrate(migrationsBefore('0010_assets'));
    await t.database.sql.executeSql(`
      insert into customers (id, name) values (1, 'One'), (2, 'Two');
      insert into hosts (id, customer_id, address, hostnames, os, open_ports, first_seen, last_seen)
        values (7, 1, '10.0.0.5', '["db.example"]', 'Debian', 2, '2026-01-01', '2026-02-01'),
               (8, 1, '8.8.4.4', '[]', null, 0, '2026-01-02', '2026-02-02'),
               (9, 2, '10.0.0.5', '[]', null, 1, '2026-01-03', '2026-02-03');
      insert into host_ports (customer_id, host_id, port, protocol, first_seen, last_seen) values (1, 7, 22, 0, now(), now());
      insert into findings (customer_id, host_id, key, name, severity, confidence, first_seen, last_seen)
        values (1, 7, 'check:x@22/tcp', 'X', 3, 'confirmed', now(), now());
      insert into scan_targets (id, customer_id, kind, value, name, description, created_at)
        values (3, 1, 'network', '10.0.0.0/24', 'Office', 'LAN', '2025-12-01'),
               (4, 1, 'host', '10.0.0.5', 'Database', 'Primary', '2025-12-02'),
               (5, 1, 'host', 'web.example', '', '', '2025-12-03'),
               (6, 1, 'range', '10.1.0.1-10.1.0.9', '', '', '2025-12-04');
      insert into scans (id, customer_id, name, target_ids) values (1, 1, 'Weekly', '[6, 3, 4]'), (2, 1, 'Web', '[5]');
    `);
    await t.database.migrate();
  });
  afterAll(() => t?.drop());

  it('keeps every host as a host asset with its id, ports and findings, and says whether it faces the internet', async () => {
    const hosts = await rows(
      `select id, customer_id, kind, type, value, address, os, is_server, internet_facing, first_seen from assets where id in (7, 8, 9) order by id`,
    );
    expect(hosts.map((h) => [h.id, h.customer_id, h.kind, h.type, h.value, h.address, h.is_server, h.internet_facing])).toEqual([
      [7, 1, 'host', 2, '10.0.0.5', '10.0.0.5', true, false],
      [8, 1, 'host', 2, '8.8.4.4', '8.8.4.4', false, true],
      [9, 2, 'host', 2, '10.0.0.5', '10.0.0.5', true, false],
    ]);
    expect(await rows(`select host_id from host_ports`)).toEqual([{ host_id: 7 }]);
    expect(await rows(`select host_id from findings`)).toEqual([{ host_id: 7 }]);
  });

  it('turns scan targets into assets, merging a host target into the host a scan found at its address', async () => {
    const host = (await rows(`select name, description, created_at from assets where id = 7`))[0]!;
    expect([host.name, host.description, new Date(host.created_at as string).toISOString()]).toEqual([
      'Database',
      'Primary',
      '2025-12-02T00:00:00.000Z',
    ]);
    const made = await rows(`select kind, type, value, address, name from assets where id not in (7, 8, 9) order by id`);
    expect(made).toEqual([
      { kind: 'network', type: 1, value: '10.0.0.0/24', address: null, name: 'Office' },
      { kind: 'host', type: 2, value: 'web.example', address: null, name: '' },
      { kind: 'range', type: 1, value: '10.1.0.1-10.1.0.9', address: null, name: '' },
    ]);
  });

  it('points every scan at the new ids, in the order it had them', async () => {
    const ids = Object.fromEntries((await rows(`select id, value from assets`)).map((r) => [r.value, r.id]));
    const scans = await rows(`select id, target_ids from scans order by id`);
    expect(scans.map((s) => s.target_ids)).toEqual([[ids['10.1.0.1-10.1.0.9'], ids['10.0.0.0/24'], 7], [ids['web.example']]]);
  });

  it('drops scan_targets and continues the asset ids after the hosts', async () => {
    expect(await rows(`select to_regclass('scan_targets') as t`)).toEqual([{ t: null }]);
    const [next] = await rows(`insert into assets (customer_id, value) values (1, 'new.example') returning id`);
    expect(Number(next!.id)).toBeGreaterThan(9);
  });
});
