// The "recipients by severity" widget: active phishing recipients per phishing severity (neutral 0 … critical 4, kept
// by the assessment results), within the caller's asset scope (a LIMITED member counts only recipients whose asset
// carries one of the team's tags). Each segment opens the recipient list filtered to that severity.
import { sql } from 'drizzle-orm';
import { PHISHING_SEVERITY_LABELS, type PhishingSeverity, type WidgetData } from '@bulwark/core';
import { queryRows } from '../../db/rows.ts';
import type { Db } from '../../db/client.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

const SEVERITIES: PhishingSeverity[] = [0, 1, 2, 3, 4];

export async function recipientsBySeverity(c: {
  db: Db;
  scope: AssetScope;
}): Promise<Extract<WidgetData, { kind: 'recipients_by_severity' }>> {
  const rows = await queryRows<{ severity: number; n: number }>(
    c.db,
    sql`select r.severity, count(*)::int as n from fra_recipients r join assets a on a.id = r.asset_id
        where r.customer_id = ${c.scope.customerId} and r.active and ${scopeCondition(c.scope, 'a')}
        group by r.severity`,
  );
  const count = new Map(rows.map((r) => [Number(r.severity), Number(r.n)]));
  const total = rows.reduce((s, r) => s + Number(r.n), 0);
  const kind = 'recipients_by_severity' as const;
  if (total === 0)
    return { kind, available: false, message: 'No recipients yet: add or import them under Phishing and training, Recipients.' };
  const atRisk = (count.get(3) ?? 0) + (count.get(4) ?? 0);
  return {
    kind,
    available: true,
    message: `${total} recipients, ${atRisk} at high or critical severity.`,
    total,
    severities: SEVERITIES.map((s) => ({
      severity: s,
      label: PHISHING_SEVERITY_LABELS[s],
      count: count.get(s) ?? 0,
      link: `/fra/recipients?severity=${s}`,
    })),
  };
}
