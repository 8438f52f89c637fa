// HTTP routes of continuous monitoring: cm/profiles/ CRUD and check, cm/alerts/ list, one and delete. (Pinned; built by its helper.)
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function monitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
