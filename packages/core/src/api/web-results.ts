// Schemas of what web runs found besides their findings (platform-core §7 `scan/webapps/`, `scan_basics/webapps/`,
// `sitemaps`, and a web run's extras `scan/wruns/{id}/web/`): web-application assets with their latest web run, the
// site map of a run (paged, and as a path tree), and a run's technologies, virtual hosts, forms, skipped links, figures
// and findings by OWASP category. Server and web share them.
import { z } from 'zod';
import { OWASP_2021_IDS } from '../codes/owasp.ts';

/** How the crawl found a page (the engine's PageSource). */
export const SITEMAP_SOURCES = ['start', 'link', 'form', 'robots', 'sitemap', 'script', 'browser', 'redirect', 'guess'] as const;
export type SitemapSource = (typeof SITEMAP_SOURCES)[number];
export const SITEMAP_SOURCE_LABELS: Record<SitemapSource, string> = {
  start: 'Start URL',
  link: 'Link',
  form: 'Form',
  robots: 'robots.txt',
  sitemap: 'sitemap.xml',
  script: 'Script',
  browser: 'Browser',
  redirect: 'Redirect',
  guess: 'Guessed',
};

/** Open findings by severity 0-4 (info … critical). */
const bySeverity = z.object({
  critical: z.number().int(),
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  info: z.number().int(),
  total: z.number().int(),
});

export const webRunTechnology = z.object({
  name: z.string(),
  version: z.string().nullable(),
  cpe: z.string().nullable(),
  evidence: z.string(),
});
export type WebRunTechnology = z.infer<typeof webRunTechnology>;

/** A web-application asset with its latest processed web run (`GET scan/webapps/`). */
export const webAppRow = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  last_scan: z
    .object({
      run_id: z.number().int(),
      scan_id: z.number().int(),
      name: z.string(),
      finished_at: z.string().nullable(),
      complete: z.boolean(),
      urls: z.number().int(),
      forms: z.number().int(),
    })
    .nullable(),
  /** The asset's open web findings that count, by severity. */
  findings: bySeverity,
  technologies: z.array(webRunTechnology),
});
export type WebAppRow = z.infer<typeof webAppRow>;

/** `GET scan_basics/webapps/`: what pickers need. */
export const webAppBasic = z.object({ id: z.number().int(), name: z.string(), url: z.string() });
export type WebAppBasic = z.infer<typeof webAppBasic>;

/** One page or request of a run's site map (`GET sitemaps/?run=`). */
export const sitemapEntry = z.object({
  id: z.number().int(),
  url: z.string(),
  method: z.string(),
  status: z.number().int(),
  content_type: z.string(),
  depth: z.number().int(),
  source: z.string(),
  referrer: z.string().nullable(),
  title: z.string().nullable(),
  parameters: z.array(z.string()),
});
export type SitemapEntry = z.infer<typeof sitemapEntry>;

/**
 * One node of the site map's path tree (`GET sitemaps/tree/?run=`), flat: `parent` is the parent's path ('' at the
 * roots, which are the sites: `scheme://host`). `entries` are the requests at exactly this path, `total` those at or
 * under it; `statuses` counts them by status class ('2xx' …) over the subtree.
 */
export const sitemapTreeNode = z.object({
  path: z.string(),
  parent: z.string(),
  name: z.string(),
  depth: z.number().int(),
  entries: z.number().int(),
  total: z.number().int(),
  statuses: z.record(z.string(), z.number().int()),
});
export type SitemapTreeNode = z.infer<typeof sitemapTreeNode>;

export const sitemapTree = z.object({
  run: z.number().int(),
  nodes: z.array(sitemapTreeNode),
  /** The tree stops at this many nodes (the rest are counted in their ancestors' totals). */
  truncated: z.boolean(),
});
export type SitemapTree = z.infer<typeof sitemapTree>;

export const webFormRow = z.object({
  id: z.number().int(),
  page: z.string(),
  action: z.string(),
  method: z.string(),
  enctype: z.string(),
  fields: z.array(z.object({ name: z.string(), type: z.string(), value: z.string(), options: z.array(z.string()).optional() })),
  csrf_token: z.boolean(),
});
export type WebFormRow = z.infer<typeof webFormRow>;

/** A web run's extras (`GET scan/wruns/{id}/web/`): what its result and discovery pages show beside the findings. */
export const webTimelinePoint = z.object({
  at_s: z.number(),
  requests: z.number().int(),
  urls: z.number().int(),
  phase: z.string(),
});
export type WebTimelinePoint = z.infer<typeof webTimelinePoint>;

export const webRunDetail = z.object({
  run: z.number().int(),
  asset: webAppBasic,
  target: z.string(),
  complete: z.boolean(),
  technologies: z.array(webRunTechnology),
  vhosts: z.array(z.string()),
  skipped: z.array(z.object({ url: z.string(), reason: z.string() })),
  stats: z.object({
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    duration_ms: z.number().nullable(),
    urls_found: z.number().int(),
    requests_sent: z.number().int(),
    parameters: z.number().int(),
    forms: z.number().int(),
    reauthentications: z.number().int(),
    auth: z.string(),
    /** Requests sent and URLs found so far, `at_s` seconds into the run, in which phase: the run's pace. */
    timeline: z.array(webTimelinePoint),
  }),
  urls: z.number().int(),
  forms: z.array(webFormRow),
  /** The findings this run saw (open after it), by OWASP Top 10 (2021) category; `null` holds the uncategorised. */
  owasp: z.array(z.object({ id: z.enum(OWASP_2021_IDS).nullable(), label: z.string(), count: z.number().int() })),
  findings: z.number().int(),
});
export type WebRunDetail = z.infer<typeof webRunDetail>;
