// A small inventory for the ticket tests, written straight into the tables (no scan needed): hosts with findings of
// two issues, so grouping individually, by asset and by vulnerability each make a different set of tickets.
import { assets, findings, issues } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';

export interface TicketInventory {
  hosts: number[];
  issues: { terrapin: number; openssl: number };
  /** Finding ids by `<host index>:<issue>`, e.g. `0:terrapin`. */
  findings: Record<string, number>;
}

/**
 * `hostCount` hosts 10.77.<customer>.<n>; every host has the Terrapin finding (medium) and the first half also an
 * OpenSSL package finding (critical, fixed by upgrading openssl to 3.0.13, several CVEs).
 */
export async function seedTicketInventory(t: TestApp, customerId = 1, hostCount = 3): Promise<TicketInventory> {
  const now = new Date('2026-11-01T00:00:00Z');
  const hostRows = await t.ctx.db
    .insert(assets)
    .values(
      Array.from({ length: hostCount }, (_, i) => ({
        customerId,
        kind: 'host' as const,
        type: 2,
        value: `10.77.${customerId}.${i + 1}`,
        address: `10.77.${customerId}.${i + 1}`,
        riskScore: 10 * (i + 1),
      })),
    )
    .returning({ id: assets.id });
  const hosts = hostRows.map((r) => r.id);
  const [terrapin, openssl] = await t.ctx.db
    .insert(issues)
    .values([
      { customerId, hid: 'nvt-ssh-terrapin', name: 'SSH Terrapin', severity: 2, firstSeen: now, lastSeen: now, riskScore: 40 },
      {
        customerId,
        hid: 'CVE-2024-0727',
        name: 'OpenSSL 3.0.x vulnerabilities',
        severity: 4,
        firstSeen: now,
        lastSeen: now,
        riskScore: 90,
      },
    ])
    .returning({ id: issues.id });
  const out: TicketInventory = { hosts, issues: { terrapin: terrapin!.id, openssl: openssl!.id }, findings: {} };
  for (const [i, host] of hosts.entries()) {
    const [f] = await t.ctx.db
      .insert(findings)
      .values({
        customerId,
        hostId: host,
        key: 'check:ssh-terrapin@22/tcp',
        checkId: 'ssh-terrapin',
        cve: 'CVE-2023-48795',
        cves: ['CVE-2023-48795'],
        port: 22,
        protocol: 6,
        name: 'SSH Terrapin',
        severity: 2,
        confidence: 'confirmed',
        state: 1,
        riskScore: 40,
        solution: 'Upgrade OpenSSH to 9.6 or later.',
        issueId: terrapin!.id,
        firstSeen: now,
        lastSeen: now,
      })
      .returning({ id: findings.id });
    out.findings[`${i}:terrapin`] = f!.id;
    if (i < Math.ceil(hostCount / 2)) {
      const [g] = await t.ctx.db
        .insert(findings)
        .values({
          customerId,
          hostId: host,
          key: 'cve:CVE-2024-0727@0/tcp',
          cve: 'CVE-2024-0727',
          cves: ['CVE-2024-0727', 'CVE-2023-5678', 'CVE-2023-6129'],
          port: 0,
          name: 'OpenSSL 3.0.x vulnerabilities',
          severity: 4,
          confidence: 'confirmed',
          state: 1,
          riskScore: 90,
          package: 'openssl',
          installedVersion: '3.0.11-1',
          fixedVersion: '3.0.13-1',
          detection: 'package-list',
          solution: 'Upgrade openssl to 3.0.13-1.',
          issueId: openssl!.id,
          firstSeen: now,
          lastSeen: now,
        })
        .returning({ id: findings.id });
      out.findings[`${i}:openssl`] = g!.id;
    }
  }
  return out;
}
