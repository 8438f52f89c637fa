// Shared by `npm start` and `npm test`: install what is missing (from the lock file) and build the web app when stale.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function run(cmd, env = {}) {
  execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
    console.log('Installing dependencies (npm ci)…');
    run('npm ci --no-audit --no-fund');
  }
}

export function ensureWebBuilt() {
  const index = path.join(root, 'packages/web/dist/index.html');
  const sources = Math.max(newest(path.join(root, 'packages/web')), newest(path.join(root, 'packages/core/src')));
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    console.log('Building the web app…');
    run('npm run build -w @bulwark/web');
  }
}
