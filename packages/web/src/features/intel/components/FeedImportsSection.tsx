// Superusers' part of the page: start an import, and the history of imports (its page kept in the URL, imports.page).
import { useQueryClient } from '@tanstack/react-query';
import { useListState } from '../../../components/filter-bar/index.ts';
import { ImportFeedsForm } from './ImportFeedsForm.tsx';
import { FeedImportsTable } from './FeedImportsTable.tsx';
import { INTEL_KEYS } from '../api/intel-queries.ts';
import { IMPORTS_PAGE_SIZE } from '../intel-format.ts';

export function FeedImportsSection() {
  const queryClient = useQueryClient();
  const list = useListState({ prefix: 'imports', pageSize: IMPORTS_PAGE_SIZE });

  /** A new import is newest: show the first page, and ask again so it appears at the top and the polling starts. */
  async function started() {
    list.setPage(1);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: INTEL_KEYS.imports }),
      queryClient.invalidateQueries({ queryKey: INTEL_KEYS.status }),
    ]);
  }

  return (
    <>
      <ImportFeedsForm onStarted={started} />
      <FeedImportsTable list={list} />
    </>
  );
}
