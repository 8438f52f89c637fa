// HTTP routes of SAML single sign-on: per customer, Bulwark's service-provider metadata, the SP-initiated sign-in and
// the assertion consumer (which also takes IdP-initiated answers); the login page's question whether an e-mail address
// signs in through an IdP; and the uploaded IdP metadata file. The settings themselves are part of the customer
// (PATCH /api/customer/{id}/, modules/customers).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGIN_PATH, samlDiscovery, type SamlErrorCode } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { consume } from '../../http/rate-limit.ts';
import { audit } from '../auth/index.ts';
import { samlRowForDomain, samlRowOf } from './repo.ts';
import { serviceProvider, spMetadataXml } from './service-provider.ts';
import { consumeAssertion, SamlRefusal } from './sign-in.ts';

const tags = ['saml'];
const customerParams = z.object({ customerId: z.coerce.number().int().positive().max(2_147_483_647) });
/** A SAML response with an encrypted assertion and a certificate chain is tens of kilobytes; a megabyte is plenty. */
const ACS_BODY_LIMIT = 1024 * 1024;

/** Where to go after sign-in: a path of this site only (never another host: an open redirect). */
export function safeNext(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\r\n]/.test(value)) return '/';
  return value.slice(0, 1000);
}

function refuse(reply: FastifyReply, code: SamlErrorCode) {
  return reply.redirect(`${LOGIN_PATH}?saml_error=${code}`, 303);
}

export function samlRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/saml/discover/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether an e-mail address signs in through its organisation’s identity provider (the login page’s button)',
        querystring: z.object({ email: z.string().trim().max(320) }),
        response: { 200: samlDiscovery },
      },
    },
    async (request) => {
      await consume(ctx.db, [{ key: `saml-discover:ip:${request.ip}`, max: 600, windowSeconds: 900 }]);
      const domain = request.query.email.toLowerCase().split('@')[1];
      if (!domain || request.query.email.split('@').length !== 2) return { sso: null };
      const row = await samlRowForDomain(ctx.db, domain);
      if (!row || !row.idpSigningCerts.length) return { sso: null };
      return { sso: { idp_name: row.idpName, login_url: `/api/saml/${row.customerId}/login/` } };
    },
  );

  r.get(
    '/api/saml/:customerId/metadata/',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Bulwark’s SAML service-provider metadata for this customer (XML)', params: customerParams },
    },
    async (request, reply) => {
      const row = await samlRowOf(ctx.db, request.params.customerId);
      if (!row) throw notFound();
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('content-disposition', `inline; filename="bulwark-sp-${row.customerId}.xml"`)
        .send(spMetadataXml(ctx, row));
    },
  );

  r.get(
    '/api/saml/:customerId/login/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start an SP-initiated sign-in: redirects to the identity provider with a signed AuthnRequest',
        params: customerParams,
        querystring: z.object({ next: z.string().max(1000).optional() }),
      },
    },
    async (request, reply) => {
      await consume(ctx.db, [{ key: `saml-login:ip:${request.ip}`, max: 600, windowSeconds: 900 }]);
      const row = await samlRowOf(ctx.db, request.params.customerId);
      if (!row || !row.enabled || !row.idpSigningCerts.length || !row.idpLoginUrl) return refuse(reply, 'not_enabled');
      const url = await serviceProvider(ctx, row).getAuthorizeUrlAsync(safeNext(request.query.next), undefined, {});
      return reply.redirect(url, 302);
    },
  );

  app.register(async (scope) => {
    // The IdP posts a form; its size is the assertion's, not the digest form's of the root parser.
    if (scope.hasContentTypeParser('application/x-www-form-urlencoded')) scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/saml/:customerId/acs/',
      {
        bodyLimit: ACS_BODY_LIMIT,
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Assertion consumer: takes the identity provider’s signed answer, signs the user in and redirects to the app (or to the login page with ?saml_error=<code>)',
          params: customerParams,
          body: z.object({ SAMLResponse: z.string().min(1).max(ACS_BODY_LIMIT), RelayState: z.string().max(1000).optional() }),
        },
      },
      async (request, reply) => {
        const customerId = request.params.customerId;
        const row = await samlRowOf(ctx.db, customerId);
        try {
          await consumeAssertion(ctx, request, reply, row, request.body.SAMLResponse);
        } catch (e) {
          if (!(e instanceof SamlRefusal)) throw e;
          await audit(ctx, request, 'login_failed', { customerId: row ? customerId : null }, `saml ${e.code}: ${e.message}`.slice(0, 500));
          request.log.info({ customerId, code: e.code, reason: e.message }, 'SAML sign-in refused');
          return refuse(reply, e.code);
        }
        return reply.redirect(safeNext(request.body.RelayState), 303);
      },
    );
  });

  r.get(
    '/api/saml/idp-metadata-file/',
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'The identity provider’s metadata file as uploaded (superusers)' },
    },
    async (request, reply) => {
      const row = await samlRowOf(ctx.db, authOf(request).customer.id);
      if (!row?.idpMetadataFile) throw notFound();
      const name = (row.idpMetadataFileName ?? 'metadata.xml').replace(/[^\w.-]+/g, '_');
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(row.idpMetadataFile);
    },
  );
}
