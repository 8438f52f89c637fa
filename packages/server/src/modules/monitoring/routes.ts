// HTTP routes of continuous monitoring: cm/profiles/ CRUD and check (routes-profiles.ts), cm/alerts/ list, counts, one
// and dismiss (routes-alerts.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { monitoringAlertRoutes } from './routes-alerts.ts';
import { monitoringProfileRoutes } from './routes-profiles.ts';

export function monitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  monitoringProfileRoutes(app, ctx);
  monitoringAlertRoutes(app, ctx);
}
