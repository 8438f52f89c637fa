// Test helper: run the shipped network/http templates against one port of a loopback host, and track which checks a file proved.
import { expect } from 'vitest';
import { loadTemplates, runChecks, type CheckTemplate } from '../../src/checks/index.ts';
import type { Finding } from '../../src/types.ts';
import { host, svc } from './servers.ts';

export interface PortSpec {
  address: string;
  port: number;
  service: string;
  protocol?: 'tcp' | 'udp';
  /** The host's names (the DNS zone-transfer check derives its zones from them). */
  hostnames?: string[];
  timeoutMs?: number;
  /** Run only these checks (for fake servers that speak just enough of a protocol for them). */
  only?: string[];
}

export function checkScanner() {
  let templates: CheckTemplate[] = [];
  const proven = new Set<string>();
  const errors: string[] = [];
  let last: Finding[] = [];
  return {
    proven,
    errors,
    async load(): Promise<CheckTemplate[]> {
      templates = (await loadTemplates()).templates.filter((t) => t.network.length > 0 || t.http.length > 0);
      return templates;
    },
    /** The ids of the checks that fired on this port. */
    async scan(p: PortSpec): Promise<string[]> {
      const found: Finding[] = await runChecks(
        p.only ? templates.filter((t) => p.only!.includes(t.id)) : templates,
        host(p.address, [{ port: p.port, protocol: p.protocol ?? 'tcp', service: svc(p.service) }], p.hostnames ?? []),
        { timeoutMs: p.timeoutMs ?? 2000, onError: (t, port, e) => errors.push(`${t.id}@${port}: ${e.message}`) },
      );
      last = found;
      return found.map((f) => f.check).sort();
    },
    /** The findings of the last scan. */
    finding(id: string): Finding | undefined {
      return last.find((f) => f.check === id);
    },
    /** Asserts the check fired and records it as proven. */
    expectFound(ids: string[], id: string): void {
      expect(ids).toContain(id);
      proven.add(id);
    },
  };
}
