// What an input shows while the user types, handed on (to the URL, hence the API) only after a 300 ms pause (§9);
// a change from outside (a removed chip, "Clear filters") replaces it.
import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { INPUT_DEBOUNCE_MS } from '@bulwark/core';

export function useDebouncedDraft<T>(committed: T, commit: (value: T) => void) {
  const [draft, setDraft] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (!Object.is(committed, seen)) {
    setSeen(committed);
    setDraft(committed);
  }
  const debounced = useDebouncedCallback(commit, INPUT_DEBOUNCE_MS);
  return {
    draft,
    change(value: T) {
      setDraft(value);
      debounced(value);
    },
    /** Hands the draft on now (Enter). */
    flush: () => debounced.flush(),
  };
}
