// The scans module (network and policy scans): its routes. Its background work (the scheduler, the built-in probe) is
// declared in jobs.ts and started by the composition root.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { POLICY_SCAN_KIND } from '@bulwark/core';
import { runRoutes } from './routes-runs.ts';
import { scanRoutes } from './routes-scans.ts';

export function scansModule(app: FastifyInstance, ctx: AppContext): void {
  scanRoutes(app, ctx);
  scanRoutes(app, ctx, POLICY_SCAN_KIND);
  runRoutes(app, ctx);
  runRoutes(app, ctx, POLICY_SCAN_KIND);
}
