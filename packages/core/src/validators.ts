// Field validators of both spec documents (§5): each returns null when valid or the exact message.
export * from './validators/basic.ts';
export * from './validators/ports.ts';
export * from './validators/ip.ts';
export * from './validators/media.ts';
export * from './validators/errors.ts';
export * from './validators/time.ts';
