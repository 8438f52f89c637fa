// What a cluster read holds: the objects as the API answered them (only the fields the checks read are typed).

/** An object of a list answer (Pod, Node, Namespace, ServiceAccount, ClusterRoleBinding, RoleBinding). */
export interface KubeObject {
  metadata?: { name?: string; namespace?: string; [k: string]: unknown };
  [k: string]: unknown;
}

export interface KubeInventory {
  url: string;
  /** GET /version's gitVersion, e.g. v1.30.4. */
  version: string;
  /** An unauthenticated GET /api answered 200. */
  anonymousApi: boolean;
  nodes: KubeObject[];
  namespaces: KubeObject[];
  pods: KubeObject[];
  serviceAccounts: KubeObject[];
  clusterRoleBindings: KubeObject[];
  roleBindings: KubeObject[];
  /** Lists that could not be read (403 …): what they would have shown is unknown. */
  failures: string[];
}

/** One object failing a check: which object, which field, what it holds. */
export interface KubeOffence {
  /** `Pod team-a/web`, `ClusterRoleBinding ops-admins` … */
  object: string;
  /** `spec.containers[web].securityContext.privileged` … */
  field: string;
  value: string;
}

export interface KubeCheck {
  /** `k8s-…`: the finding's check id. */
  id: string;
  name: string;
  /** 0 Info … 4 Critical. */
  severity: 0 | 1 | 2 | 3 | 4;
  description: string;
  solution: string;
  /** CIS Kubernetes Benchmark and Pod Security Standards sections, and their documents. */
  references: string[];
  evaluate(inventory: KubeInventory): KubeOffence[];
}
