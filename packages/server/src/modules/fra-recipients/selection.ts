// Whom an assessment goes to: the active recipients listed, tagged with any of the tags, or in any of the departments.
import type { RecipientSelection } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';

export interface SelectedRecipient {
  id: number;
  assetId: number;
  email: string;
  firstName: string;
  lastName: string;
  department: string;
  jobTitle: string;
  language: string;
}

/** The customer's active recipients the selection names (each once, ordered by id). */
export async function selectRecipients(_db: Db | Tx, _customerId: number, _selection: RecipientSelection): Promise<SelectedRecipient[]> {
  throw new Error('selectRecipients is not built yet');
}
