// The vulnerability CSV export's text columns (issue 26): a finding's description, solution and evidence (the issue's
// when the finding has none), read for a batch of exported findings at a time, beside the list's own columns.
import { sql } from 'drizzle-orm';
import type { Vulnerability } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';

export interface FindingText {
  description: string;
  solution: string;
  evidence: string;
  cwes: string;
}

const NONE: FindingText = { description: '', solution: '', evidence: '', cwes: '' };

/** The findings with their texts, in the order given, reading the texts of `batch` findings per query. */
export async function* withFindingText(
  db: Db,
  customerId: number,
  findings: AsyncIterable<Vulnerability>,
  batch = 500,
): AsyncGenerator<[Vulnerability, FindingText]> {
  let pending: Vulnerability[] = [];
  async function* flush() {
    const rows = await queryRows<{
      id: number;
      description: string | null;
      solution: string | null;
      evidence: string | null;
      cwes: unknown;
    }>(
      db,
      sql`select f.id, coalesce(f.description, i.description) as description, coalesce(f.solution, i.solution) as solution,
                 f.evidence, case when f.cwes = '[]'::jsonb then i.cwes else f.cwes end as cwes
          from findings f left join issues i on i.id = f.issue_id
          where f.customer_id = ${customerId} and f.id = any(${intArray(pending.map((v) => v.id))})`,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const v of pending) {
      const r = byId.get(v.id);
      yield [
        v,
        r
          ? {
              description: r.description ?? '',
              solution: r.solution ?? '',
              evidence: r.evidence ?? '',
              cwes: Array.isArray(r.cwes) ? (r.cwes as string[]).join(' ') : '',
            }
          : NONE,
      ] as [Vulnerability, FindingText];
    }
    pending = [];
  }
  for await (const v of findings) {
    pending.push(v);
    if (pending.length >= batch) yield* flush();
  }
  if (pending.length) yield* flush();
}
