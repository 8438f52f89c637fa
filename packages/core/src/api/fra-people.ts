// Payload schemas of phishing domains and recipients (feature-areas §3 Domain, Recipient; §7 `fra/domains/`,
// `fra/domain-categories/`, `fra/recipients/` with import and Azure AD sync). Fields beyond the spec's are Bulwark's
// design (docs/user/phishing-recipients.md). Shared by server and web app.
import { z } from 'zod';
import { DNS_CHECK_RESULTS, DOMAIN_PURPOSES, RECIPIENT_SOURCES } from './fra.ts';
import { at, id, ids, language, text } from './fra-fields.ts';
import { blank, name } from './fields.ts';

// ——— Domains ———

export const domainCategoryInput = z.object({ name });
export const domainCategory = z.object({ id: z.number().int(), name: z.string(), domains: z.number().int() });

const hostname = z
  .string({ error: 'This field is required.' })
  .trim()
  .toLowerCase()
  .min(1, blank)
  .max(253, 'A domain name has at most 253 characters.')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'Enter a domain name such as mail.example.com.');

export const domainInput = z.object({
  name: hostname,
  category: id.nullable().default(null),
  purpose: z.enum(DOMAIN_PURPOSES).default('both'),
  /** The DKIM selector the sending service signs with, to check its key. */
  dkim_selector: z
    .string()
    .trim()
    .max(63)
    .regex(/^[A-Za-z0-9._-]*$/, 'A selector is letters, digits, dots, minus and underscores.')
    .default(''),
});
export type DomainInput = z.input<typeof domainInput>;

export const domainDnsCheck = z.object({
  checked_at: z.string(),
  spf: z.enum(DNS_CHECK_RESULTS),
  dkim: z.enum(DNS_CHECK_RESULTS),
  dmarc: z.enum(DNS_CHECK_RESULTS),
  mx: z.enum(DNS_CHECK_RESULTS),
  /** Person-readable findings ("SPF does not allow 192.0.2.7, which sends for Bulwark"). */
  messages: z.array(z.string()),
  /** Whether mail from this domain is expected to be delivered. */
  deliverable: z.boolean(),
});
export type DomainDnsCheck = z.output<typeof domainDnsCheck>;

export const domain = z.object({
  id: z.number().int(),
  name: z.string(),
  category: domainCategory.pick({ id: true, name: true }).nullable(),
  purpose: z.enum(DOMAIN_PURPOSES),
  dkim_selector: z.string(),
  dns: domainDnsCheck.nullable(),
  created: z.string(),
});
export type Domain = z.output<typeof domain>;

// ——— Recipients ———

const tagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });

export const recipientInput = z.object({
  email: z.email('Enter a valid email address.').max(254).toLowerCase(),
  first_name: text(100).trim().default(''),
  last_name: text(100).trim().default(''),
  department: text(200).trim().default(''),
  job_title: text(200).trim().default(''),
  language: language.default('english'),
  /** Tag ids (the recipient asset's tags; /fra/pat-unified-tags). */
  tags: ids('Tags', 100).default([]),
  active: z.boolean().default(true),
});
export type RecipientInput = z.input<typeof recipientInput>;

export const recipient = z.object({
  id: z.number().int(),
  /** The recipient asset (category recipients) its findings are on. */
  asset_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  department: z.string(),
  job_title: z.string(),
  language: language,
  tags: z.array(tagRef),
  active: z.boolean(),
  source: z.enum(RECIPIENT_SOURCES),
  external_id: z.string().nullable(),
  /** Phishing severity 0 neutral … 4 critical, from the recipient's behaviour (docs/phishing.md). */
  severity: z.number().int(),
  assessments: z.number().int(),
  last_assessed: at,
  created: z.string(),
  modified: z.string(),
});
export type Recipient = z.output<typeof recipient>;

/** The columns a recipient CSV may have (header row, any order; email required). */
export const RECIPIENT_CSV_COLUMNS = ['email', 'first_name', 'last_name', 'department', 'job_title', 'language', 'tags'] as const;

/** POST fra/recipients/import/: a preview (dry_run) or the import itself; errors are per row, keyed by column. */
export const recipientImportResult = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), errors: z.record(z.string(), z.array(z.string())) })),
  /** The first rows as they would be stored (preview). */
  preview: z.array(recipientInput.omit({ tags: true }).extend({ tags: z.array(z.string()), row: z.number().int() })),
});
export type RecipientImportResult = z.output<typeof recipientImportResult>;

/** POST fra/recipients/sync/azure_ad/ answer. */
export const directorySyncResult = z.object({
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  pages: z.number().int(),
  throttled: z.number().int(),
  finished: z.string(),
});
export type DirectorySyncResult = z.output<typeof directorySyncResult>;
