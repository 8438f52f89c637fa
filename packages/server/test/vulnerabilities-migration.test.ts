// Migration 0013 on every test database: existing network findings move into the issue model — one issue per weakness
// (a CVE id, or nvt-<test id>) per customer, with the facts of its latest finding and the open counts — and keep their
// history (the runs that saw them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/backends.ts';
import { migrationsBefore } from './helpers/migrations.ts';

describe.each(BACKENDS)('migration 0013 (unified vulnerabilities) on %s', (backend) => {
  let t: TestDatabase;
  const rows = async (text: string) => (await t.database.sql.executeSql(text)).rows;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    await t.database.migrate(migrationsBefore('0013_unified_vulnerabilities'));
    await t.database.sql.executeSql(`
      insert into customers (id, name) values (1, 'One'), (2, 'Two');
      insert into assets (id, customer_id, kind, type, value, address) values
        (7, 1, 'host', 2, '10.0.0.5', '10.0.0.5'), (8, 1, 'host', 2, '10.0.0.6', '10.0.0.6'), (9, 2, 'host', 2, '10.0.0.5', '10.0.0.5');
      insert into scans (id, customer_id, name) values (1, 1, 'Weekly');
      insert into scan_runs (id, customer_id, scan_id, name, targets, profile, status) values (11, 1, 1, 'Weekly', '[]', '{}', 2);
      insert into findings (id, customer_id, host_id, key, check_id, cve, cves, name, severity, confidence, state, risk_score, first_seen, last_seen)
      values
        (1, 1, 7, 'check:ssh-terrapin@22/tcp', 'ssh-terrapin', 'CVE-2023-48795', '["CVE-2023-48795"]', 'Terrapin (old name)', 2, 'confirmed', 1, 40, '2026-01-01', '2026-01-05'),
        (2, 1, 8, 'check:ssh-terrapin@22/tcp', 'ssh-terrapin', 'CVE-2023-48795', '["CVE-2023-48795"]', 'Terrapin', 2, 'confirmed', 0, 55, '2026-01-02', '2026-02-01'),
        (3, 1, 7, 'cve:CVE-2024-6387@22/tcp', null, 'CVE-2024-6387', '["CVE-2024-6387"]', 'regreSSHion', 4, 'potential', 3, 90, '2025-12-01', '2025-12-02'),
        (4, 2, 9, 'check:ssh-terrapin@22/tcp', 'ssh-terrapin', 'CVE-2023-48795', '["CVE-2023-48795"]', 'Terrapin', 2, 'confirmed', 1, 30, '2026-01-03', '2026-01-04');
      insert into scan_run_findings (run_id, finding_id, customer_id, state, severity, risk_score) values (11, 1, 1, 1, 2, 40);
    `);
    await t.database.migrate();
  });
  afterAll(() => t?.drop());

  it('makes one issue per weakness per customer, with its latest facts and open counts', async () => {
    const issues = await rows(
      `select customer_id, hid, kind, check_id, cve, name, severity, open_findings, open_assets, risk_score, first_seen, last_seen
       from issues order by customer_id, hid`,
    );
    expect(
      issues.map((i) => [i.customer_id, i.hid, i.kind, i.check_id, i.name, i.open_findings, i.open_assets, Number(i.risk_score)]),
    ).toEqual([
      [1, 'CVE-2024-6387', 1, null, 'regreSSHion', 0, 0, 0],
      [1, 'nvt-ssh-terrapin', 2, 'ssh-terrapin', 'Terrapin', 2, 2, 55],
      [2, 'nvt-ssh-terrapin', 2, 'ssh-terrapin', 'Terrapin', 1, 1, 30],
    ]);
    expect(new Date(issues[1]!.first_seen as string).toISOString()).toBe(new Date('2026-01-01').toISOString());
    expect(new Date(issues[1]!.last_seen as string).toISOString()).toBe(new Date('2026-02-01').toISOString());
  });

  it('points every finding at its issue, sets its kind, and keeps its history', async () => {
    const found = await rows(
      `select f.id, i.hid, i.customer_id, f.kind, f.ignore_kind, f.test_ignored from findings f join issues i on i.id = f.issue_id order by f.id`,
    );
    expect(found.map((f) => [f.id, f.hid, f.customer_id, f.kind, f.ignore_kind, f.test_ignored])).toEqual([
      [1, 'nvt-ssh-terrapin', 1, 2, null, false],
      [2, 'nvt-ssh-terrapin', 1, 2, null, false],
      [3, 'CVE-2024-6387', 1, 1, null, false],
      [4, 'nvt-ssh-terrapin', 2, 2, null, false],
    ]);
    expect(await rows(`select run_id, finding_id, state from scan_run_findings`)).toEqual([{ run_id: 11, finding_id: 1, state: 1 }]);
  });
});
