// `npm start`: install what is missing, build the web app, then migrate and serve (embedded PGlite unless DATABASE_URL).
import { ensureInstalled, ensureWebBuilt, run } from './setup.mjs';

ensureInstalled();
ensureWebBuilt();
run('node packages/server/bin/bulwark.js serve');
