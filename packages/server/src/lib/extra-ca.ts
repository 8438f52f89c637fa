// The operator's extra trusted certificates (BULWARK_EXTRA_CA_FILE) as the engines take them: one PEM text, read once
// per configuration rather than at every run of every monitor.
import { readFileSync } from 'node:fs';
import type { Config } from '../config.ts';

const read = new WeakMap<Pick<Config, 'extraCaFile'>, string | undefined>();

export function extraCaOf(config: Pick<Config, 'extraCaFile'>): string | undefined {
  if (!config.extraCaFile) return undefined;
  if (!read.has(config)) read.set(config, readFileSync(config.extraCaFile, 'utf8'));
  return read.get(config);
}
