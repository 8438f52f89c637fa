// HTTP routes of the previews (fra/previews/…: a phishing template, a training invitation e-mail, a training, with
// sample inputs from the query) and of the video thumbnail lookup (fra/video-thumbnail/?url=). Reads only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVALID_VIDEO_LINK, videoThumbnail } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { getPhishingTemplate } from './phishing-templates.ts';
import {
  invitationEmail,
  invitationPreview,
  phishingPreview,
  previewPhishing,
  previewTraining,
  previewVars,
  trainingPreview,
} from './previews.ts';
import { getSessionTemplate } from './session-templates.ts';
import { lookUpVideo } from './video-thumbnail.ts';

const tags = ['phishing'];
const BASE = '/api/fra/previews/';
/** The template's id and any placeholder values (first_name=…, department=…) as sample inputs. */
const previewQuery = z.looseObject({ id: z.coerce.number({ error: 'Give an id.' }).int('Give an id.').positive('Give an id.') });
const NOT_EMAIL = 'This is not an e-mail template.';
const NOT_TRAINING = 'This is not a web training template.';

export function previewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${BASE}phishing-template/`,
    {
      config: { access: 'phishing:read' },
      schema: {
        tags,
        summary: 'A phishing template with sample inputs filled in',
        querystring: previewQuery,
        response: { 200: phishingPreview },
      },
    },
    async (request) => {
      const t = await getPhishingTemplate(ctx.db, authOf(request).customer.id, request.query.id);
      if (!t) throw notFound();
      return previewPhishing(t, previewVars(request.query));
    },
  );
  r.get(
    `${BASE}training-session-invitation-email/`,
    {
      config: { access: 'phishing:read' },
      schema: {
        tags,
        summary: 'A training invitation e-mail with sample inputs',
        querystring: previewQuery,
        response: { 200: invitationPreview },
      },
    },
    async (request) => {
      const t = await getSessionTemplate(ctx.db, authOf(request).customer.id, request.query.id);
      if (!t) throw notFound();
      if (t.session_type !== 'email') throw badRequest({ id: [NOT_EMAIL] });
      return invitationEmail(t, previewVars(request.query));
    },
  );
  r.get(
    `${BASE}training/`,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'A web training as its preview shows it', querystring: previewQuery, response: { 200: trainingPreview } },
    },
    async (request) => {
      const t = await getSessionTemplate(ctx.db, authOf(request).customer.id, request.query.id);
      if (!t) throw notFound();
      if (t.session_type !== 'website') throw badRequest({ id: [NOT_TRAINING] });
      return previewTraining(t, previewVars(request.query));
    },
  );
  r.get(
    '/api/fra/video-thumbnail/',
    {
      config: { access: 'phishing:read' },
      schema: {
        tags,
        summary: "A YouTube or Vimeo video's title and thumbnail, from its provider",
        querystring: z.object({
          url: z.string({ error: 'This field is required.' }).max(2000, 'Ensure this field has no more than 2000 characters.'),
        }),
        response: { 200: videoThumbnail },
      },
    },
    async (request) => {
      const found = await lookUpVideo(ctx, request.query.url);
      if (!found) throw badRequest({ url: [INVALID_VIDEO_LINK] });
      return found;
    },
  );
}
