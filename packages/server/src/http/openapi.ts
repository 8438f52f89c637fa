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
    transform: jsonSchemaTransform,
  });
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
