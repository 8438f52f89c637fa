// ICMP echo through the system `ping` (no raw sockets needed): one echo request, alive on a reply.
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

let found: Promise<string | null> | undefined;

/** The path of the system `ping`, or null when there is none on PATH (cached). */
export function findPing(): Promise<string | null> {
  found ??= (async () => {
    const dirs = (process.env.PATH ?? '/usr/bin:/bin').split(delimiter).concat(['/usr/bin', '/bin', '/usr/sbin', '/sbin']);
    for (const dir of dirs) {
      const path = join(dir, 'ping');
      try {
        await access(path, constants.X_OK);
        return path;
      } catch {
        // next directory
      }
    }
    return null;
  })();
  return found;
}

/** true when the host answered an echo request within timeoutMs; null when no `ping` exists here. */
export async function icmpEcho(address: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean | null> {
  const ping = await findPing();
  if (!ping) return null;
  if (signal?.aborted) return false;
  const seconds = String(Math.max(1, Math.ceil(timeoutMs / 1000)));
  const args = [address.includes(':') ? '-6' : '-4', '-n', '-q', '-c', '1', '-W', seconds, address];
  return new Promise((resolve) => {
    const child = spawn(ping, args, { stdio: 'ignore', signal });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}
