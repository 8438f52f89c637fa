// HTTP routes of phishing assessments: assessments, assessment schedules and results.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { assessmentRoutes } from './assessments/routes.ts';
import { fraResultRoutes } from './results/routes.ts';
import { scheduleRoutes } from './schedules/routes.ts';

export function fraRoutes(app: FastifyInstance, ctx: AppContext): void {
  assessmentRoutes(app, ctx);
  scheduleRoutes(app, ctx);
  // Results (h5's results/routes.ts).
  fraResultRoutes(app, ctx);
}
