// HTTP routes of phishing templates, web training and e-mail templates, previews and the video thumbnail lookup.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { phishingTemplateRoutes } from './routes-phishing.ts';
import { previewRoutes } from './routes-previews.ts';
import { sessionTemplateRoutes } from './routes-sessions.ts';

export function fraTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  phishingTemplateRoutes(app, ctx);
  sessionTemplateRoutes(app, ctx);
  previewRoutes(app, ctx);
}
