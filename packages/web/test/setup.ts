// Test set-up of the web package: Testing Library's matchers and clean-up, and the browser APIs Mantine needs that jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';

// Debounced inputs (300 ms) and a busy machine: give findBy and waitFor room before they fail. A page's first render
// took more than 3 s with the scanner's tests on the other core (VulnerabilitiesPage's table, seen failing so); a
// passing wait ends as soon as its element is there, so the room costs nothing.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // Toasts live in a store of their own, outside the rendered tree.
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

// Mantine reads the colour-scheme and reduced-motion media queries.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });

  // Popovers, scroll areas and the row virtualiser observe sizes; jsdom has no layout, so nothing is ever reported.
  window.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };

  // Autosizing text areas listen for web fonts loading.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

  // Comboboxes scroll the selected option into view.
  window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView(): void {};
}
