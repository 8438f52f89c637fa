// Asks for the feed summary again when an import that was queued or running has finished (its counts changed).
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FeedImport } from '@bulwark/core';
import { INTEL_KEYS } from './intel-queries.ts';
import { isImportActive } from '../intel-format.ts';

export function useRefreshStatusWhenSettled(imports: readonly FeedImport[] | undefined): void {
  const queryClient = useQueryClient();
  const active = useRef(new Set<number>());
  useEffect(() => {
    if (!imports) return;
    const settled = imports.some((item) => active.current.has(item.id) && !isImportActive(item));
    active.current = new Set(imports.filter(isImportActive).map((item) => item.id));
    if (settled) void queryClient.invalidateQueries({ queryKey: INTEL_KEYS.status });
  }, [imports, queryClient]);
}
