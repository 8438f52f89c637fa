// The remote probe's API under /api/probe-agent/: register with a one-time token, then heartbeat, claim, report and
// finish tasks, and leave. Authenticated with `Authorization: Probe <id>:<secret>`; no session, no CSRF.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentClaimed,
  agentFinish,
  agentFinished,
  agentHeartbeat,
  agentHeartbeatReply,
  agentLeave,
  agentLeft,
  agentRegister,
  agentRegistered,
  agentClaim,
  agentReport,
  agentReportReply,
  SCAN_ERROR_TYPE,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { consume } from '../../http/rate-limit.ts';
import { queueLiveProcessing, startRunProcessing } from '../results/index.ts';
import { saveWebProgress, webEngineRefusal } from './web-progress.ts';
import { saveCloudProgress } from './cloud-task-spec.ts';
import { claimTask, finishTask, reportTask, taskExists, type Claimer, type TaskOutcome } from '../tasks/index.ts';
import { probeAuth, probeOf } from './agent-auth.ts';
import { agentAction, heartbeat, leave, registerProbe } from './agent-service.ts';
import type { ProbeRow } from './repo.ts';
import { releaseVault } from '../vault/index.ts';
import { taskSpecOf } from './task-spec.ts';
import { idParams } from '../../http/list.ts';

const tags = ['probe-agent'];
/** Results and checkpoints of a large task are big JSON documents. */
const LARGE_BODY = 64 * 1024 * 1024;

const claimerOf = (p: ProbeRow): Claimer => ({ kind: 'probe', probeId: p.id, customerId: p.customerId });

/** 404 when the task is not the probe's customer's; 409 when it is no longer this probe's (the probe drops it). */
async function notYours(ctx: AppContext, probe: ProbeRow, taskId: number): Promise<never> {
  if (!(await taskExists(ctx.db, probe.customerId, taskId))) throw notFound();
  throw new ApiError(409, { detail: 'This task is no longer assigned to this probe.' });
}

export function probeAgentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentAuth = probeAuth(ctx);

  r.post(
    '/api/probe-agent/register/',
    {
      // The one-time registration token in the body is the credential: rate-limited per address.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Register a probe with its one-time token; answers the secret it authenticates with from now on',
        body: agentRegister,
        response: { 201: agentRegistered },
      },
    },
    async (request, reply) => {
      await consume(ctx.db, [{ key: `probe-register:ip:${request.ip}`, max: 20, windowSeconds: 900 }]);
      return reply.code(201).send(await registerProbe(ctx, request.body, request.ip));
    },
  );

  r.post(
    '/api/probe-agent/heartbeat/',
    {
      config: { access: 'probe-agent' },
      preValidation: agentAuth,
      schema: {
        tags,
        summary: 'The probe is alive; answers what to do with each task it runs',
        body: agentHeartbeat,
        response: { 200: agentHeartbeatReply },
      },
    },
    async (request) => heartbeat(ctx, probeOf(request), request.body, request.ip),
  );

  r.post(
    '/api/probe-agent/claim/',
    {
      config: { access: 'probe-agent' },
      preValidation: agentAuth,
      schema: {
        tags,
        summary: 'Claim the oldest task waiting for this probe (204 when none); web tasks need the current web engine',
        body: agentClaim,
        response: { 200: agentClaimed, 204: z.null().describe('No task is waiting.') },
      },
    },
    async (request, reply) => {
      const probe = probeOf(request);
      const claimed = await claimTask(ctx.db, claimerOf(probe));
      if (!claimed) return reply.code(204).send(null);
      // A web task on a probe whose web engine is older than the server's (or unknown): error 11, not a wrong scan.
      const refusal = claimed.run.scanType === 'was' ? webEngineRefusal(request.body?.web_engine ?? null) : null;
      if (refusal) {
        const finished = await finishTask(ctx.db, ctx, claimerOf(probe), claimed.task.id, refusal);
        if (finished?.runReady) await startRunProcessing(ctx, claimed.task.runId);
        return reply.code(204).send(null);
      }
      let spec;
      try {
        spec = await taskSpecOf(ctx, claimed);
      } catch (err) {
        // What the task needs is gone (a policy removed since the run started): it fails with why, nobody waits on it.
        const message = err instanceof Error ? err.message : String(err);
        const finished = await finishTask(ctx.db, ctx, claimerOf(probe), claimed.task.id, { outcome: 'failed', message });
        await releaseVault(ctx, claimed.task.id);
        if (finished?.runReady) await startRunProcessing(ctx, claimed.task.runId);
        return reply.code(204).send(null);
      }
      return reply.code(200).send({ task: { ...spec, profile: { ...spec.profile } } });
    },
  );

  r.post(
    '/api/probe-agent/tasks/:id/report/',
    {
      config: { access: 'probe-agent' },
      preValidation: agentAuth,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'Progress, checkpoint and errors of a task; answers continue, pause or cancel',
        params: idParams,
        body: agentReport,
        response: { 200: agentReportReply },
      },
    },
    async (request) => {
      const probe = probeOf(request);
      const b = request.body;
      const row = await reportTask(ctx.db, claimerOf(probe), request.params.id, {
        progress: b.progress,
        hostsDone: b.hosts_done,
        hostsTotal: b.hosts_total,
        checkpoint: b.checkpoint ?? undefined,
        errors: b.errors,
      });
      if (!row) return notYours(ctx, probe, request.params.id);
      await saveWebProgress(ctx.db, row.id, b.web);
      await saveCloudProgress(ctx.db, row.id, b.cloud);
      // Live hosts arrived: their findings show on the run's page during the scan.
      if (b.checkpoint?.done.some((h) => h.alive)) await queueLiveProcessing(ctx, row.runId);
      return { action: agentAction(row) };
    },
  );

  r.post(
    '/api/probe-agent/tasks/:id/finish/',
    {
      config: { access: 'probe-agent' },
      preValidation: agentAuth,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'The probe is done with a task: its result, its checkpoint when paused, or why it failed',
        params: idParams,
        body: agentFinish,
        response: { 200: agentFinished },
      },
    },
    async (request) => {
      const probe = probeOf(request);
      const b = request.body;
      const outcome: TaskOutcome =
        b.outcome === 'done'
          ? { outcome: 'done', result: b.result, errors: b.errors, web: b.web, cloud: b.cloud }
          : b.outcome === 'stopped'
            ? { outcome: 'stopped', checkpoint: b.checkpoint ?? null }
            : b.outcome === 'cancelled'
              ? { outcome: 'cancelled', checkpoint: b.checkpoint ?? null, web: b.web, cloud: b.cloud }
              : {
                  outcome: 'failed',
                  type: SCAN_ERROR_TYPE.internal,
                  message: b.message || 'The probe could not run the task.',
                  checkpoint: b.checkpoint ?? null,
                  web: b.web,
                  cloud: b.cloud,
                };
      const finished = await finishTask(ctx.db, ctx, claimerOf(probe), request.params.id, outcome);
      if (!finished) return notYours(ctx, probe, request.params.id);
      await releaseVault(ctx, request.params.id);
      if (finished.runReady) await startRunProcessing(ctx, finished.task.runId);
      return { state: finished.task.state, run_ready: finished.runReady };
    },
  );

  r.post(
    '/api/probe-agent/leave/',
    {
      config: { access: 'probe-agent' },
      preValidation: agentAuth,
      bodyLimit: LARGE_BODY,
      schema: {
        tags,
        summary: 'The probe shuts down: it shows offline and its tasks go back to the queue with their checkpoints',
        body: agentLeave,
        response: { 200: agentLeft },
      },
    },
    async (request) => {
      const probe = probeOf(request);
      return { released: await leave(ctx, probe, request.body.tasks) };
    },
  );
}
