// The OWASP top 10 widget (display "owasp pie 6"): the caller's open web findings that count, by OWASP Top 10 (2021)
// category, within their asset scope (a LIMITED team member sees their assets' findings only).
import { sql } from 'drizzle-orm';
import { OWASP_2021_IDS, OWASP_2021_LABELS, type WidgetData } from '@bulwark/core';
import { queryRows } from '../../db/rows.ts';
import { matchingFindings } from '../vulnerabilities/index.ts';
import type { Db } from '../../db/client.ts';
import type { AssetScope } from '../../tenancy/visibility.ts';

const VULNS = '/vm/unified-vulnerabilities';

export async function owaspTopTen(c: { db: Db; scope: AssetScope; now: Date }): Promise<Extract<WidgetData, { kind: 'owasp_top_10' }>> {
  const rows = await queryRows<{ owasp: string | null; n: number }>(
    c.db,
    sql`select f.owasp, count(*)::int as n ${matchingFindings(c.scope, { source: ['web'] }, c.now)} group by f.owasp`,
  );
  const byId = new Map(rows.map((r) => [r.owasp, Number(r.n)]));
  const categories = OWASP_2021_IDS.map((id) => ({
    id,
    label: OWASP_2021_LABELS[id],
    count: byId.get(id) ?? 0,
    link: `${VULNS}?source=web&owasp=${encodeURIComponent(id)}`,
  }));
  const total = rows.reduce((n, r) => n + Number(r.n), 0);
  const uncategorised = total - categories.reduce((n, x) => n + x.count, 0);
  const message =
    total === 0
      ? 'No open web-application findings: the OWASP top 10 fills in as web scans find them.'
      : `${total} open web-application finding${total === 1 ? '' : 's'}.`;
  return { kind: 'owasp_top_10', categories, total, uncategorised, message, link: `${VULNS}?source=web` };
}
