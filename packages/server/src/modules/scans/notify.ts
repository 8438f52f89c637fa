// In-process signal that tasks were put in the queue, so the built-in probe claims them at once instead of at its next poll.
import { EventEmitter } from 'node:events';

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function notifyTasksQueued(): void {
  emitter.emit('queued');
}

/** Calls `listener` whenever tasks are queued; returns the function that stops listening. */
export function onTasksQueued(listener: () => void): () => void {
  emitter.on('queued', listener);
  return () => emitter.off('queued', listener);
}
