#!/usr/bin/env node
// The `bulwark-scan` command: runs the TypeScript entry point through tsx (no separate build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
