// Masks every sensitive match in a piece of evidence (identity numbers of all countries, card numbers, e-mail
// addresses, secrets), whichever test the evidence belongs to: a finding never repeats the data it is about, nor
// other data that happens to sit next to it.
import { findCards, findEmails, findSecrets, NATIONAL_ID_FINDERS } from './find.ts';
import { maskAll, maskEmail } from './mask.ts';

export function redactSensitive(text: string): string {
  const values = new Set<string>();
  for (const find of Object.values(NATIONAL_ID_FINDERS)) for (const m of find(text)) values.add(m.value);
  for (const m of findCards(text)) values.add(m.value);
  for (const m of findSecrets(text)) values.add(m.value);
  const emails = findEmails(text).map((m) => m.value);
  // Longer values first, so a value inside another is not masked half.
  return maskAll(
    maskAll(
      text,
      [...values].sort((a, b) => b.length - a.length),
    ),
    emails,
    maskEmail,
  );
}
