// Queries of the news feed: what a user sees (every customer's items and their own customer's, once shown), read
// marks, and the operators' list of announcements.
import { sql } from 'drizzle-orm';
import { NEWS_CATEGORY_LABELS, newsGroupOf, type Announcement, type NewsCategory, type NewsItem } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export interface Reader {
  userId: number;
  customerId: number;
}
type Row = Record<string, unknown>;

const visible = (r: Reader, now: Date) =>
  sql`(n.customer_id is null or n.customer_id = ${r.customerId}) and n.show_at <= ${now.toISOString()}::timestamptz`;

const iso = (v: unknown) => new Date(v as string).toISOString();

function toItem(r: Row, now: Date): NewsItem {
  const category = String(r.category) as NewsCategory;
  return {
    id: Number(r.id),
    category,
    category_label: NEWS_CATEGORY_LABELS[category] ?? category,
    title: String(r.title),
    body: String(r.body ?? ''),
    link: (r.link as string | null) ?? null,
    show_at: iso(r.show_at),
    source: r.source === 'bulwark' ? 'bulwark' : 'operator',
    group: newsGroupOf(iso(r.show_at), now),
    read: Boolean(r.read),
  };
}

/** A page of the reader's feed, newest first, with how many items they have not read. */
export async function newsFeed(db: Db, r: Reader, page: number, pageSize: number, now: Date) {
  const where = visible(r, now);
  const [rows, [counts]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select n.*, exists (select 1 from news_reads x where x.item_id = n.id and x.user_id = ${r.userId}) as read
          from news_items n where ${where} order by n.show_at desc, n.id desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ total: number; unread: number }>(
      db,
      sql`select count(*)::int as total,
                 count(*) filter (where not exists (select 1 from news_reads x where x.item_id = n.id and x.user_id = ${r.userId}))::int as unread
          from news_items n where ${where}`,
    ),
  ]);
  return { count: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0), rows: rows.map((x) => toItem(x, now)) };
}

/** Marks one item read; false when the reader cannot see it. */
export async function markRead(db: Db, r: Reader, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [item] = await queryRows<{ id: number }>(tx, sql`select n.id from news_items n where n.id = ${id} and ${visible(r, now)}`);
    if (!item) return false;
    await tx.execute(sql`insert into news_reads (user_id, item_id) values (${r.userId}, ${id}) on conflict do nothing`);
    return true;
  });
}

/** Marks every item the reader sees read; answers how many were unread. */
export async function markAllRead(db: Db, r: Reader, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ item_id: number }>(
      tx,
      sql`insert into news_reads (user_id, item_id) select ${r.userId}, n.id from news_items n where ${visible(r, now)}
          on conflict do nothing returning item_id`,
    );
    return rows.length;
  });
}

function toAnnouncement(r: Row): Announcement {
  const category = String(r.category) as NewsCategory;
  return {
    id: Number(r.id),
    category,
    category_label: NEWS_CATEGORY_LABELS[category] ?? category,
    title: String(r.title),
    body: String(r.body ?? ''),
    link: (r.link as string | null) ?? null,
    show_at: iso(r.show_at),
    source: r.source === 'bulwark' ? 'bulwark' : 'operator',
    customer: r.customer_id === null ? null : { id: Number(r.customer_id), name: String(r.customer_name ?? '') },
    created: iso(r.created_at),
  };
}

const ANNOUNCEMENT = sql`select n.*, c.name as customer_name from news_items n left join customers c on c.id = n.customer_id`;

/** Every item of the installation, newest first (operators). */
export async function listAnnouncements(db: Db, page: number, pageSize: number) {
  const [rows, [n]] = await Promise.all([
    queryRows<Row>(db, sql`${ANNOUNCEMENT} order by n.show_at desc, n.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from news_items`),
  ]);
  return { count: Number(n?.n ?? 0), rows: rows.map(toAnnouncement) };
}

export async function getAnnouncement(db: Db | Tx, id: number): Promise<Announcement | null> {
  const [row] = await queryRows<Row>(db, sql`${ANNOUNCEMENT} where n.id = ${id}`);
  return row ? toAnnouncement(row) : null;
}
