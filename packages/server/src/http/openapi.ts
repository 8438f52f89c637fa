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
          'Session cookie `sessionid` authenticates; every unsafe call needs the `csrftoken` cookie echoed in the `X-CSRFToken` header.',
      },
    },
    // Each operation carries its route's declared access (x-access) and flag (x-flag): the permission-matrix test and
    // API clients read who may call what from the document itself.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = input.route.config as { access?: string; flag?: string } | undefined;
      if (!config?.access) return out;
      return { ...out, schema: { ...out.schema, 'x-access': config.access, ...(config.flag ? { 'x-flag': config.flag } : {}) } };
    },
  });
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
