// HTTP routes of cloud scanning: scan/cscans/ and scan/cruns/ (the generic scan and run routes) with a run's results and policy_results.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function cloudScanRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Built in issue 32.
}
