// Number abbreviations k, M, G, T, P, E and byte sizes in base 1000 (§9).

export const NUMBER_UNITS = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;
export const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** Value scaled by 1000 per step, rounded to `decimals`, moving up a unit when rounding reaches 1000. */
function scale(value: number, units: readonly string[], decimals: number): { text: string; unit: string } {
  const sign = value < 0 ? '-' : '';
  let abs = Math.abs(value);
  let i = 0;
  while (abs >= 1000 && i < units.length - 1) {
    abs /= 1000;
    i++;
  }
  let rounded = Number(abs.toFixed(decimals));
  if (rounded >= 1000 && i < units.length - 1) {
    rounded = Number((rounded / 1000).toFixed(decimals));
    i++;
  }
  return { text: sign + trimZeros(rounded.toFixed(decimals)), unit: units[i] };
}

/** 950 → '950', 1500 → '1.5k', 2_000_000 → '2M', 999_999 → '1M'. */
export function abbreviateNumber(value: number, decimals = 1): string {
  const { text, unit } = scale(value, NUMBER_UNITS, decimals);
  return text + unit;
}

/** 999 → '999 B', 1000 → '1 kB', 1_500_000 → '1.5 MB' (base 1000). */
export function formatBytes(bytes: number, decimals = 1): string {
  const { text, unit } = scale(bytes, BYTE_UNITS, decimals);
  return `${text} ${unit}`;
}
