// The scans module (network and policy scans): its routes, the probe timing from config, and the built-in probe started with the app
// (when BULWARK_BUILTIN_PROBE is on) and stopped before the database closes.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { BuiltinProbe } from './builtin-probe.ts';
import { POLICY_SCAN_KIND } from '@bulwark/core';
import { runRoutes } from './routes-runs.ts';
import { scanRoutes } from './routes-scans.ts';
import { probeTiming } from '../tasks/index.ts';

export function scansModule(app: FastifyInstance, ctx: AppContext): void {
  probeTiming.offlineAfterMs = ctx.config.probeOfflineSeconds * 1000;
  scanRoutes(app, ctx);
  scanRoutes(app, ctx, POLICY_SCAN_KIND);
  runRoutes(app, ctx);
  runRoutes(app, ctx, POLICY_SCAN_KIND);
  if (!ctx.config.builtinProbe) return;
  const probe = new BuiltinProbe(ctx, { maxTasks: ctx.config.builtinProbeTasks });
  app.addHook('onReady', async () => probe.start());
  // preClose runs before every onClose hook, so running tasks are handed back while the database is still open.
  app.addHook('preClose', async () => probe.stop());
}
