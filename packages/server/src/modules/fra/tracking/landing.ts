// The recipient's link: the landing page (a candidate click until its script calls back), the beacon that makes it a
// person's click, and the form submission (names of the filled fields only, never a value), then the response
// template or the training.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fillPlaceholders, type TemplateVars } from '@bulwark/core';
import { fraDomains, fraPhishingTemplates, fraRecipients } from '../../../db/schema/index.ts';
import { trackingBase, trackingLinks } from './links.ts';
import {
  asDocument,
  beaconScript,
  EMPTY_PAGE,
  injectScript,
  newNonce,
  NONCE_FIELD,
  passwordInputNames,
  SECRET_NAME,
  shell,
  strictHeaders,
  THANK_YOU_PAGE,
} from './pages.ts';
import { candidateClick, confirmClick, nonceHash, recordEvent, type Found } from './record.ts';
import { neutral, userAgentOf, type Resolver } from './resolve.ts';

const NO_WEBSITE = '-';
type Params = { token: string };

async function pageData(r: Resolver, req: FastifyRequest, f: Found) {
  const db = r.ctx.db;
  const [template] = f.target.templateId
    ? await db.select().from(fraPhishingTemplates).where(eq(fraPhishingTemplates.id, f.target.templateId)).limit(1)
    : [];
  const [recipient] = await db.select().from(fraRecipients).where(eq(fraRecipients.id, f.target.recipientId)).limit(1);
  const [domain] = f.assessment.landingDomainId
    ? await db.select({ name: fraDomains.name }).from(fraDomains).where(eq(fraDomains.id, f.assessment.landingDomainId)).limit(1)
    : [];
  const base = trackingBase(r.ctx, domain?.name ?? null) ?? `${req.protocol}://${req.host}`;
  const vars: TemplateVars = {
    first_name: recipient?.firstName ?? '',
    last_name: recipient?.lastName ?? '',
    full_name: [recipient?.firstName, recipient?.lastName].filter(Boolean).join(' '),
    email: recipient?.email ?? '',
    department: recipient?.department ?? '',
    job_title: recipient?.jobTitle ?? '',
    link: trackingLinks(base, f.target.token).link,
    sender_name: template?.senderName ?? '',
    date: r.ctx.clock().toISOString().slice(0, 10),
  };
  const website =
    template && template.templateType === 'website' && template.websiteMainTemplate.trim() !== NO_WEBSITE ? template : undefined;
  return { website, vars, title: template?.name ?? 'Page' };
}

const trainingOffered = (f: Found, trigger: 'click' | 'submit') =>
  !f.ended && f.assessment.trainingTrigger === trigger && f.assessment.trainingTemplateId !== null;

function html(reply: FastifyReply, body: string, scriptNonce?: string, status = 200) {
  return strictHeaders(reply, scriptNonce).code(status).type('text/html; charset=utf-8').send(body);
}

export function landingRoutes(app: FastifyInstance, r: Resolver): void {
  app.route<{ Params: Params }>({
    method: ['GET', 'HEAD'],
    url: '/l/:token',
    handler: async (req, reply) => {
      const f = await r.resolve(req, reply, req.params.token);
      if (!f) return reply;
      const { facts, reasons } = r.judge(req, f);
      const base = { kind: 'clicked' as const, at: facts.at, ip: facts.ip, userAgent: facts.userAgent };
      if (f.ended) {
        await recordEvent(r.ctx.db, f, { ...base, reasons, details: { method: req.method } });
        return html(reply, EMPTY_PAGE);
      }
      // Every page request is a candidate: it counts once the page's script calls back with this page's nonce.
      const pageNonce = newNonce();
      await recordEvent(r.ctx.db, f, {
        ...base,
        reasons: [...reasons, 'no_script'],
        details: { method: req.method, candidate: true, nonce_hash: nonceHash(pageNonce) },
      });
      const scriptNonce = newNonce();
      const page = await pageData(r, req, f);
      const body = page.website
        ? asDocument(fillPlaceholders(page.website.websiteMainTemplate, page.vars, true), page.title)
        : shell('Page', '<main><p>This page is no longer available.</p></main>');
      return html(reply, injectScript(body, beaconScript(f.target.token, pageNonce), scriptNonce), scriptNonce);
    },
  });

  app.post<{ Params: Params; Body: unknown }>('/l/:token/b', async (req, reply) => {
    const f = await r.resolve(req, reply, req.params.token);
    if (!f) return reply;
    const body = (req.body ?? {}) as { nonce?: unknown; signal?: unknown };
    const { facts, reasons } = r.judge(req, f, ['head_request']);
    const signal = typeof body.signal === 'string' ? body.signal.slice(0, 20) : '';
    const counted = typeof body.nonce === 'string' ? await confirmClick(r.ctx.db, f, body.nonce, { ...facts, reasons, signal }) : undefined;
    strictHeaders(reply);
    if (counted === undefined) return reply.code(404).send({ detail: 'Not found.' });
    return reply.send({ counted, ...(counted && trainingOffered(f, 'click') ? { training: `/t/${f.target.token}` } : {}) });
  });

  app.post<{ Params: Params; Body: unknown }>('/l/:token', async (req, reply) => {
    const f = await r.resolve(req, reply, req.params.token);
    if (!f) return reply;
    const { facts, reasons } = r.judge(req, f);
    const form = req.body instanceof Map ? (req.body as Map<string, string[]>) : new Map<string, string[]>();
    const nonce = form.get(NONCE_FIELD)?.[0];
    const candidate = nonce ? await candidateClick(r.ctx.db, f.target.id, nonce) : undefined;
    if (!candidate) reasons.push('no_script');
    const page = await pageData(r, req, f);
    const passwordInputs = new Set(passwordInputNames(page.website?.websiteMainTemplate ?? ''));
    // Only the names of the fields a person filled are kept; no value is read beyond "is it empty".
    const fields = [...form.entries()]
      .filter(([name, values]) => name !== NONCE_FIELD && values.some((v) => v.trim() !== ''))
      .map(([name]) => name.slice(0, 100))
      .slice(0, 50);
    const passwordFields = fields.filter((n) => passwordInputs.has(n) || SECRET_NAME.test(n));
    await recordEvent(r.ctx.db, f, {
      kind: 'submitted',
      at: facts.at,
      reasons,
      ip: facts.ip,
      userAgent: userAgentOf(req),
      details: {
        fields,
        password_fields: passwordFields,
        password: passwordFields.length > 0,
        nonce: nonce ? (candidate ? 'valid' : 'unknown') : 'missing',
      },
    });
    if (trainingOffered(f, 'submit')) return strictHeaders(reply).code(303).header('location', `/t/${f.target.token}`).send();
    const response = page.website?.websiteResponseTemplate.trim();
    if (!f.ended && page.website && response && response !== NO_WEBSITE)
      return html(reply, asDocument(fillPlaceholders(response, page.vars, true), page.title));
    return html(reply, THANK_YOU_PAGE);
  });
}

/** Form bodies as name → values, so a field's values are only ever checked for being empty. */
export function formParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    const map = new Map<string, string[]>();
    for (const [k, v] of new URLSearchParams(body as string)) map.set(k, [...(map.get(k) ?? []), v]);
    done(null, map);
  });
}

export { neutral };
