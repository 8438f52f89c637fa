// WCAG 2.1 contrast arithmetic for the theme: relative luminance, contrast ratio, and the first colour of a palette (or
// a darkened or lightened one) that reaches the ratio text needs on a given background (1.4.3: 4.5:1 for body text).
import { darken, lighten } from '@mantine/core';

/** Text below 18pt (24px), or 14pt bold, needs 4.5:1 against its background (WCAG 2.1 SC 1.4.3). */
export const AA_TEXT = 4.5;

function channel(value: number): number {
  const v = value / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb or rgb()/rgba() colour (alpha ignored). */
export function luminance(color: string): number {
  let rgb: number[];
  if (color.startsWith('#')) {
    const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1, 7);
    rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  } else {
    rgb = (color.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);
  }
  const [r = 0, g = 0, b = 0] = rgb.map(channel);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Whether `text` reads at `ratio` on every background given. */
export function readsOn(text: string, backgrounds: string[], ratio = AA_TEXT): boolean {
  return backgrounds.every((bg) => contrastRatio(text, bg) >= ratio);
}

/**
 * The first of `candidates` that reads on every background; when none does, the last one darkened (on light
 * backgrounds) or lightened (on dark ones) step by step until it does.
 */
export function readableText(candidates: string[], backgrounds: string[], ratio = AA_TEXT): string {
  const found = candidates.find((c) => readsOn(c, backgrounds, ratio));
  if (found) return found;
  const last = candidates[candidates.length - 1] ?? '#000000';
  const onDark = luminance(backgrounds[0] ?? '#ffffff') < 0.2;
  for (let step = 0.05; step <= 1; step += 0.05) {
    const shifted = onDark ? lighten(last, step) : darken(last, step);
    if (readsOn(shifted, backgrounds, ratio)) return shifted;
  }
  return onDark ? '#ffffff' : '#000000';
}
