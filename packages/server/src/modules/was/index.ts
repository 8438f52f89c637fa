// The face of web-application scanning on the server: web profiles (scan/wprofiles/), web and discovery scans
// (scan/wscans/, scan/wdscans/), their runs (scan/wruns/), the web test catalogue (nvt/wvtests-simple/) and the
// built-in web profiles the bootstrap seeds. Other modules import it from here only.
import type { FastifyInstance } from 'fastify';
import { WEB_SCAN_KIND } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { scanProfileRoutes } from '../profiles/index.ts';
import { runRoutes } from '../scans/index.ts';
import { webProfileStore } from './profile-service.ts';
import { webCatalogueRoutes } from './routes-catalogue.ts';
import { webScanRouteSets } from './routes-scans.ts';

export { seedBuiltinWebProfiles, BUILTIN_WEB_PROFILES } from './builtin.ts';

export function wasModule(app: FastifyInstance, ctx: AppContext): void {
  scanProfileRoutes(app, ctx, webProfileStore(ctx.secrets));
  webScanRouteSets(app, ctx);
  runRoutes(app, ctx, WEB_SCAN_KIND);
  webCatalogueRoutes(app, ctx);
}
