// HTTP routes of cloud scanning: scan/cprofiles/ (the generic profile routes with the cloud ProfileStore) and the credential test.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function cloudProfileRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Built in issue 32.
}
