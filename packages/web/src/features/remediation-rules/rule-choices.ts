// What the rule screens pick from and name things by: the customer's tags, users (all of them for a superuser, else
// oneself) and teams. Each list is asked once and shared; one that cannot be read leaves its picker empty rather than
// failing the page.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { displayName } from '../../components/display-name.ts';
import { teamBasic } from '@bulwark/core';
import { api } from '../../api/client.ts';
import { listAnswer } from '../../components/paged-answer.ts';
import { fetchTagBasics, fetchUserChoices } from '../teams/teams-api.ts';

const teamBasics = listAnswer(teamBasic);
import type { RuleNames } from './rule-form.ts';

export interface Choice {
  value: string;
  label: string;
}

export interface RuleChoices {
  tags: Choice[];
  users: Choice[];
  teams: Choice[];
  names: RuleNames;
}

const STALE_MS = 60_000;

export function useRuleChoices(): RuleChoices {
  const tags = useQuery({
    queryKey: ['remediation-rules', 'choices', 'tags'],
    queryFn: ({ signal }) => fetchTagBasics(signal),
    staleTime: STALE_MS,
  });
  const users = useQuery({
    queryKey: ['remediation-rules', 'choices', 'users'],
    queryFn: ({ signal }) => fetchUserChoices(signal),
    staleTime: STALE_MS,
  });
  const teams = useQuery({
    queryKey: ['remediation-rules', 'choices', 'teams'],
    queryFn: ({ signal }) => api.get('teams_basics/', { signal, schema: teamBasics }),
    staleTime: STALE_MS,
  });
  return useMemo(() => {
    const tagChoices = (tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
    const userChoices = (users.data?.results ?? []).map((u) => ({ value: String(u.user), label: displayName(u) }));
    const teamChoices = (teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
    const map = (choices: Choice[]) => new Map(choices.map((c) => [Number(c.value), c.label]));
    return {
      tags: tagChoices,
      users: userChoices,
      teams: teamChoices,
      names: { tags: map(tagChoices), users: map(userChoices), teams: map(teamChoices) },
    };
  }, [tags.data, users.data, teams.data]);
}
