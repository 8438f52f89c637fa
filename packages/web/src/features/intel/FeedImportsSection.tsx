// Superusers' part of the page: start an import, and the history of imports (which page of it is shown).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ImportFeedsForm } from './ImportFeedsForm.tsx';
import { FeedImportsTable } from './FeedImportsTable.tsx';
import { INTEL_KEYS } from './intel-queries.ts';

export function FeedImportsSection() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);

  /** A new import is newest: show the first page, and ask again so it appears at the top and the polling starts. */
  async function started() {
    setPage(1);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: INTEL_KEYS.imports }),
      queryClient.invalidateQueries({ queryKey: INTEL_KEYS.status }),
    ]);
  }

  return (
    <>
      <ImportFeedsForm onStarted={started} />
      <FeedImportsTable page={page} onPageChange={setPage} />
    </>
  );
}
