// Query keys of the cloud screens, so every page invalidates the same things.
import type { QueryParams } from '../../api/query-string.ts';

export const CLOUD_KEYS = {
  all: ['cloud'] as const,
  profiles: ['cloud', 'profiles'] as const,
  profileList: (query: QueryParams) => ['cloud', 'profiles', 'list', query] as const,
  profile: (id: number) => ['cloud', 'profiles', 'one', id] as const,
  basics: ['cloud', 'basics'] as const,
  regions: (provider: string) => ['cloud', 'regions', provider] as const,
  controls: (provider: number) => ['cloud', 'controls', provider] as const,
  control: (id: string) => ['cloud', 'control', id] as const,
  runs: (query: QueryParams) => ['cloud', 'runs', query] as const,
  runPart: (runId: number, part: string, query?: QueryParams) => ['cloud', 'run', runId, part, query ?? {}] as const,
  resources: (query: QueryParams) => ['cloud', 'resources', query] as const,
  resource: (id: number) => ['cloud', 'resource', id] as const,
  resourceVulns: (id: number) => ['cloud', 'resource', id, 'vulnerabilities'] as const,
  findings: (query: QueryParams) => ['cloud', 'findings', query] as const,
};

export const CLOUD_PAGE_SIZE = 20;
