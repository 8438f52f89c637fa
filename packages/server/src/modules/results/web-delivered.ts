// Reads the WebScanResult a probe delivered on a web task (packages/scanner/src/web/types.ts) as untrusted JSON: a
// remote probe sends it over the wire, so every field is checked and bounded before it reaches the inventory. Fields
// processing does not need are ignored; lists the engine may leave out default to empty.
import type { WebScanResult } from '@bulwark/scanner';
import { z } from 'zod';

const str = (max: number) => z.string().transform((s) => s.slice(0, max));
const severity = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

const sitemapEntry = z.object({
  url: str(4000),
  method: str(16),
  status: z.number().int().min(0).max(32767),
  contentType: str(200).default(''),
  depth: z.number().int().min(0).max(32767).default(0),
  source: z.enum(['start', 'link', 'form', 'robots', 'sitemap', 'script', 'browser', 'redirect', 'guess']),
  referrer: str(4000).optional(),
  title: str(500).optional(),
  parameters: z.array(str(200)).max(500).default([]),
});

const form = z.object({
  page: str(4000),
  action: str(4000),
  method: z.enum(['GET', 'POST']),
  enctype: z.enum(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain', 'application/json']),
  fields: z
    .array(z.object({ name: str(200), type: str(50), value: str(1000), options: z.array(str(200)).max(200).optional() }))
    .max(500)
    .default([]),
  csrfToken: z.boolean().default(false),
});

const technology = z.object({ name: str(200), version: str(100).optional(), cpe: str(500).optional(), evidence: str(1000).default('') });

const evidence = z.object({ request: str(8000), response: str(8000), proof: str(2000), how: str(500) });

const finding = z.object({
  test: str(200).pipe(z.string().min(1)),
  url: str(4000),
  method: str(16),
  parameter: str(200).optional(),
  location: z.enum(['query', 'body', 'json', 'path', 'header', 'cookie', 'multipart']).optional(),
  payload: str(2000).optional(),
  confidence: z.enum(['confirmed', 'potential']),
  severity: severity.optional(),
  name: str(500).optional(),
  cve: z.array(str(30)).max(100).optional(),
  evidence,
});

const stats = z.object({
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  urlsFound: z.number().int().default(0),
  requestsSent: z.number().int().default(0),
  parameters: z.number().int().default(0),
  forms: z.number().int().default(0),
  reauthentications: z.number().int().default(0),
  auth: z.enum(['none', 'signed-in', 'lost', 'failed']).default('none'),
  // The engine keeps at most 240 samples; an older engine sends none.
  timeline: z
    .array(
      z.object({
        atMs: z.number().nonnegative(),
        requests: z.number().int().nonnegative(),
        urls: z.number().int().nonnegative(),
        phase: z.enum(['login', 'crawl', 'browser', 'test', 'done']),
      }),
    )
    .max(1000)
    .default([]),
});

export const deliveredWebResult = z.object({
  target: str(4000),
  sitemap: z.array(sitemapEntry).default([]),
  forms: z.array(form).default([]),
  technologies: z.array(technology).default([]),
  vhosts: z.array(str(300)).max(1000).default([]),
  findings: z.array(finding).default([]),
  skipped: z.array(z.object({ url: str(4000), reason: str(500) })).default([]),
  errors: z.array(z.object({ type: z.number().int(), message: z.string(), host: z.string().nullish() })).default([]),
  stats,
});

/** The web result of a task's stored result (`{ web: WebScanResult, … }`), or null when the task is not a web task. */
export function webResultOf(taskId: number, stored: unknown): WebScanResult | null {
  if (typeof stored !== 'object' || stored === null || !('web' in stored)) return null;
  const parsed = deliveredWebResult.safeParse((stored as { web: unknown }).web);
  if (parsed.success) return parsed.data as WebScanResult;
  const issue = parsed.error.issues[0];
  throw new Error(`The web result of task ${taskId} is not a web scan result: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
}
