// The cluster checks: the CIS Kubernetes Benchmark (v1.9) recommendations and Pod Security Standards controls that can
// be read through the API, each evaluated on the whole inventory (pure: no calls) into the objects that fail it and
// the field that shows it. The references name the benchmark section and the Pod Security Standards control.
import type { KubeCheck, KubeInventory, KubeObject, KubeOffence } from './types.ts';

const PSS = 'https://kubernetes.io/docs/concepts/security/pod-security-standards/';
const CIS = 'https://www.cisecurity.org/benchmark/kubernetes';
const RBAC = 'https://kubernetes.io/docs/reference/access-authn-authz/rbac/';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const arr = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(rec) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const podName = (p: KubeObject) => `Pod ${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''}`;

interface Container {
  kind: 'containers' | 'initContainers' | 'ephemeralContainers';
  c: Rec;
  field: string;
}

/** Every container of a pod (init and ephemeral ones too), with the path of its spec. */
function containers(pod: KubeObject): Container[] {
  const spec = rec(pod.spec);
  return (['containers', 'initContainers', 'ephemeralContainers'] as const).flatMap((kind) =>
    arr(spec[kind]).map((c) => ({ kind, c, field: `spec.${kind}[${str(c.name)}]` })),
  );
}

/** Pod-level and container-level securityContext, the container's winning (as the kubelet applies them). */
function effective(pod: KubeObject, c: Rec, key: string): { value: unknown; field: string | null } {
  const own = rec(c.securityContext)[key];
  if (own !== undefined) return { value: own, field: 'container' };
  const podLevel = rec(rec(pod.spec).securityContext)[key];
  if (podLevel !== undefined) return { value: podLevel, field: 'pod' };
  return { value: undefined, field: null };
}

const perContainer =
  (test: (pod: KubeObject, c: Container) => { field: string; value: string } | null) =>
  (inv: KubeInventory): KubeOffence[] =>
    inv.pods.flatMap((pod) =>
      containers(pod).flatMap((c) => {
        const bad = test(pod, c);
        return bad ? [{ object: podName(pod), ...bad }] : [];
      }),
    );

const SYSTEM_SUBJECTS = /^system:/;
const ANONYMOUS = new Set(['system:anonymous', 'system:unauthenticated']);
const SECRETISH = /(pass(word|wd)?|secret|token|api[_-]?key|private[_-]?key|credential|access[_-]?key)/i;

function bindingOffences(inv: KubeInventory, pick: (binding: KubeObject, subject: Rec) => boolean, why: string): KubeOffence[] {
  const out: KubeOffence[] = [];
  for (const [kind, list] of [
    ['ClusterRoleBinding', inv.clusterRoleBindings],
    ['RoleBinding', inv.roleBindings],
  ] as const)
    for (const b of list) {
      const where = b.metadata?.namespace ? `${b.metadata.namespace}/` : '';
      arr(b.subjects).forEach((s, i) => {
        if (pick(b, s))
          out.push({
            object: `${kind} ${where}${b.metadata?.name ?? ''}`,
            field: `subjects[${i}]`,
            value: `${str(s.kind)} ${s.namespace ? `${str(s.namespace)}/` : ''}${str(s.name)} → ${str(rec(b.roleRef).kind)} ${str(rec(b.roleRef).name)}${why}`,
          });
      });
    }
  return out;
}

export const KUBE_CHECKS: readonly KubeCheck[] = [
  {
    id: 'k8s-anonymous-api',
    name: 'Kubernetes API server answers anonymous requests',
    severity: 3,
    description:
      'An unauthenticated GET of /api answered 200: anonymous requests reach the API server and are authorised as system:anonymous. Any further permission granted to that user or to system:unauthenticated is open to anyone who can reach the server.',
    solution:
      'Start kube-apiserver with --anonymous-auth=false (or, from Kubernetes 1.32, an AuthenticationConfiguration that allows anonymous requests only to /livez, /readyz and /healthz), and remove RBAC bindings to system:anonymous and system:unauthenticated.',
    references: [
      `${CIS} (CIS 1.2.1 Ensure that the --anonymous-auth argument is set to false)`,
      'https://kubernetes.io/docs/reference/access-authn-authz/authentication/#anonymous-requests',
    ],
    evaluate: (inv) =>
      inv.anonymousApi ? [{ object: `API server ${inv.url}`, field: 'GET /api without credentials', value: '200 OK' }] : [],
  },
  {
    id: 'k8s-anonymous-binding',
    name: 'Kubernetes RBAC grants a role to anonymous or unauthenticated users',
    severity: 4,
    description:
      'A RoleBinding or ClusterRoleBinding names system:anonymous or system:unauthenticated: whatever the role allows, anyone reaching the API server may do.',
    solution: 'Delete the binding, or replace its subject by the users, groups or service accounts that need the role.',
    references: [
      `${CIS} (CIS 1.2.1 Ensure that the --anonymous-auth argument is set to false: a role bound to anonymous users is open to anyone while anonymous requests are served)`,
      RBAC,
    ],
    evaluate: (inv) => bindingOffences(inv, (_b, s) => ANONYMOUS.has(str(s.name)), ''),
  },
  {
    id: 'k8s-cluster-admin-binding',
    name: 'Kubernetes cluster-admin role bound beyond the system bindings',
    severity: 3,
    description:
      'A binding gives the cluster-admin ClusterRole (every verb on every resource) to a subject other than the system ones (system:masters and the system: components): that subject can read every secret and take over every node.',
    solution:
      'Bind a role with only the permissions the subject needs (kubectl create clusterrole/role), then delete the cluster-admin binding.',
    references: [`${CIS} (CIS 5.1.1 Ensure that the cluster-admin role is only used where required)`, RBAC],
    evaluate: (inv) =>
      bindingOffences(
        inv,
        (b, s) =>
          str(rec(b.roleRef).name) === 'cluster-admin' &&
          str(rec(b.roleRef).kind) === 'ClusterRole' &&
          !SYSTEM_SUBJECTS.test(b.metadata?.name ?? '') &&
          !SYSTEM_SUBJECTS.test(str(s.name)),
        '',
      ),
  },
  {
    id: 'k8s-privileged-container',
    name: 'Kubernetes privileged container',
    severity: 3,
    description:
      "A container runs with securityContext.privileged: it has every capability and the host's devices, so a compromise of the container is a compromise of the node.",
    solution:
      'Remove securityContext.privileged (or set it to false) and add only the capabilities the workload needs; enforce the baseline Pod Security Standard on the namespace.',
    references: [`${CIS} (CIS 5.2.2 Minimize the admission of privileged containers)`, `${PSS}#baseline (Privileged Containers)`],
    evaluate: perContainer((_pod, { c, field }) =>
      rec(c.securityContext).privileged === true ? { field: `${field}.securityContext.privileged`, value: 'true' } : null,
    ),
  },
  {
    id: 'k8s-host-namespaces',
    name: "Kubernetes pod shares the host's namespaces",
    severity: 3,
    description:
      "A pod sets hostNetwork, hostPID or hostIPC: it sees the node's network interfaces, processes or shared memory, and can reach what the node's own processes use.",
    solution:
      'Remove hostNetwork, hostPID and hostIPC from the pod spec (expose ports through a Service instead); enforce the baseline Pod Security Standard.',
    references: [
      `${CIS} (CIS 5.2.3 hostPID, 5.2.4 hostIPC, 5.2.5 hostNetwork: minimize the admission of containers sharing the host's namespaces)`,
      `${PSS}#baseline (Host Namespaces)`,
    ],
    evaluate: (inv) =>
      inv.pods.flatMap((pod) =>
        (['hostNetwork', 'hostPID', 'hostIPC'] as const)
          .filter((k) => rec(pod.spec)[k] === true)
          .map((k) => ({ object: podName(pod), field: `spec.${k}`, value: 'true' })),
      ),
  },
  {
    id: 'k8s-hostpath-volume',
    name: 'Kubernetes pod mounts a hostPath volume',
    severity: 2,
    description:
      "A pod mounts a directory of the node (hostPath): it can read, and unless read-only write, the node's files, such as the kubelet's credentials or the container runtime's socket.",
    solution: 'Use a persistentVolumeClaim, configMap, secret or emptyDir volume instead; enforce the baseline Pod Security Standard.',
    references: [`${CIS} (CIS 5.2.12 Minimize the admission of HostPath volumes)`, `${PSS}#baseline (HostPath Volumes)`],
    evaluate: (inv) =>
      inv.pods.flatMap((pod) =>
        arr(rec(pod.spec).volumes)
          .filter((v) => v.hostPath !== undefined)
          .map((v) => ({ object: podName(pod), field: `spec.volumes[${str(v.name)}].hostPath.path`, value: str(rec(v.hostPath).path) })),
      ),
  },
  {
    id: 'k8s-run-as-root',
    name: 'Kubernetes container may run as root',
    severity: 2,
    description:
      'A container runs as user 0, or neither it nor its pod sets runAsNonRoot: true or a non-zero runAsUser, so it runs as whatever user the image names, root for most images.',
    solution:
      'Set securityContext.runAsNonRoot: true and a non-zero runAsUser on the pod or the container (the image must work as that user); enforce the restricted Pod Security Standard.',
    references: [
      `${CIS} (CIS 5.2.7 Minimize the admission of root containers)`,
      `${PSS}#restricted (Running as Non-root, Running as Non-root user)`,
    ],
    evaluate: perContainer((pod, { c, field }) => {
      const user = effective(pod, c, 'runAsUser');
      const nonRoot = effective(pod, c, 'runAsNonRoot');
      const where = (f: string | null) => (f === 'pod' ? 'spec.securityContext' : `${field}.securityContext`);
      if (user.value === 0) return { field: `${where(user.field)}.runAsUser`, value: '0' };
      if (typeof user.value === 'number' && user.value > 0) return null;
      if (nonRoot.value === true) return null;
      return {
        field: `${where(nonRoot.field)}.runAsNonRoot`,
        value: nonRoot.value === undefined ? 'not set (no runAsUser either)' : String(nonRoot.value),
      };
    }),
  },
  {
    id: 'k8s-privilege-escalation',
    name: 'Kubernetes container allows privilege escalation',
    severity: 2,
    description:
      'A container does not set securityContext.allowPrivilegeEscalation: false, so a process in it can gain more privileges than its parent (setuid binaries, file capabilities).',
    solution: 'Set securityContext.allowPrivilegeEscalation: false on every container; enforce the restricted Pod Security Standard.',
    references: [
      `${CIS} (CIS 5.2.6 Minimize the admission of containers with allowPrivilegeEscalation)`,
      `${PSS}#restricted (Privilege Escalation)`,
    ],
    evaluate: perContainer((_pod, { c, field }) => {
      const v = rec(c.securityContext).allowPrivilegeEscalation;
      return v === false
        ? null
        : { field: `${field}.securityContext.allowPrivilegeEscalation`, value: v === undefined ? 'not set (true)' : String(v) };
    }),
  },
  {
    id: 'k8s-missing-limits',
    name: 'Kubernetes container without CPU or memory limits',
    severity: 1,
    description: "A container sets no CPU or no memory limit: one misbehaving or compromised workload can starve the node's other pods.",
    solution: 'Set resources.limits.cpu and resources.limits.memory on every container, or a LimitRange with defaults in the namespace.',
    references: [
      'https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/',
      'https://kubernetes.io/docs/concepts/policy/limit-range/',
    ],
    evaluate: perContainer((_pod, { kind, c, field }) => {
      if (kind === 'ephemeralContainers') return null; // ephemeral containers may not set resources
      const limits = rec(rec(c.resources).limits);
      const missing = ['cpu', 'memory'].filter((k) => limits[k] === undefined);
      return missing.length ? { field: `${field}.resources.limits`, value: `no ${missing.join(' and no ')} limit` } : null;
    }),
  },
  {
    id: 'k8s-secret-in-env',
    name: 'Kubernetes secret passed in an environment variable',
    severity: 1,
    description:
      "A container takes a Secret through an environment variable (valueFrom.secretKeyRef or envFrom.secretRef): environment variables end up in logs, crash dumps and child processes, and can be read from the node's process table.",
    solution: 'Mount the Secret as a volume and let the application read the file.',
    references: [
      `${CIS} (CIS 5.4.1 Prefer using Secrets as files over Secrets as environment variables)`,
      'https://kubernetes.io/docs/concepts/configuration/secret/',
    ],
    evaluate: perContainer((_pod, { c, field }) => {
      const refs = [
        ...arr(c.env)
          .filter((e) => rec(e.valueFrom).secretKeyRef !== undefined)
          .map((e) => `${str(e.name)} ← secret ${str(rec(rec(e.valueFrom).secretKeyRef).name)}`),
        ...arr(c.envFrom)
          .filter((e) => e.secretRef !== undefined)
          .map((e) => `all keys of secret ${str(rec(e.secretRef).name)}`),
      ];
      return refs.length ? { field: `${field}.env`, value: refs.join(', ') } : null;
    }),
  },
  {
    id: 'k8s-secret-literal-env',
    name: 'Kubernetes pod holds a password or key in plain text',
    severity: 3,
    description:
      'An environment variable whose name says it holds a password, token or key has its value written in the pod spec: anyone who may read the pod (or its Deployment) reads the secret.',
    solution:
      'Move the value to a Secret mounted as a file, rotate it (it has been readable by everyone who may read pods), and remove it from the manifests.',
    references: [
      `${CIS} (CIS 5.4.1 Prefer using Secrets as files over Secrets as environment variables)`,
      'https://kubernetes.io/docs/concepts/configuration/secret/',
    ],
    evaluate: perContainer((_pod, { c, field }) => {
      const literal = arr(c.env).filter((e) => SECRETISH.test(str(e.name)) && str(e.value).length > 0);
      // The value itself is never repeated in the evidence.
      return literal.length
        ? { field: `${field}.env`, value: literal.map((e) => `${str(e.name)} = <${str(e.value).length} characters>`).join(', ') }
        : null;
    }),
  },
  {
    id: 'k8s-default-service-account-token',
    name: "Kubernetes default service account's token mounted",
    severity: 2,
    description:
      "A pod runs as its namespace's default service account with the account's token mounted (automountServiceAccountToken is not false on the pod nor on the account), or a default account mounts its token by default: every pod of the namespace holds credentials for the API, with whatever the account was granted.",
    solution:
      "Set automountServiceAccountToken: false on each namespace's default ServiceAccount; give workloads that call the API their own service account with only the permissions they need.",
    references: [
      `${CIS} (CIS 5.1.5 Ensure that default service accounts are not actively used; 5.1.6 Ensure that Service Account Tokens are only mounted where necessary)`,
      'https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/',
    ],
    evaluate: (inv) => {
      const out: KubeOffence[] = [];
      const defaults = new Map<string, KubeObject>();
      for (const sa of inv.serviceAccounts) if (sa.metadata?.name === 'default') defaults.set(sa.metadata.namespace ?? '', sa);
      for (const [ns, sa] of defaults)
        if (sa.automountServiceAccountToken !== false)
          out.push({
            object: `ServiceAccount ${ns}/default`,
            field: 'automountServiceAccountToken',
            value: sa.automountServiceAccountToken === undefined ? 'not set (true)' : String(sa.automountServiceAccountToken),
          });
      for (const pod of inv.pods) {
        const spec = rec(pod.spec);
        const account = str(spec.serviceAccountName) || 'default';
        if (account !== 'default') continue;
        const onPod = spec.automountServiceAccountToken;
        const onAccount = defaults.get(pod.metadata?.namespace ?? '')?.automountServiceAccountToken;
        if (onPod === false || (onPod === undefined && onAccount === false)) continue;
        out.push({ object: podName(pod), field: 'spec.serviceAccountName', value: 'default, token mounted' });
      }
      return out;
    },
  },
  {
    id: 'k8s-default-namespace',
    name: 'Kubernetes workloads in the default namespace',
    severity: 1,
    description:
      'Pods run in the default namespace, where RBAC, network policies, quotas and Pod Security admission are rarely set up: the namespaces that separate workloads are not used.',
    solution: 'Create a namespace per application or team, move the workloads there, and keep default empty.',
    references: [
      `${CIS} (CIS 5.7.4 The default namespace should not be used)`,
      'https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/',
    ],
    evaluate: (inv) =>
      inv.pods
        .filter((p) => p.metadata?.namespace === 'default')
        .map((p) => ({ object: podName(p), field: 'metadata.namespace', value: 'default' })),
  },
];

/** The info finding: the cluster, its nodes and their versions (kubelet, container runtime, OS image). */
export const KUBE_NODES_CHECK = {
  id: 'k8s-cluster-nodes',
  name: 'Kubernetes cluster version and nodes',
  severity: 0 as const,
  description: "The API server's version and each node's kubelet, container runtime and operating system, as the cluster reports them.",
  solution: 'Keep the control plane and the kubelets on a supported Kubernetes minor release, within the version skew policy.',
  references: ['https://kubernetes.io/releases/version-skew-policy/', 'https://kubernetes.io/releases/'],
};

/** The node lines of the info finding. */
export function nodeLines(inv: KubeInventory): string[] {
  return inv.nodes.map((n) => {
    const info = rec(rec(n.status).nodeInfo);
    return `Node ${n.metadata?.name ?? ''}: kubelet ${str(info.kubeletVersion) || '?'}, ${str(info.containerRuntimeVersion) || 'runtime ?'}, ${str(info.osImage) || 'OS ?'}`;
  });
}

/** Description, solution and references of a `k8s-…` finding (the results take them from here: no template holds them). */
export function kubeCheckFacts(id: string): { description: string; solution: string; references: string[] } | undefined {
  const c = id === KUBE_NODES_CHECK.id ? KUBE_NODES_CHECK : KUBE_CHECKS.find((k) => k.id === id);
  return c ? { description: c.description, solution: c.solution, references: c.references } : undefined;
}
