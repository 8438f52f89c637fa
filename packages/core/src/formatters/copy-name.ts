// Copy-name numbering (§5): append ' (1)' to a name, or increment a trailing number in parentheses.

const TRAILING_NUMBER = /^(.*) \(([0-9]+)\)$/;

/**
 * 'Name' → 'Name (1)', 'Name (1)' → 'Name (2)'. With `taken`, keeps incrementing until the name is free.
 */
export function copyName(name: string, taken: Iterable<string> = []): string {
  const used = new Set(taken);
  const m = TRAILING_NUMBER.exec(name);
  const base = m ? m[1] : name;
  let n = m ? Number(m[2]) + 1 : 1;
  while (used.has(`${base} (${n})`)) n++;
  return `${base} (${n})`;
}
