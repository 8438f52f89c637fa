// Phishing domains and their categories (fra/domains/, fra/domain-categories/): the sender and landing-page domains an
// assessment uses, grouped by category; names unique per customer (400 on `name`), a domain's category the customer's
// own (400 on `category`), the last DNS check kept on the row. Domains are not assets: the permission alone decides.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Domain, domainCategory, DomainDnsCheck, domainInput, DomainPurpose } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern, queryRows } from '../../db/rows.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { isId } from './read-model.ts';

export const DUPLICATE_DOMAIN = 'A domain with this name already exists.';
export const DUPLICATE_CATEGORY = 'A category with this name already exists.';
export type DomainValues = z.output<typeof domainInput>;
type DomainCategory = z.output<typeof domainCategory>;

interface DomainRow extends Record<string, unknown> {
  id: number;
  name: string;
  category_id: number | null;
  category_name: string | null;
  purpose: string;
  dkim_selector: string;
  dns: DomainDnsCheck | string | null;
  created_at: string | Date;
}

const DOMAIN_COLUMNS = sql`d.id, d.name, d.category_id, c.name as category_name, d.purpose, d.dkim_selector, d.dns, d.created_at`;
const DOMAIN_FROM = sql`fra_domains d left join fra_domain_categories c on c.id = d.category_id`;

const toDomain = (r: DomainRow): Domain => ({
  id: Number(r.id),
  name: r.name,
  category: r.category_id === null ? null : { id: Number(r.category_id), name: r.category_name ?? '' },
  purpose: r.purpose as DomainPurpose,
  dkim_selector: r.dkim_selector,
  dns: typeof r.dns === 'string' ? (JSON.parse(r.dns) as DomainDnsCheck) : r.dns,
  created: new Date(r.created_at).toISOString(),
});

export const DOMAIN_ORDERING = ['name', 'created'] as const;

export async function listDomains(
  db: Db,
  customerId: number,
  o: {
    page: number;
    pageSize: number;
    search?: string;
    category?: number;
    purpose?: DomainPurpose;
    ordering: 'name' | 'created';
    descending: boolean;
  },
): Promise<{ count: number; results: Domain[] }> {
  const where = sql.join(
    [
      sql`d.customer_id = ${customerId}`,
      o.search ? sql`d.name ilike ${containsPattern(o.search)}` : sql`true`,
      o.category === undefined ? sql`true` : sql`d.category_id = ${o.category}`,
      // A domain for both purposes serves either.
      o.purpose === undefined ? sql`true` : sql`d.purpose in (${o.purpose}, 'both')`,
    ],
    sql` and `,
  );
  const dir = sql.raw(o.descending ? 'desc' : 'asc');
  const order = sql.raw(o.ordering === 'name' ? 'd.name' : 'd.created_at');
  const [rows, [n]] = await Promise.all([
    queryRows<DomainRow>(
      db,
      sql`select ${DOMAIN_COLUMNS} from ${DOMAIN_FROM} where ${where} order by ${order} ${dir}, d.id ${dir}
          limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from fra_domains d where ${where}`),
  ]);
  return { count: Number(n?.n ?? 0), results: rows.map(toDomain) };
}

export async function getDomain(db: Db | Tx, customerId: number, id: number): Promise<Domain | null> {
  if (!isId(id)) return null;
  const [row] = await queryRows<DomainRow>(
    db,
    sql`select ${DOMAIN_COLUMNS} from ${DOMAIN_FROM} where d.id = ${id} and d.customer_id = ${customerId}`,
  );
  return row ? toDomain(row) : null;
}

export async function saveDomain(db: Db, customerId: number, v: DomainValues, userId: number, id?: number): Promise<Domain> {
  try {
    return await db.transaction(async (tx) => {
      if (v.category !== null) {
        const [c] = await queryRows(tx, sql`select 1 from fra_domain_categories where id = ${v.category} and customer_id = ${customerId}`);
        if (!c) throw badRequest({ category: [`No category with id ${v.category}.`] });
      }
      const [taken] = await queryRows(
        tx,
        sql`select 1 from fra_domains where customer_id = ${customerId} and name = ${v.name} and id <> ${id ?? 0}`,
      );
      if (taken) throw badRequest({ name: [DUPLICATE_DOMAIN] });
      let domainId = id;
      if (id === undefined) {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into fra_domains (customer_id, name, category_id, purpose, dkim_selector, created_by)
              values (${customerId}, ${v.name}, ${v.category}, ${v.purpose}, ${v.dkim_selector}, ${userId}) returning id`,
        );
        domainId = Number(row!.id);
      } else {
        // A new name or selector makes the last check say nothing about it: it is cleared.
        const [row] = await queryRows(
          tx,
          sql`update fra_domains set category_id = ${v.category}, purpose = ${v.purpose},
                dns = case when name = ${v.name} and dkim_selector = ${v.dkim_selector} then dns else null end,
                name = ${v.name}, dkim_selector = ${v.dkim_selector}
              where id = ${id} and customer_id = ${customerId} returning id`,
        );
        if (!row) throw notFound();
      }
      return (await getDomain(tx, customerId, domainId!))!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest({ name: [DUPLICATE_DOMAIN] });
    throw e;
  }
}

export async function storeDnsCheck(db: Db, customerId: number, id: number, dns: DomainDnsCheck): Promise<Domain | null> {
  await db.execute(sql`update fra_domains set dns = ${JSON.stringify(dns)}::jsonb where id = ${id} and customer_id = ${customerId}`);
  return getDomain(db, customerId, id);
}

export async function deleteDomain(db: Db, customerId: number, id: number): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await queryRows(db, sql`delete from fra_domains where id = ${id} and customer_id = ${customerId} returning id`);
  return rows.length > 0;
}

// ——— Categories ———

const CATEGORY = sql`c.id, c.name, (select count(*)::int from fra_domains d where d.category_id = c.id) as domains`;
const toCategory = (r: { id: number; name: string; domains: number }): DomainCategory => ({
  id: Number(r.id),
  name: r.name,
  domains: Number(r.domains),
});

export async function listCategories(db: Db, customerId: number, o: { page: number; pageSize: number; search?: string }) {
  const where = sql`c.customer_id = ${customerId} and ${o.search ? sql`c.name ilike ${containsPattern(o.search)}` : sql`true`}`;
  const [rows, [n]] = await Promise.all([
    queryRows<{ id: number; name: string; domains: number }>(
      db,
      sql`select ${CATEGORY} from fra_domain_categories c where ${where} order by lower(c.name), c.id
          limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from fra_domain_categories c where ${where}`),
  ]);
  return { count: Number(n?.n ?? 0), results: rows.map(toCategory) };
}

export async function getCategory(db: Db | Tx, customerId: number, id: number): Promise<DomainCategory | null> {
  if (!isId(id)) return null;
  const [row] = await queryRows<{ id: number; name: string; domains: number }>(
    db,
    sql`select ${CATEGORY} from fra_domain_categories c where c.id = ${id} and c.customer_id = ${customerId}`,
  );
  return row ? toCategory(row) : null;
}

export async function saveCategory(db: Db, customerId: number, name: string, id?: number): Promise<DomainCategory> {
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await queryRows(
        tx,
        sql`select 1 from fra_domain_categories where customer_id = ${customerId} and lower(name) = lower(${name}) and id <> ${id ?? 0}`,
      );
      if (taken) throw badRequest({ name: [DUPLICATE_CATEGORY] });
      const [row] = await queryRows<{ id: number }>(
        tx,
        id === undefined
          ? sql`insert into fra_domain_categories (customer_id, name) values (${customerId}, ${name}) returning id`
          : sql`update fra_domain_categories set name = ${name} where id = ${id} and customer_id = ${customerId} returning id`,
      );
      if (!row) throw notFound();
      return (await getCategory(tx, customerId, Number(row.id)))!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest({ name: [DUPLICATE_CATEGORY] });
    throw e;
  }
}

/** Deletes a category; its domains stay, without a category. */
export async function deleteCategory(db: Db, customerId: number, id: number): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await queryRows(db, sql`delete from fra_domain_categories where id = ${id} and customer_id = ${customerId} returning id`);
  return rows.length > 0;
}
