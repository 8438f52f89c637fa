// HTTP routes of phishing assessments: assessments, assessment schedules and results.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { fraResultRoutes } from './results/routes.ts';

export function fraRoutes(app: FastifyInstance, ctx: AppContext): void {
  fraResultRoutes(app, ctx);
}
