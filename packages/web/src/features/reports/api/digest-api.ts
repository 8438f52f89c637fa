// Calls of the digest e-mail settings (feature-areas §7 Reports, reports/digest-config/): read them, and save them the
// way the server takes them, form-encoded (enabled, frequency, weekday, time, time_zone) rather than JSON.
import { digestConfig, type DigestConfig, type DigestFrequency } from '@bulwark/core';
import { api } from '../../../api/client.ts';

const PATH = 'reports/digest-config/';

export interface DigestInput {
  enabled: boolean;
  frequency: DigestFrequency;
  /** 1 (Monday) to 7 (Sunday); used by weekly digests. */
  weekday: number;
  /** HH:MM. */
  time: string;
  time_zone: string;
}

export function fetchDigestConfig(signal?: AbortSignal): Promise<DigestConfig> {
  return api.get(PATH, { signal, schema: digestConfig });
}

/** The form-encoded body of a save: `enabled=true&frequency=weekly&weekday=1&time=07%3A00&time_zone=Europe%2FStockholm`. */
export function digestFormBody(input: DigestInput): URLSearchParams {
  return new URLSearchParams({
    enabled: input.enabled ? 'true' : 'false',
    frequency: input.frequency,
    weekday: String(input.weekday),
    time: input.time,
    time_zone: input.time_zone,
  });
}

/** POST reports/digest-config/, form-encoded, through the app's one client. */
export function saveDigestConfig(input: DigestInput): Promise<DigestConfig> {
  return api.post(PATH, digestFormBody(input), { schema: digestConfig });
}

export const DIGEST_KEY = ['reports', 'digest-config'] as const;
