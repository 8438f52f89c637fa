// The Mantine theme of Bulwark.
import { Badge, createTheme, Pill } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A badge or pill is a short label that must be read whole ("FAIL", "NEW", "CRITICAL"): its smallest width is its
    // text's, so a crowded table row makes the column wider (or scrolls) instead of cutting it to "F…" or "N…".
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    Pill: Pill.extend({ styles: { root: { minWidth: 'max-content' } } }),
  },
});
