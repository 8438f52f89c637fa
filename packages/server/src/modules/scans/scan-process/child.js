// Entry of the built-in probe's scan process: loads the TypeScript loader (as bin/bulwark.js does), then the runner.
import { register } from 'tsx/esm/api';

register();
await import('./child-main.ts');
