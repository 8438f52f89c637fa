#!/usr/bin/env node
// The `bulwark` command: runs the TypeScript entry point through tsx (no separate build step for the server).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
