// Calls of teams (feature-areas §7 Teams, superuser only): the list, create, change and delete, and the pickers the
// team form needs (tags, users).
import { tagBasic, team, userProfile, type Team, type TeamInput } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const teamPage = pagedAnswer(team);
const userPage = pagedAnswer(userProfile);

export function fetchTeams(query: QueryParams, signal?: AbortSignal): Promise<Paged<Team>> {
  return api.get('teams/teams/', { query, signal, schema: teamPage });
}
export function createTeam(input: TeamInput): Promise<Team> {
  return api.post('teams/teams/', input, { schema: team });
}
export function updateTeam(id: number, input: TeamInput): Promise<Team> {
  return api.put(`teams/teams/${id}/`, input, { schema: team });
}
export function deleteTeam(id: number): Promise<void> {
  return api.delete(`teams/teams/${id}/`);
}
export function fetchTagBasics(signal?: AbortSignal) {
  return api.get('tags_basics/', { signal, schema: listAnswer(tagBasic) });
}
export function fetchUserChoices(signal?: AbortSignal) {
  return api.get('user/profile/', { query: { page_size: 1000 }, signal, schema: userPage });
}

export const TEAM_KEYS = { all: ['teams'] as const, list: (q: QueryParams) => ['teams', 'list', q] as const };
