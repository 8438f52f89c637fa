// What a recipient's behaviour in an assessment comes to: the target's and the recipient's phishing severity and the
// recipient asset's `pat` findings, recomputed after each human event in the caller's transaction.
import type { Tx } from '../../../db/client.ts';

export async function settleTarget(_tx: Tx, _customerId: number, _targetId: number, _now: Date): Promise<void> {}
