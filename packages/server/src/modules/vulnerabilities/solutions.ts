// An asset's open, counted findings grouped by the fix (issue 26). A finding's solution's first line is the action
// ("Upgrade openssh-server to 1:9.2p1-2+deb12u3 or later (Debian 12 bookworm)."); upgrades of the same package on the
// same release are one group, whose version is the highest any of its findings needs (that one fixes them all).
import { sql } from 'drizzle-orm';
import { compareDpkg, compareGeneric } from '@bulwark/intel';
import type { AssetSolution, AssetSolutions } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

export interface SolutionRow {
  hid: string;
  name: string;
  severity: number;
  riskScore: number;
  solution: string | null;
}

const UPGRADE = /^Upgrade (\S+) to (\S+) or later( \(.+\))?\.$/;

/** The version order of an upgrade: dpkg's for a distribution revision, the generic one otherwise. */
const compare = (a: string, b: string, distro: boolean): number => {
  try {
    return distro ? compareDpkg(a, b) : compareGeneric(a, b);
  } catch {
    return a.localeCompare(b);
  }
};

/** Groups findings by fix, the riskiest group first; findings without a solution are counted apart. */
export function groupBySolution(rows: readonly SolutionRow[]): AssetSolutions {
  const groups = new Map<string, { version: string | null; text: string; rows: SolutionRow[]; distro: boolean }>();
  let without = 0;
  for (const r of rows) {
    const first = r.solution?.split('\n')[0]?.trim();
    if (!first) {
      without++;
      continue;
    }
    const upgrade = UPGRADE.exec(first);
    const key = upgrade ? `upgrade\u0000${upgrade[1]}\u0000${upgrade[3] ?? ''}` : `text\u0000${first}`;
    const g = groups.get(key) ?? { version: upgrade?.[2] ?? null, text: first, rows: [], distro: Boolean(upgrade?.[3]) };
    if (upgrade && g.version !== null && compare(upgrade[2]!, g.version, g.distro) > 0) {
      g.version = upgrade[2]!;
      g.text = first;
    }
    g.rows.push(r);
    groups.set(key, g);
  }
  const results = [...groups.values()].map((g): AssetSolution => {
    const byHid = new Map<string, SolutionRow>();
    for (const r of g.rows) {
      const had = byHid.get(r.hid);
      if (!had || r.riskScore > had.riskScore) byHid.set(r.hid, r);
    }
    const fixes = [...byHid.values()]
      .sort((a, b) => b.riskScore - a.riskScore || b.severity - a.severity || a.hid.localeCompare(b.hid))
      .map((r) => ({ hid: r.hid, name: r.name, severity: r.severity, risk_score: r.riskScore }));
    return {
      solution: g.text,
      fixes,
      findings: g.rows.length,
      severity: Math.max(...g.rows.map((r) => r.severity)),
      risk_score: Math.max(...g.rows.map((r) => r.riskScore)),
    };
  });
  results.sort((a, b) => b.risk_score - a.risk_score || b.severity - a.severity || a.solution.localeCompare(b.solution));
  return { results, without_solution: without };
}

/** The asset within the scope (null: unknown, another customer's, or outside a LIMITED team's tags). */
export async function assetInScope(db: Db, scope: AssetScope, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from assets a where a.id = ${id} and a.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')}`,
  );
  return rows.length > 0;
}

/** The asset's open findings that count, grouped by the fix. */
export async function assetSolutions(db: Db, scope: AssetScope, id: number): Promise<AssetSolutions> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select i.hid, f.name, f.severity, f.risk_score, coalesce(f.solution, i.solution) as solution
        from findings f join issues i on i.id = f.issue_id
        where f.customer_id = ${scope.customerId} and f.host_id = ${id} and f.state <> 3
          and f.ignore_kind is null and not f.test_ignored`,
  );
  return groupBySolution(
    rows.map((r) => ({
      hid: String(r.hid),
      name: String(r.name),
      severity: Number(r.severity),
      riskScore: Number(r.risk_score),
      solution: (r.solution as string | null) ?? null,
    })),
  );
}
