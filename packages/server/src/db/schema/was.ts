// What a web-application scan run found besides its findings (those merge into findings like every engine's): its site
// map, the forms on it, and per run the technologies, virtual hosts, what the crawl skipped and its figures. Every row
// carries its run, its customer and the web-application asset it was scanned on; the latest run of an asset is what
// its pages show.
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';
import { customers } from './customers.ts';
import { findings } from './inventory.ts';
import { scanRuns } from './scans.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });
const runId = () =>
  integer('run_id')
    .notNull()
    .references(() => scanRuns.id, { onDelete: 'cascade' });
const assetId = () =>
  integer('asset_id')
    .notNull()
    .references(() => assets.id, { onDelete: 'cascade' });

/** A technology the scan recognised (CPE 2.3 when known: the intelligence matches CVEs on it). */
export interface WebTechnologyRow {
  name: string;
  version: string | null;
  cpe: string | null;
  evidence: string;
}

/** The figures of a web run (the engine's WebScanStats). */
export interface WebRunStats {
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  urlsFound: number;
  requestsSent: number;
  parameters: number;
  forms: number;
  reauthentications: number;
  auth: string;
  /** Requests sent and URLs found over the run (absent on runs processed before it was kept). */
  timeline?: { atMs: number; requests: number; urls: number; phase: string }[];
}

/** One web run's result on its asset: what the run pages and the discovery result show beside the site map. */
export const webRunResults = pgTable(
  'web_run_results',
  {
    runId: runId().primaryKey(),
    customerId: customerId(),
    assetId: assetId(),
    target: text('target').notNull(),
    /** Whether the run finished normally (a cancelled, failed or discovery run closes no finding). */
    complete: boolean('complete').notNull(),
    technologies: jsonb('technologies').$type<WebTechnologyRow[]>().notNull().default([]),
    /** Virtual hosts that answered with a site of their own. */
    vhosts: jsonb('vhosts').$type<string[]>().notNull().default([]),
    /** Links and forms not followed because they would destroy state, with the reason (at most 1,000 kept). */
    skipped: jsonb('skipped').$type<{ url: string; reason: string }[]>().notNull().default([]),
    stats: jsonb('stats').$type<WebRunStats>().notNull(),
    urls: integer('urls').notNull().default(0),
    forms: integer('forms').notNull().default(0),
    findings: integer('findings').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('web_run_results_asset_idx').on(t.customerId, t.assetId, t.runId)],
);

/** One page or request of a run's site map. */
export const webSitemapEntries = pgTable(
  'web_sitemap_entries',
  {
    id: serial('id').primaryKey(),
    runId: runId(),
    customerId: customerId(),
    assetId: assetId(),
    url: text('url').notNull(),
    method: text('method').notNull(),
    status: smallint('status').notNull(),
    contentType: text('content_type').notNull().default(''),
    depth: smallint('depth').notNull().default(0),
    /** How the crawl found it: start, link, form, robots, sitemap, script, browser, redirect, guess. */
    source: text('source').notNull(),
    referrer: text('referrer'),
    title: text('title'),
    /** Parameter names seen on this URL (query and form). */
    parameters: jsonb('parameters').$type<string[]>().notNull().default([]),
  },
  (t) => [index('web_sitemap_run_idx').on(t.runId, t.id), index('web_sitemap_source_idx').on(t.runId, t.source, t.status)],
);

/** One form of a run's site map. */
export const webForms = pgTable(
  'web_forms',
  {
    id: serial('id').primaryKey(),
    runId: runId(),
    customerId: customerId(),
    assetId: assetId(),
    page: text('page').notNull(),
    action: text('action').notNull(),
    method: text('method').notNull(),
    enctype: text('enctype').notNull(),
    fields: jsonb('fields').$type<{ name: string; type: string; value: string; options?: string[] }[]>().notNull().default([]),
    csrfToken: boolean('csrf_token').notNull().default(false),
  },
  (t) => [index('web_forms_run_idx').on(t.runId, t.id)],
);

/** Where a web finding is (the finding's key holds the same, normalised): its URL, method, parameter and payload. */
export const webFindings = pgTable(
  'web_findings',
  {
    findingId: integer('finding_id')
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    customerId: customerId(),
    /** The run that saw it last (its details are that run's). */
    runId: integer('run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
    test: text('test').notNull(),
    url: text('url').notNull(),
    method: text('method').notNull(),
    parameter: text('parameter'),
    location: text('location'),
    payload: text('payload'),
    /** The proof as the engine gave it (request, response excerpt, what was seen, how it was confirmed). */
    evidence: jsonb('evidence').$type<{ request: string; response: string; proof: string; how: string }>(),
  },
  (t) => [primaryKey({ columns: [t.findingId] }), index('web_findings_run_idx').on(t.runId)],
);
