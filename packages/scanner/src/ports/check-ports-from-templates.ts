// The TCP ports the shipped checks look at, read from the templates (for the generator and its test).
import { loadTemplates } from '../checks/index.ts';

export async function checkTcpPorts(dir?: string): Promise<number[]> {
  const { templates } = await loadTemplates(dir);
  const ports = new Set<number>();
  for (const t of templates)
    for (const r of t.network) if (r.hosts.some((h) => !h.startsWith('udp://'))) for (const p of r.ports) ports.add(p);
  return [...ports].sort((a, b) => a - b);
}
