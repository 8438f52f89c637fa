// Calls of tags (feature-areas §7 Tags): the list (tags/tags/, or unified-tags/unified-tags/ with unified-tags-stage-2),
// create, change and delete, and the preview of a rule set.
import { assetPreview, tag, tagReply, type AssetPreview, type Tag, type TagInput, type TagReply, type TagRule } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const tagPage = pagedAnswer(tag);

const base = (unified: boolean) => (unified ? 'unified-tags/unified-tags/' : 'tags/tags/');

export function fetchTags(query: QueryParams, unified: boolean, signal?: AbortSignal): Promise<Paged<Tag>> {
  return api.get(base(unified), { query, signal, schema: tagPage });
}

export function createTag(input: TagInput, unified: boolean): Promise<TagReply> {
  return api.post(base(unified), input, { schema: tagReply });
}

export function updateTag(id: number, input: TagInput, unified: boolean): Promise<TagReply> {
  return api.put(`${base(unified)}${id}/`, input, { schema: tagReply });
}

export function deleteTag(id: number, unified: boolean): Promise<void> {
  return api.delete(`${base(unified)}${id}/`);
}

export function previewRules(rules: TagRule[], unified: boolean): Promise<AssetPreview> {
  return api.post(`${base(unified)}preview/`, { rules }, { schema: assetPreview });
}

export const TAG_KEYS = {
  all: ['tags'] as const,
  list: (unified: boolean, query: QueryParams) => ['tags', 'list', unified, query] as const,
};
