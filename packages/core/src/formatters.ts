// Display formatters of both spec documents (§3, §5, §9), gathered from the files under formatters/.
export * from './formatters/risk.ts';
export * from './formatters/numbers.ts';
export * from './formatters/interval.ts';
export * from './formatters/copy-name.ts';
export * from './formatters/datetime.ts';
export * from './formatters/schedule.ts';
export * from './formatters/text.ts';
