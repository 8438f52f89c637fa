// What the browser must not click, follow or submit unless the profile allows it: controls and links that end the
// session or destroy data. Read from a control's text, label or title and from a link's or form's URL.
const DESTRUCTIVE =
  /\b(log[\s_-]?out|log[\s_-]?off|sign[\s_-]?out|sign[\s_-]?off|delete|remove|destroy|reset|clear|unsubscribe|deactivate|disable|drop|purge|wipe|erase|revoke|terminate|close[\s_-]?account|cancel[\s_-]?(account|subscription))\b/i;

/** The reason a control or URL is destructive ('looks like "Delete"'), or null. */
export function destructiveReason(...texts: (string | undefined)[]): string | null {
  for (const text of texts) {
    if (!text) continue;
    // URL paths and ids use _, - and / between words; \b sees those as boundaries, camelCase it does not.
    const m = DESTRUCTIVE.exec(text.replace(/([a-z])([A-Z])/g, '$1 $2'));
    if (m) return `destructive: looks like "${m[0]}"`;
  }
  return null;
}
