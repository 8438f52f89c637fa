// Migration 0024 on every test database: existing findings get their quality of detection from how they were decided —
// active checks 95, packages and policy rules 97, a distribution revision or an upstream banner 80, an upstream version
// behind a distribution banner (said by the evidence) 30 — and customers the default minimum 70.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/backends.ts';
import { migrationsBefore } from './helpers/migrations.ts';

describe.each(BACKENDS)('migration 0024 (quality of detection) on %s', (backend) => {
  let t: TestDatabase;
  const rows = async (text: string) => (await t.database.sql.executeSql(text)).rows;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    await t.database.migrate(migrationsBefore('0024_qod'));
    const finding = (id: number, key: string, detection: string | null, matchedBy: string, evidence: string) =>
      `(${id}, 1, 7, '${key}', 'n', 2, 'potential', 0, '2026-01-01', '2026-01-02', ${detection === null ? 'null' : `'${detection}'`}, '${matchedBy}', E'${evidence}')`;
    await t.database.sql.executeSql(`
      insert into customers (id, name) values (1, 'One');
      insert into assets (id, customer_id, kind, type, value, address) values (7, 1, 'host', 2, '10.0.0.5', '10.0.0.5');
      insert into findings (id, customer_id, host_id, key, name, severity, confidence, state, first_seen, last_seen, detection, matched_by, evidence)
      values
        ${[
          finding(1, 'check:a', 'active-check', 'check', ''),
          finding(2, 'check:b', null, 'check', ''),
          finding(3, 'pkg:openssh:CVE-1', 'package-list', 'package', ''),
          finding(4, 'policy:r1', 'policy-rule', 'policy', ''),
          finding(5, 'cve:CVE-2', 'distro-revision', 'cpe', ''),
          finding(6, 'cve:CVE-3', 'service-version', 'cpe', 'OpenSSH 9.2p1 on 22/tcp\\nBanner: SSH-2.0-OpenSSH_9.2p1'),
          finding(
            7,
            'cve:CVE-4',
            'service-version',
            'cpe',
            'OpenSSH 9.2p1 on 22/tcp\\nBanner: SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10\\nDebian bookworm openssh 9.2p1-2+deb12u10: no Debian record of CVE-4 in this package; decided on the upstream version alone.',
          ),
          finding(8, 'cve:CVE-5', 'service-version', 'cpe', 'Apache httpd 2.4.62 on 80/tcp\\nBanner: Apache/2.4.62 (Debian)'),
        ].join(',\n')};
    `);
    await t.database.migrate();
  });
  afterAll(() => t?.drop());

  it('gives each finding the QoD of its detection', async () => {
    const found = await rows(`select id, qod from findings order by id`);
    expect(found.map((f) => [Number(f.id), Number(f.qod)])).toEqual([
      [1, 95],
      [2, 95],
      [3, 97],
      [4, 97],
      [5, 80],
      [6, 80],
      [7, 30],
      [8, 30],
    ]);
  });

  it('gives customers the default minimum of 70', async () => {
    expect((await rows(`select min_qod from customers`)).map((c) => Number(c.min_qod))).toEqual([70]);
  });
});
