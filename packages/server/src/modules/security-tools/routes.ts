// HTTP routes of watched websites and mail servers. (Pinned; built by its helper.)
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function securityToolRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
