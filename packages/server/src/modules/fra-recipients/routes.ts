// HTTP routes of recipients (CRUD, import, Azure AD sync), domains and domain categories.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function fraRecipientRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
