// Recovers from lazy-loading failures (§8 ChunkLoadError, CSS_CHUNK_LOAD_FAILED): reload the page once, then report.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_ERROR, CHUNK_LOAD_TIMEOUT_MS, CSS_CHUNK_LOAD_FAILED } from '@bulwark/core';

const RELOAD_KEY = 'bulwark.chunk-reload-at';
/** A second failure within this time after a reload is reported instead of reloading again. */
const RELOAD_WINDOW_MS = 60_000;

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = CHUNK_LOAD_ERROR;
  }
}

/** Errors browsers and Vite raise when a script or style chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === CHUNK_LOAD_ERROR || error.message.includes(CSS_CHUNK_LOAD_FAILED)) return true;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    error.message,
  );
}

/** Reloads the page unless it was already reloaded for a chunk failure a moment ago; true when reloading. */
export function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? '0');
    if (Date.now() - last < RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false; // Without session storage a reload loop could not be detected: report instead.
  }
  window.location.reload();
  return true;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type PageModule<P> = { default: ComponentType<P> };

/** React.lazy for a feature page (or a layout, with its props): 120 s load timeout, one reload on a chunk failure, else a ChunkLoadError. */
export function lazyPage<P extends object = object>(load: () => Promise<PageModule<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      return await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnce()) return new Promise<PageModule<P>>(() => undefined);
      throw isChunkLoadError(error) ? new ChunkLoadError((error as Error).message, { cause: error }) : error;
    }
  });
}

/** Vite reports failed preloads (script and CSS chunks) with this event; reload once instead of breaking. */
export function watchPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
