// The built-in web scan profiles (no customer, builtin): "Standard" (every test, the browser crawl on) and "Quick
// (passive only)" (no payloads, no browser), seeded at every start so that they follow this file.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_WEB_PROFILE, type WebProfileSettings } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { scanProfiles, type NetworkProfileFields } from '../../db/schema/index.ts';

export interface BuiltinWebProfile {
  name: string;
  description: string;
  fields: WebProfileSettings;
}

export const BUILTIN_WEB_PROFILES: readonly BuiltinWebProfile[] = [
  {
    name: 'Standard',
    description:
      'Crawls the application (links, forms, robots.txt, sitemap.xml, scripts) and with the headless browser, then runs every web test, active and passive. Never submits what destroys state (logout, delete, reset …).',
    fields: { ...DEFAULT_WEB_PROFILE },
  },
  {
    name: 'Quick (passive only)',
    description:
      'Crawls without the browser and runs only the passive tests on what the crawl fetched (headers, cookies, information disclosure, sensitive content): no payload is sent.',
    fields: { ...DEFAULT_WEB_PROFILE, passive_only: true, browser: false, max_urls: 500, max_duration: 15 },
  },
];

/** Any fixed number, not the network profiles' one: serialises seeding between servers starting together. */
const SEED_LOCK = 0x6275_6c78;

const same = (a: unknown, b: unknown): boolean => {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => JSON.stringify(x[k]) === JSON.stringify(y[k]));
};

/** Inserts missing built-in web profiles and brings changed ones up to date; idempotent. */
export async function seedBuiltinWebProfiles(db: Db): Promise<{ inserted: number; updated: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx
      .select()
      .from(scanProfiles)
      .where(and(isNull(scanProfiles.customerId), eq(scanProfiles.type, 'was')));
    let inserted = 0;
    let updated = 0;
    for (const p of BUILTIN_WEB_PROFILES) {
      const fields = p.fields as unknown as NetworkProfileFields;
      const row = existing.find((r) => r.name.toLowerCase() === p.name.toLowerCase());
      if (!row) {
        await tx
          .insert(scanProfiles)
          .values({ customerId: null, type: 'was', builtin: true, name: p.name, description: p.description, fields });
        inserted++;
      } else if (!row.builtin || row.description !== p.description || !same(row.fields, fields)) {
        await tx
          .update(scanProfiles)
          .set({ builtin: true, description: p.description, fields, modifiedAt: new Date() })
          .where(eq(scanProfiles.id, row.id));
        updated++;
      }
    }
    return { inserted, updated };
  });
}
