// Builds a ServiceInfo from what fingerprinting found, filling the CPE from the product table.
import type { ServiceInfo } from '../types.ts';
import { cpeFor } from './cpe.ts';

export interface Found {
  name: string;
  product?: string;
  version?: string;
  banner?: string;
  tls?: boolean;
  extra?: Record<string, unknown>;
}

export function service(found: Found): ServiceInfo {
  const out: ServiceInfo = { name: found.name, cpe: cpeFor(found.product, found.version) };
  if (found.product) out.product = found.product;
  if (found.version) out.version = found.version;
  if (found.banner !== undefined) out.banner = found.banner;
  if (found.tls) out.tls = true;
  if (found.extra && Object.keys(found.extra).length > 0) out.extra = found.extra;
  return out;
}
