// The face of probes (scan appliances): the management API for users and the API remote probes call, the sweep of
// silent remote probes, and the task specification a probe is handed (the built-in probe reads it too).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { probeAgentRoutes } from './agent-routes.ts';
import { probeGroupRoutes } from './group-routes.ts';
import { probeRoutes } from './routes.ts';

export { sweepRemoteProbes } from './sweeper.ts';
export { probesJobs } from './jobs.ts';
export { taskSpecOf } from './task-spec.ts';
export { saveWebProgress } from './web-progress.ts';
export { saveCloudProgress } from './cloud-task-spec.ts';

export function probesModule(app: FastifyInstance, ctx: AppContext): void {
  probeRoutes(app, ctx);
  probeGroupRoutes(app, ctx);
  probeAgentRoutes(app, ctx);
}
