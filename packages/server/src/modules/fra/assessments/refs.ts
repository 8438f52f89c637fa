// The names of what an assessment or a schedule points at (phishing templates, domains, the training), read in one
// query per kind for a whole page, and the shared answer pieces (timestamps as ISO text, settings as the API names them).
import { sql } from 'drizzle-orm';
import type { RecipientSelection, TrainingTrigger } from '@bulwark/core';
import type { Db, Tx } from '../../../db/client.ts';
import { intArray, queryRows } from '../../../db/rows.ts';

export interface Ref {
  id: number;
  name: string;
}

/** A timestamp column as ISO text (both drivers may answer a Date or a string). */
export const isoOf = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

export interface Names {
  templates: Map<number, string>;
  domains: Map<number, string>;
  trainings: Map<number, string>;
}

/** What a settings row points at (the columns both assessments and schedules have). */
export interface SettingsRow {
  name: string;
  phishingTemplateIds: number[];
  selection: RecipientSelection;
  senderDomainId: number | null;
  landingDomainId: number | null;
  trainingTemplateId: number | null;
  trainingTrigger: TrainingTrigger;
  ratePerMinute: number;
  trackingDays: number;
}

const table = { templates: 'fra_phishing_templates', domains: 'fra_domains', trainings: 'fra_session_templates' } as const;

async function namesOf(db: Db | Tx, customerId: number, kind: keyof typeof table, ids: Set<number>): Promise<Map<number, string>> {
  if (ids.size === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from ${sql.identifier(table[kind])} where customer_id = ${customerId} and id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** The names of everything the rows point at (the customer's own only: a foreign id reads as gone). */
export async function loadNames(db: Db | Tx, customerId: number, rows: readonly SettingsRow[]): Promise<Names> {
  const templates = new Set<number>();
  const domains = new Set<number>();
  const trainings = new Set<number>();
  for (const r of rows) {
    for (const id of r.phishingTemplateIds) templates.add(id);
    if (r.senderDomainId) domains.add(r.senderDomainId);
    if (r.landingDomainId) domains.add(r.landingDomainId);
    if (r.trainingTemplateId) trainings.add(r.trainingTemplateId);
  }
  return {
    templates: await namesOf(db, customerId, 'templates', templates),
    domains: await namesOf(db, customerId, 'domains', domains),
    trainings: await namesOf(db, customerId, 'trainings', trainings),
  };
}

const ref = (names: Map<number, string>, id: number | null): Ref | null =>
  id !== null && names.has(id) ? { id, name: names.get(id)! } : null;

/** The settings of a row as the API answers them. */
export function settingsOf(r: SettingsRow, n: Names) {
  return {
    name: r.name,
    phishing_templates: r.phishingTemplateIds.filter((id) => n.templates.has(id)).map((id) => ({ id, name: n.templates.get(id)! })),
    recipients: r.selection,
    sender_domain: ref(n.domains, r.senderDomainId),
    landing_domain: ref(n.domains, r.landingDomainId),
    training_template: ref(n.trainings, r.trainingTemplateId),
    training_trigger: r.trainingTrigger,
    rate_per_minute: r.ratePerMinute,
    tracking_days: r.trackingDays,
  };
}
