// Sorted, merged sets of bigint intervals: union (de-duplication of overlapping targets) and subtraction (exclusions).
export type Interval = readonly [bigint, bigint];

/** Sorts and merges overlapping or adjacent intervals. */
export function normalize(list: readonly Interval[]): Interval[] {
  const sorted = [...list].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  const out: [bigint, bigint][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + 1n) {
      if (e > last[1]) last[1] = e;
    } else {
      out.push([s, e]);
    }
  }
  return out;
}

/** `set` minus `remove`, both normalized. */
export function subtract(set: readonly Interval[], remove: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const [s0, e] of set) {
    let s = s0;
    while (j < remove.length && remove[j][1] < s) j++;
    let k = j;
    while (k < remove.length && remove[k][0] <= e && s <= e) {
      const [rs, re] = remove[k];
      if (rs > s) out.push([s, rs - 1n]);
      s = re + 1n;
      k++;
    }
    if (s <= e) out.push([s, e]);
  }
  return out;
}

export function count(set: readonly Interval[]): bigint {
  return set.reduce((n, [s, e]) => n + (e - s + 1n), 0n);
}

/** The fewest CIDR blocks (start, prefix length) that cover exactly [start, end] in a space of `bits` bits. */
export function toCidrs(start: bigint, end: bigint, bits: bigint): Array<[bigint, bigint]> {
  const out: Array<[bigint, bigint]> = [];
  let s = start;
  while (s <= end) {
    let size = 0n;
    while (size < bits && (s & ((1n << (size + 1n)) - 1n)) === 0n && s + (1n << (size + 1n)) - 1n <= end) size++;
    out.push([s, bits - size]);
    s += 1n << size;
  }
  return out;
}
