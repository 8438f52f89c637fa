// Query keys of the web-application scanning screens, so every page invalidates the same things.
import type { QueryParams } from '../../api/query-string.ts';

export const WEB_KEYS = {
  all: ['was'] as const,
  catalog: (query: QueryParams) => ['was', 'catalog', query] as const,
  /** Every test, for the profile's plus and minus pickers. */
  catalogAll: ['was', 'catalog', 'all'] as const,
  profiles: ['was', 'profiles'] as const,
  profileList: (query: QueryParams) => ['was', 'profiles', 'list', query] as const,
  profile: (id: number) => ['was', 'profiles', 'one', id] as const,
  webapps: ['was', 'webapps'] as const,
  runPart: (runId: number, part: string, query?: QueryParams) => ['was', 'runs', runId, part, query ?? {}] as const,
  assetPart: (assetId: number, part: string, query?: QueryParams) => ['was', 'assets', assetId, part, query ?? {}] as const,
};

export const WEB_PROFILES_PAGE_SIZE = 20;
