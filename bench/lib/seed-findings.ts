// Seeds a bench database with customer 1's findings: `assets` hosts (each with one or two of 20 tags), `issues` issues
// and about `findings` findings spread over them (a tenth closed, risk following severity), then analyses the tables.
import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.ts';

export async function seedFindings(db: Db, o: { findings: number; assets: number; issues: number }): Promise<void> {
  await db.execute(sql`
      insert into assets (customer_id, kind, type, value, address, first_seen, last_seen)
      select 1, 'host', 2, a, a, now() - interval '90 days', now()
      from (select '10.' || (i >> 16) || '.' || ((i >> 8) & 255) || '.' || (i & 255) as a from generate_series(0, ${o.assets - 1}) i) x`);
  await db.execute(sql`insert into tags (customer_id, name) select 1, 'Tag ' || i from generate_series(0, 19) i`);
  // Every asset carries one or two of the 20 tags.
  await db.execute(sql`
      insert into asset_tags (customer_id, asset_id, tag_id)
      select 1, a.id, t.id from assets a join tags t on t.name = 'Tag ' || (a.id % 20)
      union
      select 1, a.id, t.id from assets a join tags t on t.name = 'Tag ' || ((a.id * 7) % 20) where a.id % 3 = 0`);
  await db.execute(sql`
      insert into issues (customer_id, hid, source, kind, check_id, name, severity, cvss, epss, exploit_known, first_seen, last_seen)
      select 1, 'nvt-bench-' || i, 'network', 2, 'bench-' || i, 'Bench weakness ' || i, i % 5, (i % 100) / 10.0,
             (i % 1000) / 1000.0, i % 50 = 0, now() - interval '60 days', now()
      from generate_series(1, ${o.issues}) i`);
  // Each asset gets o.findings / o.assets findings of distinct issues; risk follows severity with a spread.
  const perAsset = Math.max(1, Math.round(o.findings / o.assets));
  await db.execute(sql`
      insert into findings (customer_id, host_id, key, source, check_id, cves, port, protocol, name, severity, confidence, state,
                            cvss, epss, exploit_known, risk_score, first_seen, last_seen, issue_id, kind)
      select 1, a.id, 'check:bench-' || i.id || '@' || (case when (a.id * ${perAsset} + k) % 62 = 0 then 8443 else 22 end) || '/tcp',
             'network', i.check_id, '[]'::jsonb,
             case when (a.id * ${perAsset} + k) % 62 = 0 then 8443 else 22 end, 0, i.name, i.severity, 'confirmed',
             case when (a.id + k) % 10 = 0 then 3 else (a.id + k) % 3 end,
             i.cvss, i.epss, i.exploit_known,
             least(100, i.severity * 20 + ((a.id * 31 + k * 17) % 25)), now() - interval '30 days', now(), i.id, 2
      from assets a cross join generate_series(0, ${perAsset - 1}) k
      join issues i on i.id = ((a.id * 7919 + k * 104729) % ${o.issues}) + 1`);
  await db.execute(sql`
      update issues i set risk_score = s.risk, open_findings = s.n, open_assets = s.n
      from (select issue_id, max(risk_score) as risk, count(*)::int as n from findings where state <> 3 group by issue_id) s
      where s.issue_id = i.id`);
  await db.execute(sql`analyze`);
}
