// Entry of a feed reader thread: loads the TypeScript loader (as bin/bulwark.js does), then the reader.
import { register } from 'tsx/esm/api';

register();
await import('./read-worker-main.ts');
