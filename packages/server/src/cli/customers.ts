// `bulwark customer …` and `bulwark operator …`: what platform operators do from a shell (the same service as the
// operators' API), with the API's validation and messages.
import { type z } from 'zod';
import { FEATURE_FLAGS, SUBSCRIPTION_TIERS, platformCustomerInput, platformCustomerPatch, type PlatformCustomer } from '@bulwark/core';
import type { AppContext } from '../context.ts';
import { fieldErrors } from '../http/list.ts';
import { createCustomer, getCustomer, listCustomers, setOperator, updateCustomer } from '../modules/platform/index.ts';
import { CliError } from './errors.ts';

const TIER_NAMES: Record<string, number> = { ...SUBSCRIPTION_TIERS, '0': 0, '1': 1, '2': 2 };

function tierOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const tier = TIER_NAMES[value.toLowerCase()];
  if (tier === undefined) throw new CliError(`Unknown tier "${value}": use none, standard or plus.`);
  return tier;
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = Object.entries(fieldErrors(result.error.issues)).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  throw new CliError(lines.join('\n'));
}

export function describeCustomer(c: PlatformCustomer): string {
  const tier = Object.entries(SUBSCRIPTION_TIERS).find(([, v]) => v === c.subscription_tier)?.[0] ?? String(c.subscription_tier);
  const licence = c.license_end_date
    ? `licence ends ${c.license_end_date}${c.days_to_expiration !== null && c.days_to_expiration < 0 ? ' (expired)' : ''}`
    : 'no licence end';
  return `${c.id}\t${c.name}\t${tier}\t${licence}\t${c.users} user${c.users === 1 ? '' : 's'}\tflags: ${c.feature_flags.join(', ') || 'none'}`;
}

export async function customerList(ctx: AppContext, search?: string): Promise<PlatformCustomer[]> {
  const all: PlatformCustomer[] = [];
  for (let page = 1; ; page++) {
    const { count, rows } = await listCustomers(ctx.db, { page, pageSize: 500, search });
    all.push(...rows);
    if (all.length >= count || rows.length === 0) return all;
  }
}

export interface CustomerOptions {
  name?: string;
  tier?: string;
  licenceEnd?: string;
  /** Commander's --no-licence-end sets this false. */
  licence?: boolean;
  flag?: string[];
  enableFlag?: string[];
  disableFlag?: string[];
}

function createInput(name: string, o: CustomerOptions) {
  return parse(platformCustomerInput, {
    name,
    ...(o.tier !== undefined ? { subscription_tier: tierOf(o.tier) } : {}),
    ...(o.licenceEnd !== undefined ? { license_end_date: o.licenceEnd } : {}),
    ...(o.flag ? { feature_flags: o.flag } : {}),
  });
}

/** Refuses what `customer create` would refuse before any database is opened: a mistyped option fails at once. */
export function checkCustomerCreate(name: string, o: CustomerOptions): void {
  createInput(name, o);
}

export async function customerCreate(ctx: AppContext, name: string, o: CustomerOptions): Promise<PlatformCustomer> {
  return createCustomer(ctx.db, createInput(name, o));
}

function checkFlags(o: CustomerOptions): void {
  const unknown = [...(o.enableFlag ?? []), ...(o.disableFlag ?? [])].filter((f) => !(FEATURE_FLAGS as readonly string[]).includes(f));
  if (unknown.length) throw new CliError(`Unknown feature flag ${unknown.join(', ')}: use ${FEATURE_FLAGS.join(', ')}.`);
}

function patchOf(o: CustomerOptions, flags: string[] | undefined) {
  return parse(platformCustomerPatch, {
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.tier !== undefined ? { subscription_tier: tierOf(o.tier) } : {}),
    ...(o.licenceEnd !== undefined ? { license_end_date: o.licenceEnd } : {}),
    ...(o.licence === false ? { license_end_date: null } : {}),
    ...(flags ? { feature_flags: flags } : {}),
  });
}

/** Refuses what `customer set` would refuse whatever the customer (unknown flags, a bad tier, name or date) before any database is opened. */
export function checkCustomerSet(o: CustomerOptions): void {
  checkFlags(o);
  patchOf(o, undefined);
}

export async function customerSet(ctx: AppContext, id: number, o: CustomerOptions): Promise<PlatformCustomer> {
  const current = await getCustomer(ctx.db, id);
  if (!current) throw new CliError(`No customer with id ${id}.`);
  let flags: string[] | undefined;
  if (o.enableFlag?.length || o.disableFlag?.length) {
    checkFlags(o);
    flags = [...new Set([...current.feature_flags, ...(o.enableFlag ?? [])])].filter((f) => !(o.disableFlag ?? []).includes(f));
  }
  const patch = patchOf(o, flags);
  const updated = await updateCustomer(ctx.db, id, patch);
  if (!updated) throw new CliError(`No customer with id ${id}.`);
  return updated;
}

export async function operatorSet(ctx: AppContext, email: string, operator: boolean): Promise<void> {
  if (!(await setOperator(ctx.db, email, operator))) throw new CliError(`No user with e-mail ${email}.`);
}
