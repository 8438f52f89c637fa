// The shipped starter library: phishing lures in English, Swedish and German, web trainings and training invitation
// e-mails. A customer imports an entry by its pk (fra/phishing-templates/import/, fra/session-templates/import/);
// the entry is copied, so later library changes never alter a customer's templates.
import { PHISHING_DE } from './phishing-de.ts';
import { PHISHING_EN } from './phishing-en.ts';
import { PHISHING_SV } from './phishing-sv.ts';
import { SESSION_LIBRARY_ENTRIES } from './trainings.ts';
import type { PhishingLibraryEntry, SessionLibraryEntry } from './lure.ts';

export type { PhishingLibraryEntry, SessionLibraryEntry } from './lure.ts';

export const PHISHING_LIBRARY: readonly PhishingLibraryEntry[] = [...PHISHING_EN, ...PHISHING_SV, ...PHISHING_DE];
export const SESSION_LIBRARY: readonly SessionLibraryEntry[] = SESSION_LIBRARY_ENTRIES;

export const phishingLibraryEntry = (pk: string) => PHISHING_LIBRARY.find((e) => e.pk === pk);
export const sessionLibraryEntry = (pk: string) => SESSION_LIBRARY.find((e) => e.pk === pk);
