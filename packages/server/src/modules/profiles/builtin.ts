// The built-in network scan profiles (no customer, builtin): what they hold, and seeding them at every start so that
// they follow this file and the check catalogue. Users see and copy them; nobody edits them.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import { categoryId, COMMUNITY_CATEGORIES } from '@bulwark/scanner';
import type { Db } from '../../db/client.ts';
import { scanProfiles, type NetworkProfileFields } from '../../db/schema/index.ts';
import { catalogue } from '../catalogue/index.ts';

const EMPTY: NetworkProfileFields = DEFAULT_NETWORK_PROFILE;

export interface BuiltinProfile {
  name: string;
  description: string;
  fields: NetworkProfileFields;
}

/** The definitions; Discovery excludes every category the catalogue has, so it depends on the loaded templates. */
export async function builtinProfiles(): Promise<BuiltinProfile[]> {
  // With the community library's categories, synced or not, so a later sync adds nothing to Discovery.
  const categories = [...new Set([...(await catalogue()).categories.map((c) => c.id), ...COMMUNITY_CATEGORIES.map(categoryId)])].sort();
  return [
    {
      name: 'Discovery',
      description: 'Finds live hosts, the common service ports open on them and the services behind them. Runs no vulnerability checks.',
      fields: {
        ...EMPTY,
        standard_scan: false,
        ss_use_tcp: false,
        custom_tcp_range: '21-23,25,53,80,110,143,443,445,3389,8080',
        // Every category out: a discovery scan only inventories (the selection rule then selects no test).
        minus_categories: categories,
      },
    },
    {
      name: 'Standard',
      description:
        'The 1,000 standard TCP ports, the ports of the services Bulwark checks (Redis 6379, Elasticsearch 9200, MongoDB 27017 …) and the common UDP ports, with every safe vulnerability check; community web checks run where the technology they test was found.',
      fields: { ...EMPTY },
    },
    {
      name: 'Full TCP and common UDP',
      description: 'Every TCP port (1-65535) and the common UDP services, with every vulnerability check. Slow on large networks.',
      fields: {
        ...EMPTY,
        standard_scan: false,
        ss_use_tcp: false,
        custom_tcp_range: '1-65535',
        custom_udp_range: '53,67-69,123,137-138,161-162,500,514,520,1900,4500,5353',
      },
    },
  ];
}

/** Field by field: jsonb gives keys back in its own order, so whole-object text would always differ. */
function sameFields(a: NetworkProfileFields, b: NetworkProfileFields): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof NetworkProfileFields>;
  return [...keys].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** Any fixed number: serialises seeding between servers starting together on one database. */
const SEED_LOCK = 0x6275_6c77;

/** Inserts missing built-ins and brings changed ones up to date; idempotent (a second run changes nothing). */
export async function seedBuiltinProfiles(db: Db): Promise<{ inserted: number; updated: number }> {
  const wanted = await builtinProfiles();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx
      .select()
      .from(scanProfiles)
      .where(and(isNull(scanProfiles.customerId), eq(scanProfiles.type, 'nvt')));
    let inserted = 0;
    let updated = 0;
    for (const p of wanted) {
      const row = existing.find((r) => r.name.toLowerCase() === p.name.toLowerCase());
      if (!row) {
        await tx
          .insert(scanProfiles)
          .values({ customerId: null, type: 'nvt', builtin: true, name: p.name, description: p.description, fields: p.fields });
        inserted++;
      } else if (!row.builtin || row.description !== p.description || !sameFields(row.fields, p.fields)) {
        await tx
          .update(scanProfiles)
          .set({ builtin: true, description: p.description, fields: p.fields, modifiedAt: new Date() })
          .where(eq(scanProfiles.id, row.id));
        updated++;
      }
    }
    return { inserted, updated };
  });
}
