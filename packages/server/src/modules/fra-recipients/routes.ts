// HTTP routes of recipients (CRUD, import, Azure AD sync), domains and domain categories, and the customer's Azure
// integration settings (app1/customer/{id}/azure/: the app registration the directory sync signs in with).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { integrationSettingsRoutes } from '../notifications/index.ts';
import { domainRoutes } from './routes-domains.ts';
import { recipientRoutes } from './routes-recipients.ts';

export function fraRecipientRoutes(app: FastifyInstance, ctx: AppContext): void {
  recipientRoutes(app, ctx);
  domainRoutes(app, ctx);
  integrationSettingsRoutes(app, ctx, 'azure');
}
