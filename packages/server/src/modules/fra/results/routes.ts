// HTTP routes of assessment results: per-recipient results, timelines and tracking events.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';

export function fraResultRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
