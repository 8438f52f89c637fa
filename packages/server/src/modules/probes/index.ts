// Probes (scan appliances): the management API for users and the API remote probes call.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { probeAgentRoutes } from './agent-routes.ts';
import { probeGroupRoutes } from './group-routes.ts';
import { probeRoutes } from './routes.ts';
import { startRemoteProbeSweeper } from './sweeper.ts';

export function probesModule(app: FastifyInstance, ctx: AppContext): void {
  probeRoutes(app, ctx);
  probeGroupRoutes(app, ctx);
  probeAgentRoutes(app, ctx);
  startRemoteProbeSweeper(app, ctx);
}
