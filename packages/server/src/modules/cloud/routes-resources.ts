// HTTP routes of cloud scanning: cloud/resources/: cloud resources (assets of kind cloud) with their vulnerabilities, and delete.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function cloudResourceRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Built in issue 32.
}
