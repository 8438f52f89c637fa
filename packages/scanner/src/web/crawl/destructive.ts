// What a crawl must not follow or submit unless the profile allows it: links and forms that sign out or destroy the
// state the scan works on (logout, delete, reset, clear, unsubscribe …), in English and the common European languages
// the product's users write in. Matched on the URL, the link text, id/name and the form's buttons.

const WORDS = [
  'log[ _-]?out',
  'log[ _-]?off',
  'sign[ _-]?out',
  'sign[ _-]?off',
  'delete',
  'remove',
  'reset',
  'clear',
  'drop',
  'unsubscribe',
  'destroy',
  'truncate',
  'purge',
  'wipe',
  'cancel[ _-]?account',
  'close[ _-]?account',
  'deactivate',
  // Danish, Norwegian, Swedish, German, French, Spanish, Dutch
  'log[ _-]?ud',
  'slet',
  'fjern',
  'nulstil',
  'logg[ _-]?ut',
  'avmeld',
  'logga[ _-]?ut',
  'radera',
  'ta[ _-]?bort',
  'abmelden',
  'ausloggen',
  'l[öo]schen',
  'entfernen',
  'zur[üu]cksetzen',
  'd[ée]connexion',
  'd[ée]connecter',
  'supprimer',
  'effacer',
  'cerrar[ _-]?sesi[óo]n',
  'eliminar',
  'borrar',
  'uitloggen',
  'verwijderen',
];
// Any non-letter is a word edge, so /user/delete?id=1, do_logout and delete.php match while "dropdown" or
// "clearance" do not; a plural s is allowed (Remove items → remove).
const PATTERN = new RegExp(`(?:^|[^a-z])(${WORDS.join('|')})s?(?:$|[^a-z])`, 'i');

/** The word that makes `text` (a URL, a link label, a form's buttons) destructive, or null. */
export function destructiveWord(...texts: (string | undefined)[]): string | null {
  for (const t of texts) {
    if (!t) continue;
    // Split camelCase (deleteItem → delete Item) so the word edge holds.
    const m = PATTERN.exec(t.replace(/([a-z])([A-Z])/g, '$1 $2'));
    if (m) return m[1]!.toLowerCase();
  }
  return null;
}
