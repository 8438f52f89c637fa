// The data of a phishing recipients report (scope pat_recipients): each active recipient the caller may see, with its
// phishing severity, its latest assessment and how often the person clicked, submitted data, reported and completed
// the training — people's first times only (machine requests never count), never a value anyone typed.
import { sql } from 'drizzle-orm';
import type { ReportData } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

/** Recipients listed in the report's data (worst first); the CSV lists the pat findings, as for every scope. */
export const PAT_REPORT_RECIPIENTS = 5000;

type Row = Record<string, unknown>;

export async function patRecipientsOf(db: Db, scope: AssetScope): Promise<NonNullable<ReportData['phishing']>> {
  const rows = await queryRows<Row>(
    db,
    sql`select r.id, r.email, r.first_name, r.last_name, r.department, r.severity,
               count(t.id)::int as assessments,
               (select a2.name from fra_targets t2 join fra_assessments a2 on a2.id = t2.assessment_id
                where t2.recipient_id = r.id order by coalesce(t2.sent_at, a2.created_at) desc, t2.id desc limit 1) as last_assessment,
               max(t.sent_at) as last_sent,
               count(t.clicked_at)::int as clicked, count(t.submitted_at)::int as submitted,
               count(t.reported_at)::int as reported, count(t.training_completed_at)::int as trainings_completed
        from fra_recipients r join assets a on a.id = r.asset_id
        left join fra_targets t on t.recipient_id = r.id and t.customer_id = r.customer_id
        where r.customer_id = ${scope.customerId} and r.active and ${scopeCondition(scope, 'a')}
        group by r.id
        order by r.severity desc, r.email
        limit ${PAT_REPORT_RECIPIENTS}`,
  );
  const [counts] = await queryRows<Row>(
    db,
    sql`select ${sql.join(
      [0, 1, 2, 3, 4].map((n) => sql`count(*) filter (where r.severity = ${n})::int as ${sql.raw(`s${n}`)}`),
      sql`, `,
    )}
        from fra_recipients r join assets a on a.id = r.asset_id
        where r.customer_id = ${scope.customerId} and r.active and ${scopeCondition(scope, 'a')}`,
  );
  return {
    by_severity: [0, 1, 2, 3, 4].map((n) => Number(counts?.[`s${n}`] ?? 0)),
    recipients: rows.map((r) => ({
      id: Number(r.id),
      email: String(r.email),
      name: `${String(r.first_name)} ${String(r.last_name)}`.trim() || String(r.email),
      department: String(r.department),
      severity: Number(r.severity),
      assessments: Number(r.assessments),
      last_assessment: r.last_assessment === null ? null : String(r.last_assessment),
      last_sent: r.last_sent === null ? null : new Date(r.last_sent as string).toISOString(),
      clicked: Number(r.clicked),
      submitted: Number(r.submitted),
      reported: Number(r.reported),
      trainings_completed: Number(r.trainings_completed),
    })),
  };
}
