// Pins the CIS benchmark and section of every Google Cloud, Oracle Cloud and Azure control and of the Kubernetes
// checks, as checked against the public mappings named in docs/cloud-scanning.md ("Benchmark references and where
// they were checked"): a renumbered or mistyped reference fails here instead of reaching a report.
import { describe, expect, it } from 'vitest';
import { AZURE_CONTROLS } from '../src/cloud/azure/controls.ts';
import { GOOGLE_CONTROLS } from '../src/cloud/google/controls.ts';
import { ORACLE_CONTROLS } from '../src/cloud/oracle/controls.ts';
import type { CloudControl } from '../src/cloud/types.ts';
import { KUBE_CHECKS } from '../src/kube/index.ts';

const GCP = 'CIS Google Cloud Platform Foundation Benchmark v2.0.0';
const OCI = 'CIS Oracle Cloud Infrastructure Foundations Benchmark v1.2.0';
const AZ2 = 'CIS Microsoft Azure Foundations Benchmark v2.0.0';
const AZ13 = 'CIS Microsoft Azure Foundations Benchmark v1.3.0';
const AZ3 = 'CIS Microsoft Azure Foundations Benchmark v3.0.0';
const AZ5 = 'CIS Microsoft Azure Foundations Benchmark v5.0.0';
const AKS = 'CIS Azure Kubernetes Service (AKS) Benchmark v1.7.0';
const OWN = 'Bulwark';

/** id → "benchmark § reference" of every control of a provider. */
const pinned = (controls: readonly CloudControl[]) => Object.fromEntries(controls.map((c) => [c.id, `${c.benchmark} § ${c.reference}`]));
const at = (benchmark: string, reference: string) => `${benchmark} § ${reference}`;

describe('benchmark references', () => {
  it('Google Cloud: CIS GCP Foundations v2.0.0 (steampipe-mod-gcp-compliance cis_v200, prowler cis_2.0_gcp.json)', () => {
    expect(pinned(GOOGLE_CONTROLS)).toEqual({
      'google-iam-sa-admin': at(GCP, '1.5'),
      'google-iam-sa-user-role': at(GCP, '1.6'),
      'google-iam-primitive-user-roles': at(OWN, ''),
      'google-iam-sa-key-age': at(GCP, '1.7'),
      'google-kms-key-rotation': at(GCP, '1.10'),
      'google-logging-sink-all': at(GCP, '2.2'),
      'google-storage-log-retention': at(GCP, '2.3'),
      'google-compute-default-network': at(GCP, '3.1'),
      'google-compute-firewall-ssh': at(GCP, '3.6'),
      'google-compute-firewall-rdp': at(GCP, '3.7'),
      'google-compute-subnet-flow-logs': at(GCP, '3.8'),
      'google-compute-instance-default-sa': at(GCP, '4.2'),
      'google-compute-instance-public-ip': at(GCP, '4.9'),
      'google-storage-public': at(GCP, '5.1'),
      'google-storage-uniform-access': at(GCP, '5.2'),
      'google-storage-versioning': at(OWN, ''),
      'google-sql-require-ssl': at(GCP, '6.4'),
      'google-sql-open-authorized-networks': at(GCP, '6.5'),
      'google-sql-public-ip': at(GCP, '6.6'),
      'google-sql-backups': at(GCP, '6.7'),
    });
    const title = (id: string) => GOOGLE_CONTROLS.find((c) => c.id === id)!.title;
    expect(title('google-storage-log-retention')).toBe('Ensure that retention policies on log buckets are configured using Bucket Lock');
    expect(title('google-iam-sa-key-age')).toBe('Ensure user-managed/external keys for service accounts are rotated every 90 days or less');
  });

  it('Oracle Cloud: CIS OCI Foundations v1.2.0 (steampipe-mod-oci-compliance cis_v120)', () => {
    expect(pinned(ORACLE_CONTROLS)).toEqual({
      'oracle-identity-policy-manage-all': at(OCI, '1.2'),
      'oracle-identity-password-length': at(OCI, '1.4'),
      'oracle-identity-user-mfa': at(OCI, '1.7'),
      'oracle-identity-api-key-age': at(OCI, '1.8'),
      'oracle-core-seclist-ssh': at(OCI, '2.1'),
      'oracle-core-seclist-rdp': at(OCI, '2.2'),
      'oracle-core-nsg-ssh': at(OCI, '2.3'),
      'oracle-core-nsg-rdp': at(OCI, '2.4'),
      'oracle-core-instance-public-ip': at(OWN, ''),
      'oracle-core-instance-legacy-imds': at(OWN, ''),
      'oracle-audit-retention': at(OCI, '3.1'),
      'oracle-logging-vcn-flow-logs': at(OCI, '3.14'),
      'oracle-cloudguard-enabled': at(OCI, '3.15'),
      'oracle-objectstorage-public': at(OCI, '4.1.1'),
      'oracle-objectstorage-cmk': at(OCI, '4.1.2'),
      'oracle-objectstorage-versioning': at(OCI, '4.1.3'),
    });
    const title = (id: string) => ORACLE_CONTROLS.find((c) => c.id === id)!.title;
    expect(title('oracle-core-nsg-rdp')).toBe('Ensure no network security groups allow ingress from 0.0.0.0/0 to port 3389');
    expect(title('oracle-objectstorage-cmk')).toBe('Ensure Object Storage Buckets are encrypted with a Customer Managed Key');
  });

  it('Azure: CIS Azure Foundations v2.0.0, three controls of v1.3.0, v3.0.0 and v5.0.0, and CIS AKS v1.7.0', () => {
    expect(pinned(AZURE_CONTROLS)).toEqual({
      'azure-entra-security-defaults': at(AZ2, '1.1.1'),
      'azure-entra-users-create-tenants': at(AZ2, '1.3'),
      'azure-entra-users-register-apps': at(AZ2, '1.14'),
      'azure-entra-guest-access': at(AZ2, '1.15'),
      'azure-entra-guest-invites': at(AZ2, '1.16'),
      'azure-entra-users-create-security-groups': at(AZ2, '1.19'),
      'azure-security-defender-virtual-machines': at(AZ2, '2.1.1'),
      'azure-security-defender-app-services': at(AZ2, '2.1.2'),
      'azure-security-defender-sql-servers': at(AZ2, '2.1.4'),
      'azure-security-defender-sql-server-virtual-machines': at(AZ2, '2.1.5'),
      'azure-security-defender-open-source-relational-databases': at(AZ2, '2.1.6'),
      'azure-security-defender-storage-accounts': at(AZ2, '2.1.7'),
      'azure-security-defender-containers': at(AZ2, '2.1.8'),
      'azure-security-defender-cosmos-dbs': at(AZ2, '2.1.9'),
      'azure-security-defender-key-vaults': at(AZ2, '2.1.10'),
      'azure-security-defender-dns': at(AZ2, '2.1.11'),
      'azure-security-defender-arm': at(AZ2, '2.1.12'),
      'azure-monitor-diagnostic-setting': at(AZ2, '5.1.1'),
      'azure-monitor-diagnostic-categories': at(AZ2, '5.1.2'),
      'azure-monitor-alert-policy-assignments-write': at(AZ2, '5.2.1'),
      'azure-monitor-alert-policy-assignments-delete': at(AZ2, '5.2.2'),
      'azure-monitor-alert-network-security-groups-write': at(AZ2, '5.2.3'),
      'azure-monitor-alert-network-security-groups-delete': at(AZ2, '5.2.4'),
      'azure-monitor-alert-security-solutions-write': at(AZ2, '5.2.5'),
      'azure-monitor-alert-security-solutions-delete': at(AZ2, '5.2.6'),
      'azure-monitor-alert-firewall-rules-write': at(AZ2, '5.2.7'),
      'azure-monitor-alert-firewall-rules-delete': at(AZ2, '5.2.8'),
      'azure-monitor-alert-public-ip-addresses-write': at(AZ2, '5.2.9'),
      'azure-monitor-alert-public-ip-addresses-delete': at(AZ2, '5.2.10'),
      'azure-storage-secure-transfer': at(AZ2, '3.1'),
      'azure-storage-infrastructure-encryption': at(AZ2, '3.2'),
      'azure-storage-blob-public-access': at(AZ2, '3.7'),
      'azure-storage-network-default-deny': at(AZ2, '3.8'),
      'azure-storage-customer-managed-key': at(AZ2, '3.12'),
      'azure-storage-minimum-tls': at(AZ2, '3.15'),
      'azure-sql-auditing': at(AZ2, '4.1.1'),
      'azure-sql-firewall-any-ip': at(AZ2, '4.1.2'),
      'azure-sql-auditing-retention': at(AZ2, '4.1.6'),
      'azure-sql-public-network-access': at(AZ3, '5.1.7'),
      'azure-network-rdp-open': at(AZ2, '6.1'),
      'azure-network-ssh-open': at(AZ2, '6.2'),
      'azure-network-udp-open': at(AZ2, '6.3'),
      'azure-network-http-open': at(AZ2, '6.4'),
      'azure-compute-public-address': at(AZ2, '6.7'),
      'azure-compute-managed-disks': at(AZ2, '7.2'),
      'azure-compute-disk-encryption': at(AZ2, '7.3'),
      'azure-compute-unattached-disk-encryption': at(AZ2, '7.4'),
      'azure-keyvault-recoverable': at(AZ2, '8.5'),
      'azure-keyvault-rbac': at(AZ2, '8.6'),
      'azure-keyvault-public-network-access': at(AZ5, '8.3.7'),
      'azure-aks-rbac': at(AZ13, '8.5'),
      'azure-aks-api-restricted': at(AKS, '5.4.1'),
      'azure-aks-private-cluster': at(AKS, '5.4.2'),
    });
  });

  it('no two controls of a provider share a section of the same benchmark', () => {
    for (const controls of [GOOGLE_CONTROLS, ORACLE_CONTROLS, AZURE_CONTROLS]) {
      const seen = new Map<string, string>();
      for (const c of controls) {
        if (c.reference === '') {
          // Bulwark's own: no benchmark section, and no CIS benchmark named for it either.
          expect(c.benchmark, c.id).toBe(OWN);
          continue;
        }
        expect(c.benchmark, c.id).toMatch(/^CIS .+ v\d+\.\d+\.\d+$/);
        const key = `${c.benchmark} § ${c.reference}`;
        expect(seen.get(key), `${c.id} and ${seen.get(key)} both cite ${key}`).toBeUndefined();
        seen.set(key, c.id);
      }
    }
  });

  it('Kubernetes: the CIS Kubernetes Benchmark v1.9 sections each check cites (kube-bench cfg/cis-1.9)', () => {
    const sections = Object.fromEntries(
      KUBE_CHECKS.map((c) => [
        c.id,
        c.references
          .filter((r) => r.includes('(CIS '))
          .flatMap((r) => r.match(/\b\d+\.\d+\.\d+\b/g) ?? [])
          .join(' '),
      ]),
    );
    expect(sections).toEqual({
      'k8s-anonymous-api': '1.2.1',
      'k8s-anonymous-binding': '1.2.1',
      'k8s-cluster-admin-binding': '5.1.1',
      'k8s-privileged-container': '5.2.2',
      'k8s-host-namespaces': '5.2.3 5.2.4 5.2.5',
      'k8s-hostpath-volume': '5.2.12',
      'k8s-run-as-root': '5.2.7',
      'k8s-privilege-escalation': '5.2.6',
      'k8s-missing-limits': '',
      'k8s-secret-in-env': '5.4.1',
      'k8s-secret-literal-env': '5.4.1',
      'k8s-default-service-account-token': '5.1.5 5.1.6',
      'k8s-default-namespace': '5.7.4',
    });
    // Each cited section names the benchmark's own recommendation text.
    const refs = KUBE_CHECKS.flatMap((c) => c.references).join('\n');
    expect(refs).toContain('CIS 5.2.12 Minimize the admission of HostPath volumes');
    expect(refs).toContain('CIS 5.4.1 Prefer using Secrets as files over Secrets as environment variables');
  });
});
