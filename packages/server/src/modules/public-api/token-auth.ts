// The `Authorization: Token …` path of every API request: registered right after the session hook (which leaves such
// requests alone), it turns the token into the request's `auth`, or refuses the request before any route runs.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { callerAuthenticated, hasTokenHeader } from '../../http/session.ts';
import { authenticateToken } from './service.ts';

export function registerTokenAuth(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request) => {
    if (!callerAuthenticated(request.url) || !hasTokenHeader(request)) return;
    request.auth = await authenticateToken(ctx, request.headers.authorization!, request.ip);
  });
}
