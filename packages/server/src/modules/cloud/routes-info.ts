// HTTP routes of cloud scanning: cloud/supported-regions/{x}/, cloud/cloud_basics/ and the control catalogue cloud/controls/.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function cloudInfoRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Built in issue 32.
}
