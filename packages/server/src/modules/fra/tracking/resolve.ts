// What every token route of the listener does first: the probing limit, the token's target (a neutral 404 when
// unknown, with no hint why), and the request's facts and bot reasons.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BotReason } from '@bulwark/core';
import type { AppContext } from '../../../context.ts';
import { addressMatcher, botReasons, type RequestFacts } from './bots.ts';
import { ProbeLimiter } from './limiter.ts';
import { NEUTRAL_PAGE, strictHeaders } from './pages.ts';
import { deliveredAt, findTarget, type Found } from './record.ts';

export const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export interface Resolver {
  ctx: AppContext;
  /** The token's target, or undefined after answering 404 (unknown) or 429 (too many unknown tokens). */
  resolve(req: FastifyRequest, reply: FastifyReply, token: string): Promise<Found | undefined>;
  /** The request's facts and the reasons it is a machine's (those in `skip` are not asked). */
  judge(req: FastifyRequest, f: Found, skip?: readonly BotReason[]): { facts: RequestFacts; reasons: BotReason[] };
}

export const userAgentOf = (req: FastifyRequest): string | undefined => {
  const ua = req.headers['user-agent'];
  return ua === undefined ? undefined : ua.slice(0, 500);
};

export function neutral(reply: FastifyReply, status = 404): FastifyReply {
  return strictHeaders(reply).code(status).type('text/html; charset=utf-8').send(NEUTRAL_PAGE);
}

export function resolver(ctx: AppContext): Resolver {
  const limiter = new ProbeLimiter();
  const isScannerAddress = addressMatcher(ctx.config.phishing.scannerRanges);
  return {
    ctx,
    async resolve(req, reply, token) {
      const now = ctx.clock();
      const ip = req.ip;
      const wait = limiter.blockedFor(ip, now.getTime());
      if (wait > 0) {
        neutral(reply.header('retry-after', String(wait)), 429);
        return undefined;
      }
      // Malformed tokens are looked up too, so an answer takes as long whatever was asked.
      const found = await findTarget(ctx.db, TOKEN.test(token) ? token : '-', now);
      if (!found) {
        limiter.miss(ip, now.getTime());
        neutral(reply);
        return undefined;
      }
      return found;
    },
    judge(req, f, skip = []) {
      const facts: RequestFacts = {
        method: req.method,
        userAgent: userAgentOf(req),
        ip: req.ip,
        headers: req.headers,
        at: ctx.clock(),
        deliveredAt: deliveredAt(f.target),
      };
      return { facts, reasons: botReasons(facts, { humanAfterSeconds: ctx.config.phishing.humanAfterSeconds, isScannerAddress }, skip) };
    },
  };
}
