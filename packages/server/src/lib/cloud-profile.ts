// A cloud profile's provider and regions read from its stored fields: what a run starts with (scans' cloud starter) and
// what a probe's task reads (probes' cloud task spec), said once below both modules.
import { CLOUD_PROVIDER_KEYS, cloudProviderKeyOf, type CloudProvider, type CloudProviderKey } from '@bulwark/core';
import { CLOUD_PROVIDERS } from '@bulwark/scanner';

/** The cloud part of a profile's fields (the rest of the profile is the generic one). */
export interface CloudFields {
  provider?: unknown;
  regions?: unknown;
}

/** The provider key of a profile's fields, or null when it names none. */
export function cloudProviderOf(fields: CloudFields): CloudProviderKey | null {
  const code = fields.provider;
  if (typeof code !== 'number') return null;
  const key = cloudProviderKeyOf(code as CloudProvider);
  return key && (CLOUD_PROVIDER_KEYS as readonly string[]).includes(key) ? key : null;
}

/** The regions a run of the profile reads: the profile's, or every region the provider offers when it names none. */
export function cloudRegionsOf(key: CloudProviderKey, fields: CloudFields): string[] {
  const chosen = Array.isArray(fields.regions) ? fields.regions.map(String).filter((r) => r !== '') : [];
  return chosen.length > 0 ? [...new Set(chosen)] : CLOUD_PROVIDERS[key].regions.map((r) => r.id);
}
