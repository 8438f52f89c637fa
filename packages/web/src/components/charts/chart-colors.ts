// Chart colours from the Mantine theme, so a chart's "red" is the app's red: a theme colour name to a CSS colour.
import { useCallback } from 'react';
import { useMantineTheme, type MantineTheme } from '@mantine/core';

/** A theme colour name (and shade, 6 unless given) as a CSS colour. */
export type ColorOf = (name: string, shade?: number) => string;

/** The theme's shade 6 of `name` (a CSS colour passes through). */
export function themeColor(theme: MantineTheme, name: string, shade = 6): string {
  return theme.colors[name]?.[shade] ?? name;
}

export function useChartColors(): ColorOf {
  const theme = useMantineTheme();
  return useCallback((name: string, shade?: number) => themeColor(theme, name, shade), [theme]);
}
