// The rules of the news feed: operators write announcements (for every customer or one, shown now or from a later
// moment), and Bulwark posts its own item when CISA newly lists as exploited a CVE that is open on a customer's assets
// — once per customer and CVE, after each feed import or sync.
import { sql } from 'drizzle-orm';
import type { Announcement, announcementInput } from '@bulwark/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { getAnnouncement } from './repo.ts';

type Input = z.output<typeof announcementInput>;

/** KEV entries added within this many days are news; older ones were news before Bulwark looked. */
export const KEV_NEWS_DAYS = 30;

async function customerExists(db: Db, id: number | null): Promise<void> {
  if (id === null) return;
  const [row] = await queryRows(db, sql`select 1 from customers where id = ${id}`);
  if (!row) throw badRequest({ customer: ['No such customer.'] });
}

export async function createAnnouncement(db: Db, userId: number, input: Input, now: Date): Promise<Announcement> {
  await customerExists(db, input.customer);
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into news_items (customer_id, category, title, body, link, show_at, source, created_by)
          values (${input.customer}, ${input.category}, ${input.title}, ${input.body}, ${input.link},
                  ${(input.show_at ? new Date(input.show_at) : now).toISOString()}::timestamptz, 'operator', ${userId})
          returning id`,
    );
    return Number(row!.id);
  });
  return (await getAnnouncement(db, id))!;
}

export async function updateAnnouncement(db: Db, id: number, input: Input, now: Date): Promise<Announcement> {
  await customerExists(db, input.customer);
  const changed = await db.transaction(async (tx) =>
    queryRows(
      tx,
      sql`update news_items set customer_id = ${input.customer}, category = ${input.category}, title = ${input.title},
                 body = ${input.body}, link = ${input.link},
                 show_at = ${(input.show_at ? new Date(input.show_at) : now).toISOString()}::timestamptz
          where id = ${id} returning id`,
    ),
  );
  if (changed.length === 0) throw notFound();
  return (await getAnnouncement(db, id))!;
}

export async function deleteAnnouncement(db: Db, id: number): Promise<void> {
  const gone = await db.transaction(async (tx) => queryRows(tx, sql`delete from news_items where id = ${id} returning id`));
  if (gone.length === 0) throw notFound();
}

/**
 * Posts "newly known exploited" items: for every customer with an open finding of a CVE that CISA added to KEV within
 * KEV_NEWS_DAYS of `now`, one security item per CVE (never twice), linking to that vulnerability. Answers how many.
 */
export async function announceNewlyExploited(db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - KEV_NEWS_DAYS * 86_400_000).toISOString().slice(0, 10);
  const hits = await queryRows<{
    customer_id: number;
    cve: string;
    assets: number;
    date_added: string;
    name: string | null;
    ransomware: boolean;
  }>(
    db,
    sql`select f.customer_id, k.cve_id as cve, count(distinct f.host_id)::int as assets, k.date_added::text as date_added,
               min(k.record->>'vulnerabilityName') as name, bool_or(k.ransomware) as ransomware
        from intel_kev k
        join findings f on f.cves @> jsonb_build_array(k.cve_id) and f.state <> 3
        where k.date_added >= ${since}::date
          and not exists (select 1 from news_items n where n.customer_id = f.customer_id and n.key = 'kev:' || k.cve_id)
        group by f.customer_id, k.cve_id, k.date_added`,
  );
  if (hits.length === 0) return 0;
  const items = hits.map((h) => ({
    customer_id: Number(h.customer_id),
    key: `kev:${h.cve}`,
    title: `${h.cve} is now known to be exploited`,
    body:
      `CISA added ${h.cve}${h.name ? ` (${h.name})` : ''} to its Known Exploited Vulnerabilities catalogue on ${h.date_added}` +
      `${h.ransomware ? ', and it is known to be used by ransomware' : ''}. It is open on ${h.assets} of your assets: fix it first.`,
    // The findings that name it, whichever test or version match found them.
    link: `/vm/unified-vulnerabilities?group=asset&cve=${encodeURIComponent(h.cve)}`,
  }));
  return db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`insert into news_items (customer_id, category, title, body, link, show_at, source, key)
          select x.customer_id, 'security', x.title, x.body, x.link, ${now.toISOString()}::timestamptz, 'bulwark', x.key
          from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(customer_id int, key text, title text, body text, link text)
          on conflict (customer_id, key) do nothing returning id`,
    );
    return rows.length;
  });
}
