// HTTP routes of network scan profiles: the kind's profile route set on scan/nprofiles/ (routes-kind.ts, with the network
// profile rules of service.ts) and noprofiles/ (the picker list).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NETWORK_SCAN_KIND, profileListItem } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { profileChoices } from './repo.ts';
import { scanProfileRoutes, type ProfileStore } from './routes-kind.ts';
import {
  changeProfile,
  copyProfile,
  createProfile,
  importProfile,
  inputOf,
  ownProfile,
  removeProfile,
  toExport,
  toNetworkProfile,
} from './service.ts';

const tags = ['scan profiles'];

export const NETWORK_PROFILES: ProfileStore<typeof NETWORK_SCAN_KIND> = {
  kind: NETWORK_SCAN_KIND,
  tags,
  summaries: {
    list: 'Network scan profiles the customer can use (its own and the built-ins), paged; search in name and description',
    create: 'Create a network scan profile',
    import: 'Import a profile from its export; a taken name gets the copy numbering ("Name (1)")',
    read: 'One network scan profile',
    change: 'Change a profile (not a built-in one)',
    patch: 'Change some fields of a profile (not a built-in one); the rest stay',
    remove: 'Delete a profile (not a built-in one, nor one a scan uses)',
    copy: 'Copy a profile (built-ins too) under the next free "Name (n)"',
    export: 'A profile as JSON that import accepts',
  },
  reply: (_db, _customerId, row) => toNetworkProfile(row),
  create: createProfile,
  import: importProfile,
  change: changeProfile,
  own: (db, customerId, id) => ownProfile(db, customerId, id),
  inputOf,
  copy: copyProfile,
  remove: (db, customerId, id) => removeProfile(db, customerId, id),
  toExport,
};

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  scanProfileRoutes(app, ctx, NETWORK_PROFILES);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/noprofiles/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'Every network profile the customer can use, built-ins first (for pickers)',
        response: { 200: z.array(profileListItem) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return profileChoices(ctx.db, auth.customer.id);
    },
  );
}
