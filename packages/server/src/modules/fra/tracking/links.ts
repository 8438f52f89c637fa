// The addresses of a recipient's tracked pages on the phishing listener: what sending puts into a message ({{link}},
// the open pixel, the report link) and what the landing page links to (the training).
import type { AppContext } from '../../../context.ts';
import { trackingListenerOf } from './listener.ts';

/**
 * The listener's base for an assessment: BULWARK_PHISHING_URL ({domain} → the landing domain), else the bound
 * address. Undefined when it has {domain} and the assessment has no landing domain, or no listener runs here.
 */
export function trackingBase(ctx: AppContext, landingDomain: string | null): string | undefined {
  const configured = ctx.config.phishing.publicUrl;
  if (configured) {
    if (!configured.includes('{domain}')) return configured;
    return landingDomain ? configured.replaceAll('{domain}', landingDomain) : undefined;
  }
  return trackingListenerOf(ctx)?.url;
}

export interface TrackingLinks {
  link: string;
  pixel: string;
  report: string;
  training: string;
}

export function trackingLinks(base: string, token: string): TrackingLinks {
  return { link: `${base}/l/${token}`, pixel: `${base}/o/${token}.gif`, report: `${base}/r/${token}`, training: `${base}/t/${token}` };
}
