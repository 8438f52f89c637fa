// Finds and starts the scan's Chromium (Debian's, the one e2e uses): headless, no sandbox (probes run in containers),
// nothing of its own on the network (no sync, updates, QUIC or background fetches), so the only traffic is the scan's.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where Chromium is looked for, first found wins; BULWARK_CHROMIUM overrides. */
export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-extensions',
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const wanted = env.BULWARK_CHROMIUM;
  if (wanted) return existsSync(wanted) ? wanted : null;
  return CHROMIUM_PATHS.find((p) => existsSync(p)) ?? null;
}

/** Starts Chromium, or answers why it cannot. */
export async function launchChromium(): Promise<Browser | { unavailable: string }> {
  const executablePath = findChromium();
  if (!executablePath) return { unavailable: `no Chromium found (${process.env.BULWARK_CHROMIUM ?? CHROMIUM_PATHS.join(', ')})` };
  try {
    return await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
  } catch (err) {
    return { unavailable: `Chromium at ${executablePath} did not start: ${(err as Error).message.split('\n')[0]}` };
  }
}
