// What a recipient's behaviour in an assessment comes to: the target's and the recipient's phishing severity and the
// recipient asset's `pat` findings, recomputed after each human event in the caller's transaction.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { mergePatFindings } from '../../results/index.ts';
import { afterFindingsChanged } from '../../vulnerabilities/index.ts';
import { behaviourOf, PAT_ISSUES, patHid, submittedPassword, targetSeverity, trainingClosesFinding, type TargetFacts } from './severity.ts';
import { evidenceText } from './evidence.ts';

/** A recipient's severity is the highest of its targets sent within this many days (a year: people learn). */
export const RECIPIENT_SEVERITY_DAYS = 365;

type TargetRow = {
  id: number;
  recipient_id: number;
  asset_id: number;
  uuid: string;
  name: string;
  sent_at: string | Date | null;
  opened_at: string | Date | null;
  clicked_at: string | Date | null;
  submitted_at: string | Date | null;
  reported_at: string | Date | null;
  training_completed_at: string | Date | null;
  elsewhere: boolean;
};

const date = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

export async function settleTarget(tx: Tx, customerId: number, targetId: number, now: Date): Promise<void> {
  const [t] = await queryRows<TargetRow>(
    tx,
    sql`select t.id, t.recipient_id, r.asset_id, a.uuid::text as uuid, a.name, t.sent_at, t.opened_at, t.clicked_at,
               t.submitted_at, t.reported_at, t.training_completed_at,
               (t.submitted_at is not null and exists (
                  select 1 from fra_targets o
                  where o.customer_id = ${customerId} and o.recipient_id = t.recipient_id and o.id <> t.id
                    and o.submitted_at is not null
                    and o.submitted_at between t.submitted_at - interval '365 days' and t.submitted_at + interval '365 days'
               )) as elsewhere
        from fra_targets t
        join fra_assessments a on a.id = t.assessment_id
        join fra_recipients r on r.id = t.recipient_id
        where t.id = ${targetId} and t.customer_id = ${customerId}`,
  );
  if (!t) return;
  const events = await queryRows<{ kind: string; human: boolean; at: string | Date; details: Record<string, unknown> }>(
    tx,
    sql`select kind, human, at, details from fra_events where target_id = ${targetId} and customer_id = ${customerId} order by at, id`,
  );
  const facts: TargetFacts = {
    openedAt: date(t.opened_at),
    clickedAt: date(t.clicked_at),
    submittedAt: date(t.submitted_at),
    reportedAt: date(t.reported_at),
    trainingCompletedAt: date(t.training_completed_at),
    submittedPassword: events.some((e) => e.kind === 'submitted' && e.human && submittedPassword(e.details ?? {})),
    submittedElsewhereWithinYear: Boolean(t.elsewhere),
  };
  const severity = targetSeverity(facts);
  await tx.execute(sql`update fra_targets set severity = ${severity} where id = ${targetId} and customer_id = ${customerId}`);
  await tx.execute(sql`
    update fra_recipients r set severity = coalesce((
      select max(o.severity) from fra_targets o join fra_assessments a on a.id = o.assessment_id
      where o.recipient_id = r.id and o.customer_id = ${customerId}
        and coalesce(o.sent_at, a.started_at, a.created_at) >= ${now.toISOString()}::timestamptz - make_interval(days => ${RECIPIENT_SEVERITY_DAYS})
    ), 0)
    where r.id = ${t.recipient_id} and r.customer_id = ${customerId}`);

  const behaviour = behaviourOf(facts);
  if (behaviour === null) return;
  const key = `pat:${t.uuid}`;
  const issue = PAT_ISSUES[behaviour];
  const closes = trainingClosesFinding(facts);
  // A finding the training already closed stays as it closed (its time); one never opened is opened, then closed.
  const [had] = await queryRows<{ id: number }>(
    tx,
    sql`select id from findings where customer_id = ${customerId} and host_id = ${t.asset_id} and key = ${key}`,
  );
  await mergePatFindings(
    tx,
    customerId,
    now,
    closes && had
      ? []
      : [
          {
            assetId: Number(t.asset_id),
            key,
            hid: patHid(behaviour),
            name: issue.name,
            severity,
            description: `${issue.description}\n\nAssessment: ${t.name}.`,
            solution: issue.solution,
            evidence: evidenceText(t.name, facts, events),
          },
        ],
    closes ? [{ assetId: Number(t.asset_id), key }] : [],
  );
  await afterFindingsChanged(tx, customerId, [Number(t.asset_id)]);
}
