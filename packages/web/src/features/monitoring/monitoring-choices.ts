// What the monitoring screens pick from and name things by: the customer's users (all for a superuser, else oneself),
// tags, and every profile's name. Each list is asked once and shared; one that cannot be read leaves its picker empty
// rather than failing the page.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { displayName } from '../../components/display-name.ts';
import { fetchTagBasics, fetchUserChoices } from '../teams/teams-api.ts';
import { MONITORING_KEYS, fetchProfiles } from './monitoring-api.ts';

export interface Choice {
  value: string;
  label: string;
}

const STALE_MS = 60_000;

export function useUserAndTagChoices(): { users: Choice[]; tags: Choice[] } {
  const users = useQuery({
    queryKey: ['monitoring', 'choices', 'users'],
    queryFn: ({ signal }) => fetchUserChoices(signal),
    staleTime: STALE_MS,
  });
  const tags = useQuery({
    queryKey: ['monitoring', 'choices', 'tags'],
    queryFn: ({ signal }) => fetchTagBasics(signal),
    staleTime: STALE_MS,
  });
  return useMemo(
    () => ({
      users: (users.data?.results ?? []).map((u) => ({ value: String(u.user), label: displayName(u) })),
      tags: (tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
    }),
    [users.data, tags.data],
  );
}

/** Every profile as a choice (id, name), and the assets they name, for the alert filters and the pre-filtered title. */
export function useProfileChoices(): { profiles: Choice[]; assets: Choice[] } {
  const { data } = useQuery({
    queryKey: MONITORING_KEYS.profileNames,
    queryFn: ({ signal }) => fetchProfiles({ page_size: 1000, ordering: 'name' }, signal),
    staleTime: STALE_MS,
  });
  return useMemo(() => {
    const results = data?.results ?? [];
    const assets = new Map<string, string>();
    for (const p of results) for (const a of [...p.network_assets, ...p.web_applications]) assets.set(String(a.id), a.name);
    return {
      profiles: results.map((p) => ({ value: String(p.id), label: p.name })),
      assets: [...assets].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)),
    };
  }, [data]);
}
