// HTTP routes of phishing templates, web training and e-mail templates, previews and the video thumbnail lookup.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export function fraTemplateRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
