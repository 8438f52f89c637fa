// Masks a sensitive match for evidence: only the first four and the last two digits or letters stay readable, the
// separators stay where they are (1208••-••34), so the finding can be recognised without repeating the data. Shorter
// values (a nine-digit SSN) keep three at the start.
export function maskValue(value: string, keepStart?: number, keepEnd = 2): string {
  const positions: number[] = [];
  for (let i = 0; i < value.length; i++) if (/[0-9A-Za-z]/.test(value[i]!)) positions.push(i);
  keepStart ??= positions.length >= 10 ? 4 : 3;
  if (positions.length <= keepStart + keepEnd) return value.replace(/[0-9A-Za-z]/g, '•');
  const hidden = new Set(positions.slice(keepStart, positions.length - keepEnd));
  let out = '';
  for (let i = 0; i < value.length; i++) out += hidden.has(i) ? '•' : value[i];
  return out;
}

/** An e-mail address with the local part hidden but its first letter: j•••@example.com. */
export function maskEmail(value: string): string {
  const at = value.indexOf('@');
  return at <= 0 ? maskValue(value) : `${value[0]}•••${value.slice(at)}`;
}

/** The text with every match replaced by its masked form (so a response excerpt never shows the data). */
export function maskAll(text: string, matches: readonly string[], masker: (v: string) => string = maskValue): string {
  let out = text;
  for (const m of matches) out = out.split(m).join(masker(m));
  return out;
}
