// The Azure AD directory sync (fra/recipients/sync/azure_ad/): the customer's Azure integration (tenant, client id,
// client secret, read through the notifications settings) signs in to Microsoft Graph, every user with a mail address
// becomes a recipient of source azure_ad (matched by its directory object id, else by its address), its language from
// preferredLanguage ("sv-SE" → swedish), and recipients of the directory that it no longer returns, or whose account is
// disabled, are deactivated (kept, with their history). One transaction for all the writes.
import { sql } from 'drizzle-orm';
import { LANGUAGES, type DirectorySyncResult, type Language } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { queryRows, textArray } from '../../db/rows.ts';
import { badRequest } from '../../http/errors.ts';
import { refreshAssetsDerived } from '../assets/index.ts';
import { openSettings } from '../notifications/index.ts';
import { graphUsers, type GraphOptions, type GraphUser } from './graph-client.ts';
import { assetNameOf, upsertAsset } from './recipients.ts';

/** ISO 639-1 codes of the languages recipients can have (Norwegian Bokmål and Nynorsk both Norwegian). */
const BY_CODE: Record<string, Language> = {
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pl: 'polish',
  pt: 'portuguese',
  es: 'spanish',
  sv: 'swedish',
};

/** A Graph preferredLanguage ("sv-SE", "en", "nb-NO") as a recipient language; English when unknown. */
export function languageOf(preferred: string | null | undefined): Language {
  const code = (preferred ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const found = BY_CODE[code];
  return found && (LANGUAGES as readonly string[]).includes(found) ? found : 'english';
}

const clip = (s: string | null | undefined, max: number) => (s ?? '').trim().slice(0, max);

interface Person {
  externalId: string;
  email: string;
  first_name: string;
  last_name: string;
  department: string;
  job_title: string;
  language: Language;
  enabled: boolean;
}

function personOf(u: GraphUser): Person | null {
  const email = (u.mail ?? '').trim().toLowerCase();
  // A user without a mailbox cannot be sent an assessment.
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) return null;
  const [first, ...rest] = (u.displayName ?? '').trim().split(/\s+/);
  return {
    externalId: u.id,
    email,
    first_name: clip(u.givenName ?? first, 100),
    last_name: clip(u.surname ?? rest.join(' '), 100),
    department: clip(u.department, 200),
    job_title: clip(u.jobTitle, 200),
    language: languageOf(u.preferredLanguage),
    enabled: u.accountEnabled !== false,
  };
}

interface Stored extends Record<string, unknown> {
  id: number;
  asset_id: number;
  email: string;
  external_id: string | null;
  source: string;
  first_name: string;
  last_name: string;
  department: string;
  job_title: string;
  language: string;
  active: boolean;
}

export async function syncAzureAd(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'config'>,
  customerId: number,
  userId: number,
  now: Date,
  o: Pick<GraphOptions, 'sleep' | 'maxRetries'> = {},
): Promise<DirectorySyncResult> {
  const settings = await openSettings(ctx.db, ctx.secrets, customerId, 'azure');
  const tenant = String(settings?.fields.tenant ?? '').trim();
  const clientId = String(settings?.fields.client_id ?? '').trim();
  const clientSecret = settings?.secrets.client_secret ?? '';
  if (!settings || !tenant || !clientId || !clientSecret)
    throw badRequest({
      non_field_errors: [
        'Set up the Azure integration first: the directory (tenant) id, the client id and a client secret of the app registration.',
      ],
    });
  if (!settings.enabled) throw badRequest({ non_field_errors: ['The Azure integration is turned off: turn it on to sync recipients.'] });
  const { users, pages, throttled } = await graphUsers({
    loginUrl: ctx.config.phishing.azureLoginUrl,
    graphUrl: ctx.config.phishing.graphUrl,
    tenant,
    clientId,
    clientSecret,
    ...o,
  });
  const people = new Map<string, Person>();
  for (const u of users) {
    const p = personOf(u);
    // Two directory users with one address: the enabled one wins.
    if (p && (!people.has(p.email) || (p.enabled && !people.get(p.email)!.enabled))) people.set(p.email, p);
  }
  const counts = await ctx.db.transaction(async (tx) => {
    const at = now.toISOString();
    const stored = await queryRows<Stored>(
      tx,
      sql`select id, asset_id, email, external_id, source, first_name, last_name, department, job_title, language, active
          from fra_recipients where customer_id = ${customerId}
            and ((source = 'azure_ad') or email = any(${textArray([...people.keys()])}))`,
    );
    const byExternal = new Map(stored.filter((s) => s.source === 'azure_ad' && s.external_id).map((s) => [s.external_id!, s]));
    const byEmail = new Map(stored.map((s) => [s.email, s]));
    let created = 0;
    let updated = 0;
    let deactivated = 0;
    const seen = new Set<number>();
    const touched: number[] = [];
    for (const p of people.values()) {
      const current = byExternal.get(p.externalId) ?? byEmail.get(p.email);
      if (!current) {
        if (!p.enabled) continue;
        const assetId = await upsertAsset(tx, customerId, p.email, assetNameOf(p), userId);
        await tx.execute(sql`
          insert into fra_recipients (customer_id, asset_id, email, first_name, last_name, department, job_title, language, active,
                                      source, external_id, created_at, modified_at)
          values (${customerId}, ${assetId}, ${p.email}, ${p.first_name}, ${p.last_name}, ${p.department}, ${p.job_title},
                  ${p.language}, true, 'azure_ad', ${p.externalId}, ${at}::timestamptz, ${at}::timestamptz)`);
        touched.push(assetId);
        created += 1;
        continue;
      }
      seen.add(Number(current.id));
      const same =
        current.source === 'azure_ad' &&
        current.external_id === p.externalId &&
        current.email === p.email &&
        current.first_name === p.first_name &&
        current.last_name === p.last_name &&
        current.department === p.department &&
        current.job_title === p.job_title &&
        current.language === p.language &&
        Boolean(current.active) === p.enabled;
      if (same) continue;
      if (current.active && !p.enabled) deactivated += 1;
      else updated += 1;
      // An address another recipient holds stays with it: this one keeps its own.
      const email = p.email !== current.email && byEmail.has(p.email) ? current.email : p.email;
      await tx.execute(sql`
        update fra_recipients set email = ${email}, first_name = ${p.first_name}, last_name = ${p.last_name}, department = ${p.department},
          job_title = ${p.job_title}, language = ${p.language}, active = ${p.enabled}, source = 'azure_ad', external_id = ${p.externalId},
          modified_at = ${at}::timestamptz
        where id = ${current.id} and customer_id = ${customerId}`);
      await tx.execute(sql`update assets set value = ${email}, email_address = ${email}, name = ${assetNameOf({ ...p, email })},
                             modified_at = ${at}::timestamptz where id = ${current.asset_id} and customer_id = ${customerId}`);
      touched.push(Number(current.asset_id));
    }
    const gone = stored.filter((s) => s.source === 'azure_ad' && s.active && !seen.has(Number(s.id)));
    for (const s of gone)
      await tx.execute(
        sql`update fra_recipients set active = false, modified_at = ${at}::timestamptz where id = ${s.id} and customer_id = ${customerId}`,
      );
    deactivated += gone.length;
    await refreshAssetsDerived(tx, customerId, touched);
    return { created, updated, deactivated };
  });
  return { fetched: users.length, ...counts, pages, throttled, finished: now.toISOString() };
}
