// What the report lists (vulnerability and training reports) do with a report: open the new-report dialog, go to a new
// web report (a file report waits in the list, newest first), and delete one after its confirm.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Report } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { REPORT_KEYS, deleteReport } from './api/reports-api.ts';
import { REPORT_MESSAGES } from './components/NewReportForm.tsx';
import { reportPath } from './report-format.ts';

export function useReportListActions(showFirst: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Report | null>(null);

  async function remove(r: Report) {
    try {
      await deleteReport(r.id);
      toastSuccess(REPORT_MESSAGES.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: REPORT_KEYS.reports });
    } catch (failure) {
      toastFailure(failure, REPORT_MESSAGES.deleteFailed);
    }
  }

  function created(r: Report) {
    setCreating(false);
    // A web report is read in Bulwark: go and watch it being prepared. Files wait in the list, newest first.
    if (r.format === 'web') void navigate(reportPath(r.id));
    else showFirst();
  }

  return { creating, setCreating, deleting, setDeleting, remove, created };
}
