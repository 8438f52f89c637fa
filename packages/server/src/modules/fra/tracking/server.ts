// The phishing listener's own HTTP server: a Fastify instance apart from the application (no session, no cookies,
// no API), answering only the pinned tracking paths with strict headers; everything else is the neutral 404.
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { imageProxy } from './bots.ts';
import { landingRoutes, formParser } from './landing.ts';
import { PIXEL, REPORTED_PAGE, strictHeaders } from './pages.ts';
import { recordEvent } from './record.ts';
import { neutral, resolver } from './resolve.ts';
import { trainingRoutes } from './training-routes.ts';

export function buildTrackingServer(ctx: AppContext): FastifyInstance {
  // HEAD is routed explicitly where it is answered (the link), so a scanner's HEAD is recorded, not answered blindly.
  // Behind the operator's reverse proxy, only its X-Forwarded-For is believed: the recipient's (or scanner's) address
  // decides the scanner ranges and the limit on token guessing.
  const proxies = ctx.config.phishing.trustedProxies;
  const app = Fastify({ logger: false, trustProxy: proxies.length > 0 ? proxies : false, bodyLimit: 64 * 1024, exposeHeadRoutes: false });
  const r = resolver(ctx);
  formParser(app);

  app.get<{ Params: { file: string } }>('/o/:file', async (req, reply) => {
    const file = req.params.file;
    if (!file.endsWith('.gif')) return neutral(reply);
    const f = await r.resolve(req, reply, file.slice(0, -4));
    if (!f) return reply;
    const { facts, reasons } = r.judge(req, f);
    const proxy = imageProxy(facts.userAgent);
    // An image proxy fetches the pixel when the person opens the message: an open, from the proxy's address.
    await recordEvent(ctx.db, f, {
      kind: 'opened',
      at: facts.at,
      reasons,
      ip: facts.ip,
      userAgent: facts.userAgent,
      details: proxy ? { proxy } : {},
    });
    return strictHeaders(reply).type('image/gif').send(PIXEL);
  });

  app.route<{ Params: { token: string } }>({
    method: ['GET', 'POST'],
    url: '/r/:token',
    handler: async (req, reply) => {
      const f = await r.resolve(req, reply, req.params.token);
      if (!f) return reply;
      const { facts, reasons } = r.judge(req, f);
      await recordEvent(ctx.db, f, {
        kind: 'reported',
        at: facts.at,
        reasons,
        ip: facts.ip,
        userAgent: facts.userAgent,
        details: { method: req.method },
      });
      strictHeaders(reply);
      if ((req.headers.accept ?? '').includes('application/json')) return reply.send({ reported: true });
      return reply.type('text/html; charset=utf-8').send(REPORTED_PAGE);
    },
  });

  landingRoutes(app, r);
  trainingRoutes(app, r);

  app.setNotFoundHandler((_req, reply) => neutral(reply));
  app.setErrorHandler((err, _req, reply) => {
    const code = (err as { statusCode?: unknown }).statusCode;
    const status = typeof code === 'number' && code >= 400 && code < 500 ? code : 500;
    if (status === 500) ctx.log.error({ err }, 'phishing listener: request failed');
    return neutral(reply, status);
  });
  return app;
}
