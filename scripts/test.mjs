// `npm test`: install what is missing, build the web app, check types and lint, then run every test (unit, integration
// on PGlite and PostgreSQL when reachable, browser) in one Vitest run. Extra arguments go to Vitest (e.g. a file filter).
import { ensureInstalled, ensureWebBuilt, run } from './setup.mjs';

ensureInstalled();
ensureWebBuilt();
const args = process.argv.slice(2);
if (args.length === 0) {
  run('npm run typecheck');
  run('npm run lint');
}
run(`npx vitest run ${args.map((a) => JSON.stringify(a)).join(' ')}`);
