// A stand-in for a Kubernetes API server (a real cluster cannot run here), answering the calls Bulwark makes exactly as
// the published API does (kubernetes.io/docs/reference/kubernetes-api): GET /version (open to anonymous callers, as
// the system:public-info-viewer role allows), POST SelfSubjectReview (authentication.k8s.io/v1) and
// SelfSubjectAccessReview (authorization.k8s.io/v1), and 401 Status objects for unknown tokens. HTTPS with a
// certificate from a CA made for the test (openssl), on a loopback address.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KubernetesApi {
  url: string;
  /** The test CA's certificate (PEM) and its file. */
  ca: string;
  caFile: string;
  /** A token that may list everything, one that may list pods but not nodes. */
  adminToken: string;
  podsOnlyToken: string;
  /** Authorization headers the server received, in order. */
  seen: (string | undefined)[];
  stop(): Promise<void>;
}

const unauthorized = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'Unauthorized',
  reason: 'Unauthorized',
  code: 401,
};

export async function startKubernetesApi(host: string): Promise<KubernetesApi> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-kube-'));
  const f = (n: string) => join(dir, n);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=bulwark-test-kubernetes-ca',
  );
  ssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    f('server.key'),
    '-out',
    f('server.csr'),
    '-subj',
    '/CN=kube-apiserver',
  );
  writeFileSync(f('ext.cnf'), `subjectAltName=IP:${host},DNS:kubernetes.default.svc\n`);
  ssl(
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-out',
    f('server.pem'),
    '-days',
    '2',
    '-extfile',
    f('ext.cnf'),
  );
  const adminToken = `eyJhbGciOiJSUzI1NiJ9.admin.${Math.random().toString(36).slice(2)}`;
  const podsOnlyToken = `eyJhbGciOiJSUzI1NiJ9.pods.${Math.random().toString(36).slice(2)}`;
  const users: Record<string, { username: string; may: string[] }> = {
    [adminToken]: { username: 'system:serviceaccount:bulwark:scanner', may: ['pods', 'nodes', 'namespaces'] },
    [podsOnlyToken]: { username: 'system:serviceaccount:team-a:viewer', may: ['pods'] },
  };
  const seen: (string | undefined)[] = [];
  const server: Server = createServer({ key: readFileSync(f('server.key')), cert: readFileSync(f('server.pem')) }, (req, res) => {
    seen.push(req.headers.authorization);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'https://x');
      if (req.method === 'GET' && url.pathname === '/version')
        return send(200, {
          major: '1',
          minor: '30',
          gitVersion: 'v1.30.4',
          gitCommit: 'a51b3b711150f57ffc1f526a640ec058514ed596',
          gitTreeState: 'clean',
          buildDate: '2024-08-14T19:04:29Z',
          goVersion: 'go1.22.5',
          compiler: 'gc',
          platform: 'linux/amd64',
        });
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const user = token ? users[token] : undefined;
      if (!user) return send(401, unauthorized);
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      if (req.method === 'POST' && url.pathname === '/apis/authentication.k8s.io/v1/selfsubjectreviews')
        return send(201, {
          kind: 'SelfSubjectReview',
          apiVersion: 'authentication.k8s.io/v1',
          metadata: { creationTimestamp: null },
          status: {
            userInfo: {
              username: user.username,
              uid: '5f2ab7d6-0d1a-4e55-9c64-5d0f4a1b8e01',
              groups: ['system:serviceaccounts', 'system:authenticated'],
            },
          },
        });
      if (req.method === 'POST' && url.pathname === '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews') {
        const attrs = (body.spec as { resourceAttributes?: { verb?: string; resource?: string } } | undefined)?.resourceAttributes ?? {};
        const allowed = attrs.verb === 'list' && user.may.includes(attrs.resource ?? '');
        return send(201, {
          kind: 'SelfSubjectAccessReview',
          apiVersion: 'authorization.k8s.io/v1',
          metadata: { creationTimestamp: null },
          spec: body.spec,
          status: allowed ? { allowed: true, reason: 'RBAC: allowed by ClusterRoleBinding "bulwark-scanner"' } : { allowed: false },
        });
      }
      return send(404, {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'the server could not find the requested resource',
        reason: 'NotFound',
        code: 404,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `https://${host}:${port}`,
    ca: readFileSync(f('ca.pem'), 'utf8'),
    caFile: f('ca.pem'),
    adminToken,
    podsOnlyToken,
    seen,
    async stop() {
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
