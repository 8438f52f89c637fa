// The built-in probe's scan process: runs the tasks the server hands it with executeTask, so probing, timing and
// bookkeeping never wait on the server's HTTP and database work (and never make it wait). Reports go to the server,
// which writes them and answers with continue, pause or cancel; when the server goes away, every task stops.
import { setMaxListeners } from 'node:events';
import { executeTask, loadTemplates, type CommunityCache, type TaskDecision } from '@bulwark/scanner';
import type { FromScanProcess, ToScanProcess } from './protocol.ts';

interface Running {
  controller: AbortController;
  answers: Map<number, { resolve: (d: TaskDecision) => void; reject: (e: Error) => void }>;
}

const running = new Map<number, Running>();
const templates = loadTemplates().then((t) => t.templates);
// Community templates come with each task (as they do to remote probes); each text is parsed once per process.
const communityCache: CommunityCache = new Map();
let seq = 0;

const send = (message: FromScanProcess): void => {
  if (process.connected) process.send?.(message);
};

async function run(message: Extract<ToScanProcess, { type: 'run' }>): Promise<void> {
  const entry: Running = { controller: new AbortController(), answers: new Map() };
  setMaxListeners(0, entry.controller.signal);
  running.set(message.id, entry);
  try {
    const outcome = await executeTask(
      message.spec,
      {
        report: (report) =>
          new Promise<TaskDecision>((resolve, reject) => {
            const n = ++seq;
            entry.answers.set(n, { resolve, reject });
            send({ type: 'report', id: message.id, seq: n, report });
          }),
      },
      entry.controller.signal,
      { ...message.options, templates: await templates, communityCache },
    );
    send({ type: 'outcome', id: message.id, outcome });
  } catch (err) {
    send({ type: 'outcome', id: message.id, outcome: { outcome: 'failed', message: err instanceof Error ? err.message : String(err) } });
  } finally {
    running.delete(message.id);
  }
}

process.on('message', (message: ToScanProcess) => {
  if (message.type === 'run') void run(message);
  else if (message.type === 'abort') running.get(message.id)?.controller.abort();
  else if (message.type === 'answer') {
    const entry = running.get(message.id);
    const waiting = entry?.answers.get(message.seq);
    if (!entry || !waiting) return;
    entry.answers.delete(message.seq);
    if (message.decision) waiting.resolve(message.decision);
    else waiting.reject(new Error(message.error ?? 'The report was not taken.'));
  }
});

// The server is gone: stop every task (their hosts are in the database up to the last report) and leave.
process.on('disconnect', () => {
  for (const entry of running.values()) entry.controller.abort();
  setTimeout(() => process.exit(0), 2000).unref();
});
