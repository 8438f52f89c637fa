// The OpenAPI document at /api/schema/ and browsable docs at /api/docs/, generated from the zod schemas of the routes.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Bulwark API',
        version: '0.1.0',
        description:
          'Session cookie `sessionid` authenticates; every unsafe call needs the `csrftoken` cookie echoed in the `X-CSRFToken` header. ' +
          'Scripts use an API token instead (`Authorization: Token bwk_…`, no cookies, no CSRF; docs/public-api.md): it is accepted on ' +
          'every operation its permissions allow while the public API is active, never on those marked `x-session-only`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid', description: 'A signed-in session (the web app).' },
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'An API token made under Administration → Integrations → Public API, sent as `Token bwk_…`.',
          },
        },
      },
      security: [{ session: [] }, { token: [] }],
    },
    // Each operation carries its route's declared access (x-access) and flag (x-flag): the permission-matrix test and
    // API clients read who may call what from the document itself.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = input.route.config as { access?: string; flag?: string; sessionOnly?: true } | undefined;
      if (!config?.access) return out;
      // Who authenticates how: public calls need nobody (and remote probes bring their own secret, x-access says so),
      // session-only ones a session, the rest a session or a token (the document's default).
      const security =
        config.access === 'public' || config.access === 'probe-agent' ? [] : config.sessionOnly ? [{ session: [] }] : undefined;
      return {
        ...out,
        schema: {
          ...out.schema,
          'x-access': config.access,
          ...(config.flag ? { 'x-flag': config.flag } : {}),
          ...(config.sessionOnly ? { 'x-session-only': true } : {}),
          ...(security ? { security } : {}),
        },
      };
    },
  });
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
