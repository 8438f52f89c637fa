// Schemas of the scan appliance calls (platform-core §3, §7): probes, probe groups, registration tokens, and the remote
// probe's own calls under /api/probe-agent/.
import { z } from 'zod';
import { blank, name } from './fields.ts';
import { probeRef } from './scans.ts';

export const PROBE_STATUSES = ['pending', 'online', 'offline'] as const;
export type ProbeStatus = (typeof PROBE_STATUSES)[number];
export const PROBE_STATUS_LABELS: Record<ProbeStatus, string> = { pending: 'Not registered', online: 'Online', offline: 'Offline' };

export const probeInput = z.object({ name, group: z.number().int().positive().nullable().default(null) });
export const probe = z.object({
  id: z.number().int(),
  name: z.string(),
  group: probeRef.nullable(),
  status: z.enum(PROBE_STATUSES),
  status_label: z.string(),
  last_heartbeat: z.string().nullable(),
  registered: z.string().nullable(),
  hostname: z.string().nullable(),
  version: z.string().nullable(),
  address: z.string().nullable(),
  active_runs: z.number().int(),
  /** Whether an unused registration token exists, and until when. */
  token_expires: z.string().nullable(),
  builtin: z.boolean(),
  /**
   * The built-in probe's health and load (null for remote probes): this customer's tasks on it and the server's task
   * slots, the server's load average (1, 5, 15 minutes) and processors, and when it last reported on a task.
   */
  load: z
    .object({
      tasks_running: z.number().int(),
      task_slots: z.number().int(),
      load_average: z.array(z.number()),
      cpus: z.number().int(),
      last_report: z.string().nullable(),
    })
    .nullable(),
});
export type Probe = z.infer<typeof probe>;
/** The registration token, shown once when made. */
export const probeToken = z.object({ token: z.string(), expires: z.string(), command: z.string() });
export const probeGroupInput = z.object({ name, probes: z.array(z.number().int().positive()).max(1000).default([]) });
export const probeGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  probes: z.array(probeRef),
  active_runs: z.number().int(),
});

// The remote probe's own calls (under /api/probe-agent/), authenticated with `Authorization: Probe <id>:<secret>`.
export const agentRegister = z.object({
  token: z.string().min(1, blank).max(200),
  hostname: z.string().max(253).default(''),
  version: z.string().max(50).default(''),
});
export const agentRegistered = z.object({ probe_id: z.number().int(), secret: z.string(), name: z.string() });

/** POST probe/probes/: the new probe with its registration token (the token is shown this once). */
export const probeCreated = probe.extend({ registration: probeToken });
export const probePatch = z.object({ name: name.optional(), group: z.number().int().positive().nullable().optional() });
export const probeBasic = probeRef;

const taskIdList = z.array(z.number().int()).max(1000).default([]);

/** POST probe-agent/heartbeat/: who the probe is and which tasks it is working on. */
export const agentHeartbeat = z.object({
  hostname: z.string().max(253).default(''),
  version: z.string().max(50).default(''),
  running: taskIdList,
  /** The agent just started and holds no task: tasks the server still thinks it holds go back to the queue. */
  fresh: z.boolean().default(false),
});
export const AGENT_TASK_ACTIONS = ['continue', 'pause', 'cancel'] as const;
export type AgentTaskAction = (typeof AGENT_TASK_ACTIONS)[number];
export const agentTaskAction = z.object({ id: z.number().int(), action: z.enum(AGENT_TASK_ACTIONS) });
export const agentHeartbeatReply = z.object({ tasks: z.array(agentTaskAction) });

/** A finished host as the scanner reports it (its HostResult); the rest of it is checked when results are processed. */
const agentHost = z.looseObject({ address: z.string().min(1).max(255), alive: z.boolean() });
/**
 * Hosts a task finished. In reports, finish and leave it carries only the hosts finished since the previous report:
 * the server adds them to the ones it holds (a whole checkpoint, as older probes send, is added the same way). In a
 * claimed task it is every host finished so far, to skip.
 */
const agentCheckpoint = z.object({ done: z.array(agentHost).max(100_000) }).nullable();
const agentErrors = z
  .array(z.object({ type: z.number().int().min(0).max(17), message: z.string().max(2000), host: z.string().max(253).nullish() }))
  .max(10_000)
  .default([]);

/** What a remote probe is told to scan: the scanner's TaskSpec as JSON. */
export const agentTaskSpec = z.object({
  id: z.number().int(),
  targets: z.array(z.string()),
  exclude: z.array(z.string()),
  profile: z.record(z.string(), z.unknown()),
  /** Every host the task finished so far (down ones too), to skip. */
  checkpoint: z.object({ done: z.array(z.unknown()) }).nullable(),
  tests: z.array(z.string()).optional(),
  /** The community templates among the tests: YAML text and payload files, parsed by the probe. */
  community: z.array(z.object({ file: z.string(), yaml: z.string(), files: z.record(z.string(), z.string()).optional() })).optional(),
  /** The profile's Linux credentials, decrypted for this task only (sent over the agent's HTTPS), and the pinned SSH host keys. */
  credentials: z
    .object({
      linux: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          port: z.number().int(),
          username: z.string(),
          password: z.string().optional(),
          privateKey: z.string().optional(),
          passphrase: z.string().optional(),
          escalation: z.enum(['none', 'sudo', 'su']),
          escalationPassword: z.string().optional(),
        }),
      ),
      /** The profile's Windows credentials (SMB with NTLMv2), decrypted for this task only. */
      windows: z
        .array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            username: z.string(),
            password: z.string().optional(),
            domain: z.string(),
            ntlmV2Only: z.boolean(),
          }),
        )
        .optional(),
      pinnedHostKeys: z.record(z.string(), z.string()),
    })
    .optional(),
  /** A policy scan's content: the XCCDF benchmark with the documents it names, or an imported OVAL file. */
  policy: z
    .object({
      id: z.string(),
      name: z.string(),
      format: z.enum(['xccdf', 'oval']),
      main: z.string(),
      documents: z.record(z.string(), z.string()).optional(),
      profileId: z.string().optional(),
      ignoreBenchmarkPlatform: z.boolean().optional(),
    })
    .optional(),
  /** A web task: the scanner's WebScanSpec (target, scope, limits, tests, sign-in with its secrets for this task only). */
  web: z.unknown().optional(),
  /** A cloud task: the scanner's CloudScanSpec (provider, regions, credentials opened for this task only, endpoints). */
  cloud: z.unknown().optional(),
});
export const agentClaimed = z.object({ task: agentTaskSpec });

/** POST probe-agent/tasks/{id}/report/. */
export const agentReport = z.object({
  progress: z.number().min(0).max(100).optional(),
  hosts_done: z.number().int().min(0).optional(),
  hosts_total: z.number().int().min(0).optional(),
  checkpoint: agentCheckpoint.optional(),
  errors: agentErrors,
  /** A web task's progress (the scanner's WebScanProgress): shown on the run as urls_found, requests_sent, auth_state. */
  web: z
    .object({
      percent: z.number().min(0).max(100).default(0),
      urlsFound: z.number().int().min(0).default(0),
      requestsSent: z.number().int().min(0).default(0),
      phase: z.string().max(20).default(''),
      auth: z.string().max(20).default('none'),
    })
    .optional(),
  /** A cloud task's progress (the scanner's CloudScanProgress): kept on the task, shown on the run. */
  cloud: z
    .object({
      percent: z.number().min(0).max(100).default(0),
      phase: z.string().max(20).default(''),
      calls: z.number().int().min(0).default(0),
      resources: z.number().int().min(0).default(0),
      regionsDone: z.number().int().min(0).default(0),
      regionsTotal: z.number().int().min(0).default(0),
    })
    .optional(),
});
/** POST probe-agent/claim/: the web engine version the probe runs (a probe without it cannot take web tasks: error 11). */
export const agentClaim = z.object({ web_engine: z.number().int().min(0).nullable().default(null) }).default({ web_engine: null });
export const agentReportReply = z.object({ action: z.enum(AGENT_TASK_ACTIONS) });

/** POST probe-agent/tasks/{id}/finish/. */
export const agentFinish = z
  .object({
    outcome: z.enum(['done', 'stopped', 'cancelled', 'failed']),
    result: z.unknown().optional(),
    /** A web task's result (the engine's WebScanResult), checked when the run is processed. */
    web: z.unknown().optional(),
    /** A cloud task's result (the engine's CloudScanResult), checked when the run is processed. */
    cloud: z.unknown().optional(),
    checkpoint: agentCheckpoint.optional(),
    errors: agentErrors,
    message: z.string().max(2000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'done' && (v.result === undefined || v.result === null))
      ctx.addIssue({ code: 'custom', path: ['result'], message: 'A finished task must carry its result.' });
  });
export const agentFinished = z.object({ state: z.number().int(), run_ready: z.boolean() });

/**
 * POST probe-agent/leave/: the probe shuts down. It shows offline at once, and the tasks it held go back to the
 * queue with the checkpoints it sends (another probe of the group, or this one when it returns, carries on).
 */
export const agentLeave = z.object({
  tasks: z
    .array(z.object({ id: z.number().int(), checkpoint: agentCheckpoint }))
    .max(1000)
    .default([]),
});
export const agentLeft = z.object({ released: z.number().int() });
