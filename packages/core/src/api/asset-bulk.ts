// Bulk work on assets (feature-areas §3: operation plus params): add or remove static tags, set the owner or the
// business criticality, or delete — on the selected ids or on everything the list's current filter matches.
import { z } from 'zod';

export const ASSET_BULK_OPERATIONS = ['add_tags', 'remove_tags', 'set_owner', 'set_criticality', 'delete'] as const;
export type AssetBulkOperation = (typeof ASSET_BULK_OPERATIONS)[number];

const tagIds = z.object({ tags: z.array(z.number().int().positive()).min(1, 'Choose at least one tag.').max(100) });

export const assetBulkInput = z
  .object({
    operation: z.enum(ASSET_BULK_OPERATIONS, { error: `Choose an operation: ${ASSET_BULK_OPERATIONS.join(', ')}.` }),
    params: z.record(z.string(), z.unknown()).default({}),
    /** The selected assets; or leave out and send `filter`. */
    ids: z.array(z.number().int().positive()).max(100_000).optional(),
    /** The asset list's query parameters (its filters): every asset they match. */
    filter: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.filter === undefined))
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Send either the ids of the selected assets or the filter.' });
  });
export type AssetBulkInput = z.input<typeof assetBulkInput>;

/** The params each operation takes. */
export const ASSET_BULK_PARAMS = {
  add_tags: tagIds,
  remove_tags: tagIds,
  set_owner: z.object({ owner: z.number().int().positive().nullable() }),
  set_criticality: z.object({
    criticality: z
      .number({ error: 'Choose a criticality from 1 (low) to 4 (critical).' })
      .int()
      .min(1, 'Choose a criticality from 1 (low) to 4 (critical).')
      .max(4, 'Choose a criticality from 1 (low) to 4 (critical).'),
  }),
  delete: z.object({}),
} as const;

export const assetBulkResult = z.object({
  operation: z.enum(ASSET_BULK_OPERATIONS),
  /** Assets the selection or filter named (that the caller may see). */
  matched: z.number().int(),
  /** Assets the operation changed. */
  changed: z.number().int(),
});
export type AssetBulkResult = z.infer<typeof assetBulkResult>;

/** The answer when the operation runs as a job (many assets): follow it at celery-progress/{job}/. */
export const assetBulkQueued = z.object({ job: z.string(), matched: z.number().int() });
export type AssetBulkQueued = z.infer<typeof assetBulkQueued>;

/** Either answer of the bulk call: the result (200) or the job to follow (202). */
export const assetBulkAnswer = z.union([assetBulkResult, assetBulkQueued]);
