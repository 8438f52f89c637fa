// Each cluster check on an object that passes it and one that fails it (the checks are pure: an inventory in, the
// failing objects and fields out), and the findings a whole inventory gives.
import { describe, expect, it } from 'vitest';
import { clusterFindings, clusterPort, KUBE_CHECKS, kubeCheckFacts, type KubeInventory } from '../src/kube/index.ts';
import { goodPod, sampleCluster } from './kube-helpers/api-server.ts';

const inventory = (over: Partial<KubeInventory> = {}): KubeInventory => ({
  url: 'https://10.0.0.1:6443',
  version: 'v1.29.2',
  anonymousApi: false,
  nodes: [],
  namespaces: [],
  pods: [],
  serviceAccounts: [],
  clusterRoleBindings: [],
  roleBindings: [],
  failures: [],
  ...over,
});
const check = (id: string) => KUBE_CHECKS.find((c) => c.id === id)!;
const pod = (spec: Record<string, unknown>, namespace = 'shop') => ({ metadata: { name: 'p', namespace }, spec });
const container = (c: Record<string, unknown>) => {
  const good = goodPod('p').spec.containers[0]!;
  return { ...good, ...c, securityContext: { ...good.securityContext, ...((c.securityContext as object) ?? {}) } };
};
const podWith = (c: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  pod({ ...goodPod('p').spec, containers: [container(c)], ...extra });
const binding = (kind: 'ClusterRoleBinding' | 'RoleBinding', name: string, role: string, subject: Record<string, unknown>) => ({
  kind,
  metadata: { name, ...(kind === 'RoleBinding' ? { namespace: 'shop' } : {}) },
  roleRef: { kind: 'ClusterRole', name: role },
  subjects: [subject],
});

describe('cluster checks', () => {
  it('the good pod passes every check', () => {
    const inv = inventory({
      pods: [goodPod('web')],
      serviceAccounts: [{ metadata: { name: 'default', namespace: 'shop' }, automountServiceAccountToken: false }],
    });
    for (const c of KUBE_CHECKS) expect(c.evaluate(inv), c.id).toEqual([]);
  });

  it('anonymous access: an unauthenticated GET /api answering 200', () => {
    expect(check('k8s-anonymous-api').evaluate(inventory())).toEqual([]);
    expect(check('k8s-anonymous-api').evaluate(inventory({ anonymousApi: true }))).toEqual([
      { object: 'API server https://10.0.0.1:6443', field: 'GET /api without credentials', value: '200 OK' },
    ]);
  });

  it('bindings to system:anonymous or system:unauthenticated', () => {
    const c = check('k8s-anonymous-binding');
    expect(
      c.evaluate(
        inventory({
          clusterRoleBindings: [binding('ClusterRoleBinding', 'authn', 'view', { kind: 'Group', name: 'system:authenticated' })],
        }),
      ),
    ).toEqual([]);
    expect(
      c.evaluate(inventory({ roleBindings: [binding('RoleBinding', 'open', 'edit', { kind: 'User', name: 'system:anonymous' })] })),
    ).toEqual([{ object: 'RoleBinding shop/open', field: 'subjects[0]', value: 'User system:anonymous → ClusterRole edit' }]);
  });

  it('cluster-admin bound beyond the system bindings', () => {
    const c = check('k8s-cluster-admin-binding');
    const system = binding('ClusterRoleBinding', 'cluster-admin', 'cluster-admin', { kind: 'Group', name: 'system:masters' });
    const other = binding('ClusterRoleBinding', 'ci', 'edit', { kind: 'ServiceAccount', name: 'ci', namespace: 'ci' });
    expect(c.evaluate(inventory({ clusterRoleBindings: [system, other] }))).toEqual([]);
    const ops = binding('ClusterRoleBinding', 'ops', 'cluster-admin', { kind: 'ServiceAccount', name: 'deployer', namespace: 'ci' });
    expect(c.evaluate(inventory({ clusterRoleBindings: [system, ops] }))).toEqual([
      { object: 'ClusterRoleBinding ops', field: 'subjects[0]', value: 'ServiceAccount ci/deployer → ClusterRole cluster-admin' },
    ]);
  });

  it('privileged containers', () => {
    const c = check('k8s-privileged-container');
    expect(c.evaluate(inventory({ pods: [podWith({ securityContext: { privileged: false } })] }))).toEqual([]);
    expect(c.evaluate(inventory({ pods: [podWith({ securityContext: { privileged: true } })] }))).toEqual([
      { object: 'Pod shop/p', field: 'spec.containers[web].securityContext.privileged', value: 'true' },
    ]);
  });

  it("the host's namespaces", () => {
    const c = check('k8s-host-namespaces');
    expect(c.evaluate(inventory({ pods: [podWith({}, { hostNetwork: false })] }))).toEqual([]);
    expect(c.evaluate(inventory({ pods: [podWith({}, { hostPID: true, hostIPC: true })] })).map((o) => o.field)).toEqual([
      'spec.hostPID',
      'spec.hostIPC',
    ]);
  });

  it('hostPath volumes', () => {
    const c = check('k8s-hostpath-volume');
    expect(c.evaluate(inventory({ pods: [podWith({}, { volumes: [{ name: 'tmp', emptyDir: {} }] })] }))).toEqual([]);
    expect(
      c.evaluate(
        inventory({ pods: [podWith({}, { volumes: [{ name: 'sock', hostPath: { path: '/var/run/containerd/containerd.sock' } }] })] }),
      ),
    ).toEqual([{ object: 'Pod shop/p', field: 'spec.volumes[sock].hostPath.path', value: '/var/run/containerd/containerd.sock' }]);
  });

  it('running as root: user 0, or no runAsNonRoot nor user anywhere; the container overrides the pod', () => {
    const c = check('k8s-run-as-root');
    const bare = { name: 'web', image: 'x', resources: {}, securityContext: { allowPrivilegeEscalation: false } };
    expect(c.evaluate(inventory({ pods: [pod({ securityContext: { runAsUser: 1000 }, containers: [bare] })] }))).toEqual([]);
    expect(c.evaluate(inventory({ pods: [pod({ securityContext: { runAsNonRoot: true }, containers: [bare] })] }))).toEqual([]);
    expect(c.evaluate(inventory({ pods: [pod({ containers: [bare] })] }))).toEqual([
      { object: 'Pod shop/p', field: 'spec.containers[web].securityContext.runAsNonRoot', value: 'not set (no runAsUser either)' },
    ]);
    const root = { ...bare, securityContext: { runAsUser: 0 } };
    expect(c.evaluate(inventory({ pods: [pod({ securityContext: { runAsNonRoot: true }, containers: [root] })] }))).toEqual([
      { object: 'Pod shop/p', field: 'spec.containers[web].securityContext.runAsUser', value: '0' },
    ]);
  });

  it('privilege escalation allowed unless set to false', () => {
    const c = check('k8s-privilege-escalation');
    expect(c.evaluate(inventory({ pods: [podWith({})] }))).toEqual([]);
    expect(c.evaluate(inventory({ pods: [podWith({ securityContext: { allowPrivilegeEscalation: true } })] }))[0]!.value).toBe('true');
    const unset = pod({ containers: [{ name: 'init', image: 'x' }] });
    expect(c.evaluate(inventory({ pods: [unset] }))[0]).toEqual({
      object: 'Pod shop/p',
      field: 'spec.containers[init].securityContext.allowPrivilegeEscalation',
      value: 'not set (true)',
    });
  });

  it('missing CPU or memory limits (init containers too)', () => {
    const c = check('k8s-missing-limits');
    expect(c.evaluate(inventory({ pods: [podWith({})] }))).toEqual([]);
    const p = podWith({}, { initContainers: [{ name: 'migrate', image: 'x', resources: { limits: { memory: '64Mi' } } }] });
    expect(c.evaluate(inventory({ pods: [p] }))).toEqual([
      { object: 'Pod shop/p', field: 'spec.initContainers[migrate].resources.limits', value: 'no cpu limit' },
    ]);
  });

  it('secrets in environment variables: references, and literal values never repeated', () => {
    const ref = check('k8s-secret-in-env');
    const literal = check('k8s-secret-literal-env');
    const clean = podWith({
      env: [
        { name: 'PASSWORD_FILE', value: '' },
        { name: 'LOG_LEVEL', value: 'info' },
      ],
    });
    expect(ref.evaluate(inventory({ pods: [clean] }))).toEqual([]);
    expect(literal.evaluate(inventory({ pods: [clean] }))).toEqual([]);
    const bad = podWith({ env: [{ name: 'DB_PASSWORD', value: 'swordfish' }], envFrom: [{ secretRef: { name: 'aws' } }] });
    expect(ref.evaluate(inventory({ pods: [bad] }))[0]!.value).toBe('all keys of secret aws');
    const found = literal.evaluate(inventory({ pods: [bad] }));
    expect(found).toEqual([{ object: 'Pod shop/p', field: 'spec.containers[web].env', value: 'DB_PASSWORD = <9 characters>' }]);
  });

  it('default service accounts with automounted tokens: the account, and pods running as it', () => {
    const c = check('k8s-default-service-account-token');
    const off = { metadata: { name: 'default', namespace: 'shop' }, automountServiceAccountToken: false };
    const asDefault = pod({ containers: [] });
    expect(c.evaluate(inventory({ serviceAccounts: [off], pods: [asDefault] }))).toEqual([]);
    const on = { metadata: { name: 'default', namespace: 'shop' } };
    expect(c.evaluate(inventory({ serviceAccounts: [on], pods: [asDefault] }))).toEqual([
      { object: 'ServiceAccount shop/default', field: 'automountServiceAccountToken', value: 'not set (true)' },
      { object: 'Pod shop/p', field: 'spec.serviceAccountName', value: 'default, token mounted' },
    ]);
    // The pod's own setting wins over the account's.
    expect(
      c.evaluate(inventory({ serviceAccounts: [off], pods: [pod({ containers: [], automountServiceAccountToken: true })] })),
    ).toHaveLength(1);
  });

  it('workloads in the default namespace', () => {
    const c = check('k8s-default-namespace');
    expect(c.evaluate(inventory({ pods: [podWith({})] }))).toEqual([]);
    expect(c.evaluate(inventory({ pods: [pod({ containers: [] }, 'default')] }))).toEqual([
      { object: 'Pod default/p', field: 'metadata.namespace', value: 'default' },
    ]);
  });

  it('a whole inventory: one finding per failed check with every object, the nodes as info, the versions as CPEs', () => {
    const s = sampleCluster();
    const inv = inventory({
      anonymousApi: true,
      nodes: s.nodes as KubeInventory['nodes'],
      pods: s.pods as KubeInventory['pods'],
      serviceAccounts: s.serviceaccounts as KubeInventory['serviceAccounts'],
      clusterRoleBindings: s.clusterrolebindings as KubeInventory['clusterRoleBindings'],
      roleBindings: s.rolebindings as KubeInventory['roleBindings'],
    });
    const findings = clusterFindings(inv);
    expect(findings.map((f) => f.check).sort()).toEqual([...KUBE_CHECKS.map((c) => c.id), 'k8s-cluster-nodes'].sort());
    const privileged = findings.find((f) => f.check === 'k8s-privileged-container')!;
    expect(privileged).toMatchObject({ severity: 3, confidence: 'confirmed', cve: [] });
    expect(privileged.evidence).toBe('Pod default/debug-shell: spec.containers[shell].securityContext.privileged = true');
    expect(findings.find((f) => f.check === 'k8s-secret-literal-env')!.evidence).not.toContain('hunter2');
    expect(findings.find((f) => f.check === 'k8s-cluster-nodes')!.evidence).toContain(
      'Node node-b: kubelet v1.28.7, containerd://1.6.28, Ubuntu 22.04.4 LTS',
    );
    expect(clusterPort(inv, 6443).service).toMatchObject({
      name: 'https',
      product: 'Kubernetes',
      version: '1.29.2',
      cpe: ['cpe:2.3:a:kubernetes:kubernetes:1.29.2:*:*:*:*:*:*:*', 'cpe:2.3:a:kubernetes:kubernetes:1.28.7:*:*:*:*:*:*:*'],
    });
    for (const c of KUBE_CHECKS) expect(kubeCheckFacts(c.id)!.references.length).toBeGreaterThan(0);
  });
});
