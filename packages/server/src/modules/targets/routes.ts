// HTTP routes of scan targets: CRUD on scan/hosts/ and scan/ipranges/ (networks and ranges), and scan/ranges/ (many at once).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  scanHost,
  scanHostInput,
  scanIpRange,
  scanIpRangeInput,
  scanRangesInput,
  scanRangesResult,
  type ScanHost,
  type ScanIpRange,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody } from '../../http/list.ts';
import { normaliseHost, normaliseIpRange, type TargetKind } from '../assets/index.ts';
import { deleteTarget, getTarget, listTargets, type TargetOrdering, type TargetRow } from './repo.ts';
import { saveMany, saveTarget } from './service.ts';

const tags = ['scan targets'];
const HOST_KINDS: TargetKind[] = ['host'];
const RANGE_KINDS: TargetKind[] = ['network', 'range'];

export const toScanHost = (r: TargetRow): ScanHost => ({
  id: r.id,
  host: r.value,
  name: r.name,
  description: r.description,
  asset_type: 2,
  created: r.createdAt.toISOString(),
});
export const toScanIpRange = (r: TargetRow): ScanIpRange => ({
  id: r.id,
  iprange: r.value,
  kind: r.kind === 'network' ? 'network' : 'range',
  name: r.name,
  description: r.description,
  asset_type: 1,
  created: r.createdAt.toISOString(),
});

const search = z.string().trim().max(200).optional();
const hostsQuery = pageQuery.extend({ search, ordering: ordering(['host', 'name', 'created', 'id'], '-created') });
const rangesQuery = pageQuery.extend({ search, ordering: ordering(['iprange', 'name', 'created', 'id'], '-created') });
const column = (key: string): TargetOrdering => (key === 'host' || key === 'iprange' ? 'value' : (key as TargetOrdering));

type HostInput = z.output<typeof scanHostInput>;
type RangeInput = z.output<typeof scanIpRangeInput>;
const hostValues = (b: HostInput) => ({ kind: 'host' as const, value: normaliseHost(b.host), name: b.name, description: b.description });
const rangeValues = (b: RangeInput) => ({ ...normaliseIpRange(b.iprange), name: b.name, description: b.description });

export function targetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Hosts ------------------------------------------------------------------------------------------------------------

  r.get(
    '/api/scan/hosts/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'Hosts, paged; search in host, name and description',
        querystring: hostsQuery,
        response: { 200: pagedSchema(scanHost) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size, search: s, ordering: o } = request.query;
      const { count, rows } = await listTargets(ctx.db, auth.customer.id, HOST_KINDS, {
        page,
        pageSize: page_size,
        search: s,
        ordering: column(o.key),
        descending: o.descending,
      });
      return paged(request, page, page_size, count, rows.map(toScanHost));
    },
  );

  r.post(
    '/api/scan/hosts/',
    { config: { access: 'net_scans:create' }, schema: { tags, summary: 'Add a host', body: scanHostInput, response: { 201: scanHost } } },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await saveTarget(ctx.db, auth.customer.id, auth.user.id, 'host', hostValues(request.body));
      return reply.code(201).send(toScanHost(row!));
    },
  );

  r.get(
    '/api/scan/hosts/:id/',
    { config: { access: 'net_scans:read' }, schema: { tags, summary: 'One host', params: idParams, response: { 200: scanHost } } },
    async (request) => {
      const auth = authOf(request);
      const row = await getTarget(ctx.db, auth.customer.id, HOST_KINDS, request.params.id);
      if (!row) throw notFound();
      return toScanHost(row);
    },
  );

  const updateHost = async (customerId: number, userId: number, id: number, patch: Record<string, unknown>, whole: boolean) => {
    const current = await getTarget(ctx.db, customerId, HOST_KINDS, id);
    if (!current) throw notFound();
    const body = parseInput(
      scanHostInput,
      whole ? patch : { host: current.value, name: current.name, description: current.description, ...patch },
    );
    const row = await saveTarget(ctx.db, customerId, userId, 'host', hostValues(body), id);
    if (!row) throw notFound();
    return toScanHost(row);
  };
  r.put(
    '/api/scan/hosts/:id/',
    {
      config: { access: 'net_scans:update' },
      schema: { tags, summary: 'Change a host', params: idParams, body: scanHostInput, response: { 200: scanHost } },
    },
    async (request) => {
      const auth = authOf(request);
      return updateHost(auth.customer.id, auth.user.id, request.params.id, request.body, true);
    },
  );
  r.patch(
    '/api/scan/hosts/:id/',
    {
      config: { access: 'net_scans:update' },
      schema: { tags, summary: 'Change some fields of a host', params: idParams, body: patchBody, response: { 200: scanHost } },
    },
    async (request) => {
      const auth = authOf(request);
      return updateHost(auth.customer.id, auth.user.id, request.params.id, request.body, false);
    },
  );

  r.delete(
    '/api/scan/hosts/:id/',
    { config: { access: 'net_scans:delete' }, schema: { tags, summary: 'Delete a host (scans using it drop it)', params: idParams } },
    async (request, reply) => {
      const auth = authOf(request);
      if (!(await deleteTarget(ctx.db, auth.customer.id, HOST_KINDS, request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );

  // Networks and IP ranges -------------------------------------------------------------------------------------------

  r.get(
    '/api/scan/ipranges/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'Networks and IP ranges, paged; search in the range, name and description',
        querystring: rangesQuery,
        response: { 200: pagedSchema(scanIpRange) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size, search: s, ordering: o } = request.query;
      const { count, rows } = await listTargets(ctx.db, auth.customer.id, RANGE_KINDS, {
        page,
        pageSize: page_size,
        search: s,
        ordering: column(o.key),
        descending: o.descending,
      });
      return paged(request, page, page_size, count, rows.map(toScanIpRange));
    },
  );

  r.post(
    '/api/scan/ipranges/',
    {
      config: { access: 'net_scans:create' },
      schema: {
        tags,
        summary: 'Add a network (a.b.c.d/m) or an IP range (start-end)',
        body: scanIpRangeInput,
        response: { 201: scanIpRange },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await saveTarget(ctx.db, auth.customer.id, auth.user.id, 'iprange', rangeValues(request.body));
      return reply.code(201).send(toScanIpRange(row!));
    },
  );

  r.get(
    '/api/scan/ipranges/:id/',
    {
      config: { access: 'net_scans:read' },
      schema: { tags, summary: 'One network or IP range', params: idParams, response: { 200: scanIpRange } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await getTarget(ctx.db, auth.customer.id, RANGE_KINDS, request.params.id);
      if (!row) throw notFound();
      return toScanIpRange(row);
    },
  );

  const updateRange = async (customerId: number, userId: number, id: number, patch: Record<string, unknown>, whole: boolean) => {
    const current = await getTarget(ctx.db, customerId, RANGE_KINDS, id);
    if (!current) throw notFound();
    const body = parseInput(
      scanIpRangeInput,
      whole ? patch : { iprange: current.value, name: current.name, description: current.description, ...patch },
    );
    const row = await saveTarget(ctx.db, customerId, userId, 'iprange', rangeValues(body), id);
    if (!row) throw notFound();
    return toScanIpRange(row);
  };
  r.put(
    '/api/scan/ipranges/:id/',
    {
      config: { access: 'net_scans:update' },
      schema: { tags, summary: 'Change a network or IP range', params: idParams, body: scanIpRangeInput, response: { 200: scanIpRange } },
    },
    async (request) => {
      const auth = authOf(request);
      return updateRange(auth.customer.id, auth.user.id, request.params.id, request.body, true);
    },
  );
  r.patch(
    '/api/scan/ipranges/:id/',
    {
      config: { access: 'net_scans:update' },
      schema: {
        tags,
        summary: 'Change some fields of a network or IP range',
        params: idParams,
        body: patchBody,
        response: { 200: scanIpRange },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return updateRange(auth.customer.id, auth.user.id, request.params.id, request.body, false);
    },
  );

  r.delete(
    '/api/scan/ipranges/:id/',
    {
      config: { access: 'net_scans:delete' },
      schema: { tags, summary: 'Delete a network or IP range (scans using it drop it)', params: idParams },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!(await deleteTarget(ctx.db, auth.customer.id, RANGE_KINDS, request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );

  // Many at once -----------------------------------------------------------------------------------------------------

  r.post(
    '/api/scan/ranges/',
    {
      config: { access: 'net_scans:create' },
      schema: {
        tags,
        summary: 'Add many hosts, networks and IP ranges at once (one per line, or separated by commas or spaces); all or nothing',
        body: scanRangesInput,
        response: { 200: scanRangesResult, 201: scanRangesResult },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { rows, existing } = await saveMany(ctx.db, auth.customer.id, auth.user.id, request.body.targets);
      return reply.code(rows.length > 0 ? 201 : 200).send({
        hosts: rows.filter((row) => row.kind === 'host').map(toScanHost),
        ipranges: rows.filter((row) => row.kind !== 'host').map(toScanIpRange),
        existing,
      });
    },
  );
}
