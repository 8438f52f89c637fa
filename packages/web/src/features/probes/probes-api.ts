// Calls of the scan appliance screens: probes (list, one, add, rename/move, delete, new token) and probe groups.
import { probe, probeCreated, probeGroup, probeToken, type Probe } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export type ProbeCreated = ReturnType<typeof probeCreated.parse>;
export type ProbeToken = ReturnType<typeof probeToken.parse>;
export type ProbeGroup = ReturnType<typeof probeGroup.parse>;

const probePage = pagedAnswer(probe);
const groupPage = pagedAnswer(probeGroup);

export function fetchProbes(query: QueryParams, signal?: AbortSignal): Promise<Paged<Probe>> {
  return api.get('probe/probes/', { query, signal, schema: probePage });
}

/** GET probe/probes/{id}/; -1 is the built-in probe. */
export function fetchProbe(id: number, signal?: AbortSignal): Promise<Probe> {
  return api.get(`probe/probes/${id}/`, { signal, schema: probe });
}

/** POST probe/probes/: the new probe and its one-time registration token. */
export function createProbe(input: { name: string; group: number | null }): Promise<ProbeCreated> {
  return api.post('probe/probes/', input, { schema: probeCreated });
}

export function updateProbe(id: number, patch: { name?: string; group?: number | null }): Promise<Probe> {
  return api.patch(`probe/probes/${id}/`, patch, { schema: probe });
}

export function deleteProbe(id: number): Promise<void> {
  return api.delete(`probe/probes/${id}/`);
}

/** POST probe/probes/{id}/token/: a fresh one-time token; the previous one stops working. */
export function newProbeToken(id: number): Promise<ProbeToken> {
  return api.post(`probe/probes/${id}/token/`, undefined, { schema: probeToken });
}

export function fetchProbeGroups(query: QueryParams, signal?: AbortSignal): Promise<Paged<ProbeGroup>> {
  return api.get('probe/probe-groups/', { query, signal, schema: groupPage });
}

export function createProbeGroup(input: { name: string; probes: number[] }): Promise<ProbeGroup> {
  return api.post('probe/probe-groups/', input, { schema: probeGroup });
}

export function updateProbeGroup(id: number, input: { name: string; probes: number[] }): Promise<ProbeGroup> {
  return api.put(`probe/probe-groups/${id}/`, input, { schema: probeGroup });
}

export function deleteProbeGroup(id: number): Promise<void> {
  return api.delete(`probe/probe-groups/${id}/`);
}
