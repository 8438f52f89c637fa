// The face of cloud scanning on the server (issue 32): cloud profiles (scan/cprofiles/ with their credential test),
// cloud scans and runs (scan/cscans/, scan/cruns/ with results and policy_results), the regions and the profile picker
// (cloud/supported-regions/{x}/, cloud/cloud_basics/), the control catalogue (cloud/controls/) and cloud resources as
// assets (cloud/resources/). Other modules import it from here only.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { cloudProfileRoutes } from './routes-profiles.ts';
import { cloudInfoRoutes } from './routes-info.ts';
import { cloudResourceRoutes } from './routes-resources.ts';
import { cloudScanRoutes } from './routes-scans.ts';

export function cloudModule(app: FastifyInstance, ctx: AppContext): void {
  cloudProfileRoutes(app, ctx);
  cloudInfoRoutes(app, ctx);
  cloudResourceRoutes(app, ctx);
  cloudScanRoutes(app, ctx);
}
