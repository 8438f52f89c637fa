// Whom an assessment goes to: the active recipients listed, tagged with any of the tags, or in any of the departments.
// One query over the customer's recipients: each branch uses an index (the primary key, asset_tags by tag, the
// department index), and a recipient named twice comes once.
import { sql } from 'drizzle-orm';
import type { RecipientSelection } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, queryRows, textArray } from '../../db/rows.ts';

export interface SelectedRecipient {
  id: number;
  assetId: number;
  email: string;
  firstName: string;
  lastName: string;
  department: string;
  jobTitle: string;
  language: string;
}

/** The customer's active recipients the selection names (each once, ordered by id). */
export async function selectRecipients(db: Db | Tx, customerId: number, selection: RecipientSelection): Promise<SelectedRecipient[]> {
  const branches = [];
  if (selection.recipients.length)
    branches.push(sql`select id from fra_recipients where customer_id = ${customerId} and id = any(${intArray(selection.recipients)})`);
  if (selection.tags.length)
    branches.push(sql`select r.id from asset_tags t join fra_recipients r on r.asset_id = t.asset_id
                      where t.customer_id = ${customerId} and t.tag_id = any(${intArray(selection.tags)}) and r.customer_id = ${customerId}`);
  if (selection.departments.length)
    branches.push(
      sql`select id from fra_recipients where customer_id = ${customerId} and department = any(${textArray(selection.departments)})`,
    );
  if (branches.length === 0) return [];
  const rows = await queryRows<{
    id: number;
    asset_id: number;
    email: string;
    first_name: string;
    last_name: string;
    department: string;
    job_title: string;
    language: string;
  }>(
    db,
    sql`select r.id, r.asset_id, r.email, r.first_name, r.last_name, r.department, r.job_title, r.language
        from fra_recipients r where r.customer_id = ${customerId} and r.active
          and r.id in (${sql.join(branches, sql` union `)})
        order by r.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    assetId: Number(r.asset_id),
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    department: r.department,
    jobTitle: r.job_title,
    language: r.language,
  }));
}
