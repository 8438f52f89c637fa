// A tag set (feature-areas §3 Unified tag; platform-core §3 unified_tags_set): tags to include and exclude, each all-of
// or any-of, as ids. Scans, schedules and previews choose assets with it. No other schema, so any schema may use it.
import { z } from 'zod';

/** POST tags-set/preview/: the assets a tag set (inclusion and exclusion, all-of or any-of) selects. */
export const tagSetPreviewInput = z.object({
  inclusion_tags: z.array(z.number().int().positive()).max(100).default([]),
  exclusion_tags: z.array(z.number().int().positive()).max(100).default([]),
  inclusion_tags_mode_all: z.boolean().default(false),
  exclusion_tags_mode_all: z.boolean().default(false),
});
export type TagSetSelection = z.output<typeof tagSetPreviewInput>;
