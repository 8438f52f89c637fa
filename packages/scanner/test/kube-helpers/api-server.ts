// A stand-in Kubernetes API server for the cluster scan's tests (a real cluster cannot run here). It answers as the
// published API does, following kubernetes.io/docs/reference/using-api/api-concepts/ ("Retrieving large results sets
// in chunks": `limit`, an opaque `continue` token in the list's metadata with remainingItemCount, 410 Expired for a
// token it no longer knows; Status objects for errors), .../using-api/ and .../kubernetes-api/ for the objects
// (Pod, Node, Namespace, ServiceAccount v1; ClusterRoleBinding, RoleBinding rbac.authorization.k8s.io/v1), discovery
// (GET /api → APIVersions, GET /apis → APIGroupList) and /version. Authentication as access-authn-authz/authentication:
// a bearer token; anonymous requests are 401 unless `anonymous` is on (then /api answers them, as a server started
// with --anonymous-auth=true and a binding of system:discovery to system:unauthenticated does). HTTPS with a
// certificate from a CA made for the test (openssl), on a loopback address.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type KubeObjects = Record<'nodes' | 'namespaces' | 'pods' | 'serviceaccounts' | 'clusterrolebindings' | 'rolebindings', object[]>;

export interface StandInApi {
  url: string;
  /** The test CA's certificate (PEM). */
  ca: string;
  token: string;
  /** What the cluster holds; tests change it between scans. */
  objects: KubeObjects;
  /** Answer anonymous GET /api with 200. */
  anonymous: boolean;
  /** Lists answered 403 (e.g. 'rolebindings'). */
  forbidden: Set<string>;
  /** Every request: path with query, and the Authorization header. */
  seen: { path: string; authorization: string | undefined }[];
  stop(): Promise<void>;
}

const status = (code: number, reason: string, message: string) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  reason,
  code,
});

/** A test CA and a server certificate for `host` signed by it. */
function certificates(host: string): { dir: string; key: Buffer; cert: Buffer; ca: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-kube-'));
  const f = (n: string) => join(dir, n);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  ssl('req', '-x509', ...ec, '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '2', '-subj', '/CN=bulwark-test-kube-ca');
  ssl('req', ...ec, '-keyout', f('server.key'), '-out', f('server.csr'), '-subj', '/CN=kube-apiserver');
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
  return { dir, key: readFileSync(f('server.key')), cert: readFileSync(f('server.pem')), ca: readFileSync(f('ca.pem'), 'utf8') };
}

const LISTS: Record<string, { key: keyof KubeObjects; kind: string; apiVersion: string }> = {
  '/api/v1/nodes': { key: 'nodes', kind: 'NodeList', apiVersion: 'v1' },
  '/api/v1/namespaces': { key: 'namespaces', kind: 'NamespaceList', apiVersion: 'v1' },
  '/api/v1/pods': { key: 'pods', kind: 'PodList', apiVersion: 'v1' },
  '/api/v1/serviceaccounts': { key: 'serviceaccounts', kind: 'ServiceAccountList', apiVersion: 'v1' },
  '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings': {
    key: 'clusterrolebindings',
    kind: 'ClusterRoleBindingList',
    apiVersion: 'rbac.authorization.k8s.io/v1',
  },
  '/apis/rbac.authorization.k8s.io/v1/rolebindings': {
    key: 'rolebindings',
    kind: 'RoleBindingList',
    apiVersion: 'rbac.authorization.k8s.io/v1',
  },
};

export async function startStandInApi(host: string, objects: KubeObjects): Promise<StandInApi> {
  const { dir, key, cert, ca } = certificates(host);
  const token = `eyJhbGciOiJSUzI1NiJ9.scanner.${Math.random().toString(36).slice(2)}`;
  const resourceVersion = '48213';
  // Continue tokens the server handed out: opaque to clients, tied to the list and the resource version.
  const tokens = new Map<string, { path: string; offset: number }>();
  const api: StandInApi = { url: '', ca, token, objects, anonymous: false, forbidden: new Set(), seen: [], stop: async () => {} };
  const server: Server = createServer({ key, cert }, (req, res) => {
    api.seen.push({ path: req.url ?? '/', authorization: req.headers.authorization });
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'https://x');
    if (req.method !== 'GET')
      return send(405, status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'));
    if (url.pathname === '/version')
      return send(200, {
        major: '1',
        minor: '29',
        gitVersion: 'v1.29.2',
        gitCommit: '4b8e819355d791d96b7e9d9efe4cbafae2311c88',
        gitTreeState: 'clean',
        buildDate: '2024-02-14T10:32:40Z',
        goVersion: 'go1.21.7',
        compiler: 'gc',
        platform: 'linux/amd64',
      });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const apiVersions = {
      kind: 'APIVersions',
      versions: ['v1'],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `${host}:6443` }],
    };
    if (!bearer)
      return url.pathname === '/api' && api.anonymous ? send(200, apiVersions) : send(401, status(401, 'Unauthorized', 'Unauthorized'));
    if (bearer !== token) return send(401, status(401, 'Unauthorized', 'Unauthorized'));
    if (url.pathname === '/api') return send(200, apiVersions);
    if (url.pathname === '/apis')
      return send(200, {
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: [
          {
            name: 'rbac.authorization.k8s.io',
            versions: [{ groupVersion: 'rbac.authorization.k8s.io/v1', version: 'v1' }],
            preferredVersion: { groupVersion: 'rbac.authorization.k8s.io/v1', version: 'v1' },
          },
        ],
      });
    const list = LISTS[url.pathname];
    if (!list) return send(404, status(404, 'NotFound', 'the server could not find the requested resource'));
    if (api.forbidden.has(list.key))
      return send(
        403,
        status(
          403,
          'Forbidden',
          `${list.key} is forbidden: User "system:serviceaccount:bulwark:scanner" cannot list resource "${list.key}" at the cluster scope`,
        ),
      );
    const items = api.objects[list.key];
    const limit = Number(url.searchParams.get('limit') ?? '0');
    const cont = url.searchParams.get('continue');
    let offset = 0;
    if (cont) {
      const t = tokens.get(cont);
      if (!t || t.path !== url.pathname)
        return send(410, status(410, 'Expired', 'The provided continue parameter is too old to display a consistent list result.'));
      offset = t.offset;
    }
    const page = limit > 0 ? items.slice(offset, offset + limit) : items.slice(offset);
    const next = offset + page.length;
    const metadata: Record<string, unknown> = { resourceVersion };
    if (next < items.length) {
      const c = Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: Number(resourceVersion), start: `${list.key}/${next}` })).toString(
        'base64',
      );
      tokens.set(c, { path: url.pathname, offset: next });
      metadata.continue = c;
      metadata.remainingItemCount = items.length - next;
    }
    return send(200, { kind: list.kind, apiVersion: list.apiVersion, metadata, items: page });
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  api.url = `https://${host}:${(server.address() as { port: number }).port}`;
  api.stop = async () => {
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  };
  return api;
}

const meta = (name: string, namespace?: string) => ({
  name,
  ...(namespace ? { namespace } : {}),
  uid: `uid-${namespace ?? ''}-${name}`,
  resourceVersion: '100',
});
const hardened = {
  runAsNonRoot: true,
  runAsUser: 10001,
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'] },
};
const limits = { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } };

/** A pod that passes every check. */
export const goodPod = (name: string, namespace = 'shop') => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: meta(name, namespace),
  spec: {
    serviceAccountName: 'web',
    automountServiceAccountToken: false,
    securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
    containers: [
      {
        name: 'web',
        image: 'registry.example/web:1.4.2',
        securityContext: hardened,
        resources: limits,
        volumeMounts: [{ name: 'config', mountPath: '/etc/web' }],
      },
    ],
    volumes: [{ name: 'config', configMap: { name: 'web-config' } }],
  },
  status: { phase: 'Running' },
});

/** The cluster the tests scan: every check passes on some objects and fails on others. */
export function sampleCluster(): KubeObjects {
  return {
    nodes: [
      {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: meta('node-a'),
        status: {
          nodeInfo: {
            kubeletVersion: 'v1.29.2',
            containerRuntimeVersion: 'containerd://1.7.13',
            osImage: 'Ubuntu 22.04.4 LTS',
            kernelVersion: '5.15.0-97-generic',
          },
        },
      },
      {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: meta('node-b'),
        status: {
          nodeInfo: {
            kubeletVersion: 'v1.28.7',
            containerRuntimeVersion: 'containerd://1.6.28',
            osImage: 'Ubuntu 22.04.4 LTS',
            kernelVersion: '5.15.0-97-generic',
          },
        },
      },
    ],
    namespaces: ['default', 'kube-system', 'shop'].map((n) => ({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: meta(n),
      status: { phase: 'Active' },
    })),
    pods: [
      goodPod('web-7d9f'),
      goodPod('web-8a1c'),
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: meta('debug-shell', 'default'),
        spec: {
          hostPID: true,
          hostNetwork: true,
          containers: [
            {
              name: 'shell',
              image: 'busybox:1.36',
              securityContext: { privileged: true, runAsUser: 0 },
              env: [
                { name: 'DB_PASSWORD', value: 'hunter2-not-a-real-one' },
                { name: 'API_TOKEN', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } },
                { name: 'LOG_LEVEL', value: 'debug' },
              ],
              volumeMounts: [{ name: 'host', mountPath: '/host' }],
            },
          ],
          volumes: [{ name: 'host', hostPath: { path: '/', type: 'Directory' } }],
        },
        status: { phase: 'Running' },
      },
    ],
    serviceaccounts: [
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta('default', 'default') },
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta('default', 'shop'), automountServiceAccountToken: false },
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta('web', 'shop'), automountServiceAccountToken: false },
    ],
    clusterrolebindings: [
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: meta('cluster-admin'),
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
        subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'system:masters' }],
      },
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: meta('ops-admins'),
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
        subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane@example.com' }],
      },
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: meta('public-view'),
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
        subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'system:unauthenticated' }],
      },
    ],
    rolebindings: [
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: meta('web-reader', 'shop'),
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'config-reader' },
        subjects: [{ kind: 'ServiceAccount', name: 'web', namespace: 'shop' }],
      },
    ],
  };
}
