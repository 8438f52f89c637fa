// The phishing listener: landing pages, the open pixel, click and report tracking and the training, on their own
// port and host name, apart from the application and its session cookie.
import type { AppContext } from '../../../context.ts';

export interface TrackingListener {
  /** The bound base URL (http://host:port), what links use when BULWARK_PHISHING_URL is not set. */
  url: string;
  close(): Promise<void>;
}

const listeners = new WeakMap<AppContext, TrackingListener>();

/** The listener a serving process started for this context (undefined when off or not started yet). */
export function trackingListenerOf(ctx: AppContext): TrackingListener | undefined {
  return listeners.get(ctx);
}

/** Records the started listener (the serve loop calls this). */
export function setTrackingListener(ctx: AppContext, l: TrackingListener | undefined): void {
  if (l) listeners.set(ctx, l);
  else listeners.delete(ctx);
}
