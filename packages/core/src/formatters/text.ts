// Text clean-ups of §5: private-key line breaks, phone number spaces, masked secrets, empty-to-null, display names.

/** Escaped line breaks ('\n' written as two characters) become real line breaks. */
export function privateKeyNewlines(key: string): string {
  return key.replace(/\\r\\n|\\n/g, '\n');
}

/** Phone numbers are sent without spaces. */
export function removeSpaces(phone: string): string {
  return phone.replace(/\s+/g, '');
}

/** A masked secret is all asterisks and means "unchanged". */
export function isMaskedSecret(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^\*+$/.test(value);
}

/** The value to send for a secret field: undefined (leave out) when masked. */
export function secretForSave(value: string | null | undefined): string | null | undefined {
  return isMaskedSecret(value) ? undefined : value;
}

/** A text input's empty value becomes null when the field is nullable. */
export function emptyToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

export interface AssetNameSource {
  name?: string | null;
  host?: { ip?: string | null } | null;
  iprange?: { network?: string | null; mask?: string | number | null } | null;
  webapp?: { uri?: string | null } | null;
}

/** Display name of an asset: name, else host.ip, else network/mask, else webapp.uri. */
export function assetDisplayName(asset: AssetNameSource): string {
  if (asset.name) return asset.name;
  if (asset.host?.ip) return asset.host.ip;
  if (asset.iprange?.network) {
    const mask = asset.iprange.mask;
    return mask === null || mask === undefined || mask === '' ? asset.iprange.network : `${asset.iprange.network}/${mask}`;
  }
  return asset.webapp?.uri ?? '';
}
