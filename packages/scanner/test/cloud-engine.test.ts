// The cloud engine on the AWS provider: the call budget (at most `parallel` calls in flight, throttling answered as
// AWS does — EC2's RequestLimitExceeded, KMS's ThrottlingException, a 429 — backed off and retried), abort handing
// back what was found, the resource limit, refused credentials, a control that throws, progress, and the probe's
// task path (reports, cancel, credentials dropped). A local proxy in front of moto counts and throttles the calls.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { motoSource, startMoto, type Moto } from './cloud-helpers/moto.ts';
import { KEY, MOTO_ACCOUNT, seedAccount } from './cloud-aws-seed.ts';
import { runCloudScan } from '../src/cloud/engine.ts';
import { CLOUD_PROVIDERS } from '../src/cloud/providers.ts';
import type { CloudScanEvent, CloudScanResult, CloudScanSpec } from '../src/cloud/types.ts';
import { executeTask, type TaskReport, type TaskSpec } from '../src/agent/execute.ts';

const source = motoSource();
const AWS = CLOUD_PROVIDERS.aws;

/** The call's name as AWS routes it: the query protocol's Action, the JSON protocol's X-Amz-Target, else the path. */
const actionOf = (req: http.IncomingMessage, body: string): string =>
  new URLSearchParams(body).get('Action') ??
  String(req.headers['x-amz-target'] ?? '')
    .split('.')
    .pop() ??
  req.url ??
  '';

interface Proxy {
  url: string;
  requests: string[];
  peak: number;
  /** Answers the next `times` calls of `action` with a throttling error. */
  throttle(action: string, times: number, answer: { status: number; type: string; body: string }): void;
  onRequest?: (action: string, count: number) => void;
  close(): Promise<void>;
}

/** A proxy on the test's loopback address in front of `target`, counting calls in flight. */
async function startProxy(address: string, target: string): Promise<Proxy> {
  const to = new URL(target);
  const throttles = new Map<string, { times: number; answer: { status: number; type: string; body: string } }>();
  let active = 0;
  const proxy: Proxy = {
    url: '',
    requests: [],
    peak: 0,
    throttle: (action, times, answer) => throttles.set(action, { times, answer }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const action = actionOf(req, body.toString());
      proxy.requests.push(action);
      proxy.onRequest?.(action, proxy.requests.length);
      active++;
      proxy.peak = Math.max(proxy.peak, active);
      const done = () => active--;
      const rule = throttles.get(action);
      if (rule && rule.times > 0) {
        rule.times--;
        res.writeHead(rule.answer.status, { 'content-type': rule.answer.type, 'x-amzn-requestid': 'throttled' });
        // Answered a moment later, as a busy endpoint would, so the calls in flight overlap.
        setTimeout(() => res.end(rule.answer.body, done), 5);
        return;
      }
      const upstream = http.request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', done);
        },
      );
      upstream.on('error', () => {
        done();
        res.destroy();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  proxy.url = `http://${address}:${(server.address() as AddressInfo).port}`;
  return proxy;
}

const EC2_THROTTLED = {
  status: 503,
  type: 'text/xml;charset=UTF-8',
  body: '<?xml version="1.0" encoding="UTF-8"?><Response><Errors><Error><Code>RequestLimitExceeded</Code><Message>Request limit exceeded.</Message></Error></Errors><RequestID>5b1f8b5a-0001</RequestID></Response>',
};
const KMS_THROTTLED = {
  status: 400,
  type: 'application/x-amz-json-1.1',
  body: JSON.stringify({ __type: 'ThrottlingException', message: 'Rate exceeded' }),
};
const IAM_429 = {
  status: 429,
  type: 'text/xml',
  body: '<ErrorResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/"><Error><Type>Sender</Type><Code>Throttling</Code><Message>Rate exceeded</Message></Error><RequestId>5b1f8b5a-0002</RequestId></ErrorResponse>',
};

describe.skipIf('missing' in source)('cloud engine (AWS on moto)', () => {
  let moto: Moto;
  let full: CloudScanResult;
  const spec = (endpoint: string, over: Partial<CloudScanSpec> = {}): CloudScanSpec => ({
    provider: 'aws',
    credentials: { auth: 'keys', access_key_id: KEY.accessKeyId, secret_access_key: KEY.secretAccessKey },
    regions: ['us-east-1'],
    endpoints: { aws: endpoint },
    ...over,
  });

  beforeAll(async () => {
    moto = await startMoto('127.0.70.3');
    await seedAccount(moto.url);
    full = await runCloudScan(spec(moto.url));
  }, 180_000);
  afterAll(async () => {
    await moto?.stop();
  });

  it('keeps at most `parallel` calls in flight and retries throttled calls (503 RequestLimitExceeded, ThrottlingException, 429)', async () => {
    const proxy = await startProxy('127.0.70.4', moto.url);
    try {
      proxy.throttle('DescribeVpcs', 2, EC2_THROTTLED);
      proxy.throttle('ListKeys', 1, KMS_THROTTLED);
      proxy.throttle('ListUsers', 1, IAM_429);
      const scan = await runCloudScan(spec(proxy.url, { limits: { parallel: 3, requestsPerSecond: 1000 } }));
      expect(scan.errors).toEqual([]);
      expect(scan.stats.throttled).toBe(4);
      expect(proxy.peak).toBeLessThanOrEqual(3);
      expect(proxy.peak).toBeGreaterThan(1);
      expect(proxy.requests.filter((a) => a === 'DescribeVpcs')).toHaveLength(3);
      expect(scan.stats.calls).toBe(proxy.requests.length);
      // Nothing lost to the throttling: the same resources as a scan that was never throttled.
      expect(scan.resources.map((r) => r.uid).sort()).toEqual(full.resources.map((r) => r.uid).sort());
      expect(scan.results.filter((r) => r.status === 'error')).toEqual([]);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('starts no more than requestsPerSecond calls in any second', async () => {
    const proxy = await startProxy('127.0.70.5', moto.url);
    const starts: number[] = [];
    proxy.onRequest = () => starts.push(performance.now());
    try {
      await runCloudScan(spec(proxy.url, { limits: { parallel: 8, requestsPerSecond: 25 } }));
      for (let i = 0; i < starts.length; i++) {
        const inWindow = starts.filter((t) => t >= starts[i]! && t < starts[i]! + 1000).length;
        // One more than the rate: a call started at the edge of the window may arrive a little late.
        expect(inWindow).toBeLessThanOrEqual(26);
      }
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('hands back what it found so far when aborted, and makes no call after', async () => {
    const proxy = await startProxy('127.0.70.6', moto.url);
    const stop = new AbortController();
    let atAbort = 0;
    proxy.onRequest = (_action, count) => {
      if (count === 12) {
        stop.abort();
        atAbort = count;
      }
    };
    try {
      const scan = await runCloudScan(spec(proxy.url, { limits: { parallel: 2, requestsPerSecond: 1000 } }), { signal: stop.signal });
      // The calls in flight when it stopped finish; none starts afterwards.
      expect(proxy.requests.length).toBeLessThanOrEqual(atAbort + 1);
      expect(scan.account).toBe(MOTO_ACCOUNT);
      expect(scan.resources.length).toBeGreaterThan(0);
      expect(scan.resources.length).toBeLessThan(full.resources.length);
      expect(scan.errors.filter((e) => e.type === SCAN_ERROR_TYPE.internal)).toEqual([]);
      // What was never read is an error of the controls that need it, not a failure.
      expect(scan.results.some((r) => r.status === 'error')).toBe(true);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('stops at maxResources with an error saying so', async () => {
    const scan = await runCloudScan(spec(moto.url, { limits: { maxResources: 5 } }));
    expect(scan.resources).toHaveLength(5);
    expect(scan.errors).toEqual([
      expect.objectContaining({ type: SCAN_ERROR_TYPE.limits_exceeded, message: expect.stringMatching(/5 resources/) }),
    ]);
  }, 60_000);

  it('reports refused credentials as auth failed (4), and the credential test says so', async () => {
    const refusing = http.createServer((_req, res) => {
      res.writeHead(403, { 'content-type': 'text/xml' });
      res.end(
        '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>InvalidClientTokenId</Code><Message>The security token included in the request is invalid.</Message></Error><RequestId>x</RequestId></ErrorResponse>',
      );
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.70.7', resolve));
    const url = `http://127.0.70.7:${(refusing.address() as AddressInfo).port}`;
    try {
      const scan = await runCloudScan(spec(url));
      expect(scan.errors).toEqual([
        expect.objectContaining({ type: SCAN_ERROR_TYPE.auth_failed, message: expect.stringMatching(/InvalidClientTokenId/) }),
      ]);
      expect(scan.resources).toEqual([]);
      expect(scan.results).toEqual([]);
      const tested = await AWS.test(spec(url));
      expect(tested).toMatchObject({ ok: false, account: null, missingPermissions: [] });
      expect(tested.message).toMatch(/refused: InvalidClientTokenId/);
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it('gives a control that throws status error, and evaluates the others', async () => {
    const broken = {
      ...AWS.controls[0]!,
      id: 'aws-test-broken',
      evaluate: () => {
        throw new Error('unexpected answer shape');
      },
    };
    const scan = await runCloudScan(spec(moto.url), {}, { ...AWS, controls: [...AWS.controls, broken] });
    expect(scan.results.find((r) => r.control === 'aws-test-broken')).toMatchObject({
      status: 'error',
      resource: null,
      message: expect.stringMatching(/unexpected answer shape/),
    });
    expect(scan.results.filter((r) => r.control !== 'aws-test-broken' && r.status === 'error')).toEqual([]);
  }, 60_000);

  it('reports progress through the phases, ending at 100 with the resources counted', async () => {
    const events: CloudScanEvent[] = [];
    const scan = await runCloudScan(spec(moto.url, { regions: ['us-east-1', 'eu-west-1'] }), {
      progressEveryMs: 20,
      onEvent: (e) => events.push(e),
    });
    const progress = events.flatMap((e) => (e.type === 'progress' ? [e.progress] : []));
    expect(progress[0]).toMatchObject({ phase: 'authenticate', percent: 0, regionsTotal: 2 });
    expect(progress.at(-1)).toMatchObject({
      phase: 'done',
      percent: 100,
      regionsDone: 2,
      resources: scan.resources.length,
      calls: scan.stats.calls,
    });
    expect(progress.some((p) => p.phase === 'evaluate')).toBe(true);
    const percents = progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  }, 60_000);

  describe('as a probe task', () => {
    const task = (cloud: CloudScanSpec): TaskSpec => ({
      id: 1,
      targets: [],
      exclude: [],
      profile: { standard_scan: false },
      checkpoint: null,
      cloud,
    });

    it('runs the cloud engine, reports its progress and drops the credentials when done', async () => {
      const reports: TaskReport[] = [];
      const t = task(spec(moto.url));
      const out = await executeTask(t, { report: async (r) => (reports.push(r), 'continue') }, undefined, { reportEveryMs: 50 });
      expect(out.outcome).toBe('done');
      expect(out.cloud?.account).toBe(MOTO_ACCOUNT);
      expect(out.cloud?.resources.length).toBe(full.resources.length);
      expect(reports.at(-1)?.cloud).toMatchObject({ phase: 'done', percent: 100 });
      expect(reports.at(-1)?.progress).toBe(100);
      expect(t.cloud?.credentials).toEqual({});
    }, 60_000);

    it('stops on a cancel answer and still hands back what it found', async () => {
      const t = task(spec(moto.url, { limits: { parallel: 1, requestsPerSecond: 1000 } }));
      let n = 0;
      const out = await executeTask(t, { report: async () => (++n >= 2 ? 'cancel' : 'continue') }, undefined, { reportEveryMs: 20 });
      expect(out.outcome).toBe('cancelled');
      expect(out.cloud?.account).toBe(MOTO_ACCOUNT);
      expect(out.cloud!.resources.length).toBeLessThan(full.resources.length);
      expect(t.cloud?.credentials).toEqual({});
    }, 60_000);

    it('makes an unreachable endpoint the run’s error, not a failed task', async () => {
      const reports: TaskReport[] = [];
      const out = await executeTask(task(spec('http://127.0.70.8:9')), { report: async (r) => (reports.push(r), 'continue') }, undefined, {
        reportEveryMs: 50,
      });
      expect(out.outcome).toBe('done');
      expect(reports.flatMap((r) => r.errors).length).toBeGreaterThan(0);
      expect(out.cloud?.errors.length).toBeGreaterThan(0);
    }, 60_000);
  });
});
if ('missing' in source) console.warn(`cloud engine tests skipped: ${source.missing}`);
