// What an assessment or a schedule points at must be the customer's own and fit its use: phishing templates not
// archived, a sender domain meant for sending, a landing domain meant for landing pages, a web training template, the
// customer's own recipients and tags. Broken references answer 400 keyed by the field (another customer's id reads as
// unknown, never as found).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { intArray, queryRows } from '../../../db/rows.ts';
import { badRequest, type FieldErrors } from '../../../http/errors.ts';

export interface References {
  phishing_templates: number[];
  sender_domain: number;
  landing_domain: number | null;
  training_template: number | null;
  recipients: { recipients: number[]; tags: number[] };
}

const list = (ids: number[]) => ids.join(', ');

async function rowsOf<T extends Record<string, unknown>>(db: Db | Tx, table: string, customerId: number, ids: number[], cols: string) {
  if (ids.length === 0) return [] as T[];
  return queryRows<T>(
    db,
    sql`select id, ${sql.raw(cols)} from ${sql.identifier(table)} where customer_id = ${customerId} and id = any(${intArray(ids)})`,
  );
}

/** Throws 400 {field: [msg]} for every reference that is missing or does not fit. */
export async function checkReferences(db: Db | Tx, customerId: number, v: References): Promise<void> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const templateIds = [...new Set(v.phishing_templates)];
  const templates = await rowsOf<{ id: number; archived: boolean }>(db, 'fra_phishing_templates', customerId, templateIds, 'archived');
  const found = new Map(templates.map((t) => [Number(t.id), t.archived]));
  const missing = templateIds.filter((id) => !found.has(id));
  if (missing.length) add('phishing_templates', `No phishing template with id ${list(missing)}.`);
  const archived = templateIds.filter((id) => found.get(id) === true);
  if (archived.length) add('phishing_templates', `Phishing template ${list(archived)} is archived: restore it or choose another.`);

  const domainIds = [v.sender_domain, ...(v.landing_domain ? [v.landing_domain] : [])];
  const domains = await rowsOf<{ id: number; purpose: string }>(db, 'fra_domains', customerId, domainIds, 'purpose');
  const purpose = new Map(domains.map((d) => [Number(d.id), d.purpose]));
  const sender = purpose.get(v.sender_domain);
  if (sender === undefined) add('sender_domain', `No domain with id ${v.sender_domain}.`);
  else if (sender === 'landing') add('sender_domain', 'This domain is for landing pages only: choose a domain meant for sending.');
  if (v.landing_domain) {
    const landing = purpose.get(v.landing_domain);
    if (landing === undefined) add('landing_domain', `No domain with id ${v.landing_domain}.`);
    else if (landing === 'sender') add('landing_domain', 'This domain is for sending only: choose a domain meant for landing pages.');
  }

  if (v.training_template) {
    const [t] = await rowsOf<{ id: number; session_type: string; section: string }>(
      db,
      'fra_session_templates',
      customerId,
      [v.training_template],
      'session_type, section',
    );
    if (!t) add('training_template', `No training template with id ${v.training_template}.`);
    else if (t.session_type !== 'website' || t.section !== 'training')
      add('training_template', 'Choose a web training template (an e-mail template cannot follow a click).');
  }

  const recipientIds = [...new Set(v.recipients.recipients)];
  const recipients = await rowsOf<{ id: number }>(db, 'fra_recipients', customerId, recipientIds, 'id as rid');
  const haveR = new Set(recipients.map((r) => Number(r.id)));
  const missingR = recipientIds.filter((id) => !haveR.has(id));
  if (missingR.length) add('recipients', `No recipient with id ${list(missingR)}.`);
  const tagIds = [...new Set(v.recipients.tags)];
  const tags = await rowsOf<{ id: number }>(db, 'tags', customerId, tagIds, 'id as tid');
  const haveT = new Set(tags.map((r) => Number(r.id)));
  const missingT = tagIds.filter((id) => !haveT.has(id));
  if (missingT.length) add('recipients', `No tag with id ${list(missingT)}.`);

  if (Object.keys(errors).length) throw badRequest(errors);
}
