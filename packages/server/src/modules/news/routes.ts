// HTTP routes of the news feed (feature-areas §7 News feed): the signed-in user's feed (page size 5 unless asked, with
// the unread count), marking one or all read; and the platform operators' announcements (list, write, change, delete).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announcement, announcementInput, NEWS_PAGE_SIZE, newsItem } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { getAnnouncement, listAnnouncements, markAllRead, markRead, newsFeed, type Reader } from './repo.ts';
import { createAnnouncement, deleteAnnouncement, updateAnnouncement } from './service.ts';

const tags = ['news'];
const feedQuery = pageQuery.extend({
  page_size: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(100, 'Ensure this value is less than or equal to 100.')
    .default(NEWS_PAGE_SIZE),
});
const readerOf = (request: FastifyRequest): Reader => {
  const auth = authOf(request);
  return { userId: auth.user.id, customerId: auth.customer.id };
};

export function newsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/news-feed/announcements/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'My news feed, newest first (5 a page unless asked), with how many I have not read',
        querystring: feedQuery,
        response: { 200: pagedSchema(newsItem).extend({ unread: z.number().int() }) },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const feed = await newsFeed(ctx.db, readerOf(request), page, page_size, new Date());
      return { ...paged(request, page, page_size, feed.count, feed.rows), unread: feed.unread };
    },
  );

  r.post(
    '/api/news-feed/announcements/mark_all_read/',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Mark every item of my feed read', response: { 200: z.object({ marked: z.number().int() }) } },
    },
    async (request) => ({ marked: await markAllRead(ctx.db, readerOf(request), new Date()) }),
  );

  r.post(
    '/api/news-feed/announcements/:id/mark_read/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Mark one item read',
        params: idParams,
        response: { 200: z.object({ id: z.number().int(), read: z.boolean() }) },
      },
    },
    async (request) => {
      if (!(await markRead(ctx.db, readerOf(request), request.params.id, new Date()))) throw notFound();
      return { id: request.params.id, read: true };
    },
  );

  r.get(
    '/api/platform/announcements/',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Every news item of the installation (platform operators)',
        querystring: pageQuery,
        response: { 200: pagedSchema(announcement) },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, rows } = await listAnnouncements(ctx.db, page, page_size);
      return paged(request, page, page_size, count, rows);
    },
  );

  r.post(
    '/api/platform/announcements/',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Write an announcement for every customer or one',
        body: announcementInput,
        response: { 201: announcement },
      },
    },
    async (request, reply) => reply.code(201).send(await createAnnouncement(ctx.db, authOf(request).user.id, request.body, new Date())),
  );

  r.get(
    '/api/platform/announcements/:id/',
    { config: { access: 'operator' }, schema: { tags, summary: 'One announcement', params: idParams, response: { 200: announcement } } },
    async (request) => {
      const found = await getAnnouncement(ctx.db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  r.put(
    '/api/platform/announcements/:id/',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Change an announcement', params: idParams, body: announcementInput, response: { 200: announcement } },
    },
    async (request) => updateAnnouncement(ctx.db, request.params.id, request.body, new Date()),
  );

  r.delete(
    '/api/platform/announcements/:id/',
    { config: { access: 'operator' }, schema: { tags, summary: 'Delete an announcement', params: idParams } },
    async (request, reply) => {
      await deleteAnnouncement(ctx.db, request.params.id);
      return reply.code(204).send();
    },
  );
}
