// Reads a cluster through its API as `kubectl get` would: the server's version first without the token (so a server
// whose certificate does not verify, or a plain-HTTP URL, never sees it), then the lists the checks need, each paged
// with `limit` and `continue` (api-concepts "Retrieving large results sets in chunks"), a few lists at a time.
import {
  connectProblem,
  isCertificateProblem,
  KubeError,
  kubeCall,
  pick,
  type KubernetesLogin,
  type KubernetesOptions,
} from './request.ts';
import type { KubeInventory, KubeObject } from './types.ts';

export interface KubeReadOptions extends KubernetesOptions {
  /** Items asked for per page (default 250). */
  pageSize?: number;
  /** Lists read at the same time (default 4). */
  parallel?: number;
  signal?: AbortSignal;
}

/** The lists a scan reads: path below the API server, and the inventory field. */
const LISTS = [
  ['api/v1/nodes', 'nodes'],
  ['api/v1/namespaces', 'namespaces'],
  ['api/v1/pods', 'pods'],
  ['api/v1/serviceaccounts', 'serviceAccounts'],
  ['apis/rbac.authorization.k8s.io/v1/clusterrolebindings', 'clusterRoleBindings'],
  ['apis/rbac.authorization.k8s.io/v1/rolebindings', 'roleBindings'],
] as const;

/** Runs `jobs` with at most `n` at a time. */
async function bounded<T>(jobs: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, jobs.length)) }, worker));
  return out;
}

/** Every item of a list, page by page. */
export async function listAll(base: URL, path: string, token: string, options: KubeReadOptions): Promise<KubeObject[]> {
  const items: KubeObject[] = [];
  let cont: string | undefined;
  const limit = options.pageSize ?? 250;
  for (let pages = 0; pages < 10_000; pages++) {
    if (options.signal?.aborted) throw new KubeError('The cluster read was stopped.');
    const query = new URLSearchParams({ limit: String(limit) });
    if (cont) query.set('continue', cont);
    const answer = await kubeCall(base, `${path}?${query}`, token, options);
    if (answer.status === 410) throw new KubeError(`GET /${path}: the list changed too much while it was read (410 Expired); scan again.`);
    if (answer.status !== 200) {
      const message = pick(answer.body, 'message');
      throw new KubeError(`GET /${path} answered ${answer.status}${typeof message === 'string' ? `: ${message}` : ''}.`);
    }
    const page = pick(answer.body, 'items');
    if (Array.isArray(page)) items.push(...(page as KubeObject[]));
    const c = pick(answer.body, 'metadata', 'continue');
    if (typeof c !== 'string' || c === '') return items;
    cont = c;
  }
  throw new KubeError(`GET /${path}: more than 10,000 pages.`);
}

/**
 * The cluster as the checks see it. Throws (KubeError or the connection's error, with a message that says whether the
 * token was sent) when the server cannot be trusted or reached, or refuses the token; a list the token may not read
 * (403) is left empty and named in `failures`.
 */
export async function readCluster(login: KubernetesLogin, options: KubeReadOptions = {}): Promise<KubeInventory> {
  const base = new URL(login.url);
  if (base.protocol !== 'https:') throw new KubeError(`${login.url} is plain HTTP: Bulwark sends a token only over HTTPS.`);
  let versionAnswer;
  try {
    versionAnswer = await kubeCall(base, 'version', null, options);
  } catch (e) {
    throw new KubeError(`Could not reach ${login.url}: ${connectProblem(e)}`, { cause: e });
  }
  // Anonymous access: an unauthenticated GET of /api that answers 200 (the server also trusted for the probe above).
  const anonymous = await kubeCall(base, 'api', null, options).catch(() => null);
  let version = pick(versionAnswer.body, 'gitVersion');
  if (versionAnswer.status !== 200 || typeof version !== 'string') {
    // Some clusters hide /version from anonymous callers: ask again with the token (the certificate already verified).
    const again = await kubeCall(base, 'version', login.token, options);
    if (again.status === 401) throw new KubeError('The API server refused the token (401 Unauthorized).');
    version = pick(again.body, 'gitVersion');
    if (typeof version !== 'string') throw new KubeError(`This is not a Kubernetes API server (GET /version answered ${again.status}).`);
  }
  const inventory: KubeInventory = {
    url: login.url,
    version,
    anonymousApi: anonymous?.status === 200,
    nodes: [],
    namespaces: [],
    pods: [],
    serviceAccounts: [],
    clusterRoleBindings: [],
    roleBindings: [],
    failures: [],
  };
  await bounded(
    LISTS.map(([path, field]) => async () => {
      try {
        inventory[field] = await listAll(base, path, login.token, options);
      } catch (e) {
        if (isCertificateProblem(e)) throw e;
        const message = e instanceof Error ? e.message : String(e);
        if (/ answered 401/.test(message)) throw new KubeError('The API server refused the token (401 Unauthorized).');
        inventory.failures.push(message);
      }
    }),
    options.parallel ?? 4,
  );
  return inventory;
}
