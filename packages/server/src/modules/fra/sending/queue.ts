// The name of the sending queue, apart from its worker so that starting an assessment can wake it without importing it.
import type { AppContext } from '../../../context.ts';

export const FRA_SEND_QUEUE = 'fra-send';

/** Wakes the sender now (it also runs every minute), so a message due at once does not wait for the next minute. */
export async function wakeSender(ctx: AppContext): Promise<void> {
  try {
    await ctx.jobs?.send(FRA_SEND_QUEUE, {});
  } catch (err) {
    // The per-minute run sends it anyway: a failed wake-up only delays it.
    ctx.log.warn({ err }, 'could not wake the phishing sender');
  }
}
