// Whether a private key can be used for SSH logins (ssh2's own parser, the one logins use): read, and decrypted by
// its passphrase when it has one.
import ssh2 from 'ssh2';

const { utils } = ssh2;

export type KeyProblem = { field: 'priv_key' | 'priv_key_passwd'; message: string };

export function privateKeyProblem(key: string, passphrase?: string): KeyProblem | null {
  const parsed = utils.parseKey(key, passphrase || undefined);
  if (!(parsed instanceof Error)) return null;
  const msg = parsed.message;
  if (/no passphrase|encrypted.*without/i.test(msg))
    return { field: 'priv_key_passwd', message: 'This key is protected by a passphrase; enter it.' };
  if (/bad passphrase|decrypt|integrity/i.test(msg)) return { field: 'priv_key_passwd', message: 'The passphrase does not open this key.' };
  return { field: 'priv_key', message: `This is not a private key Bulwark can use (${msg}).` };
}
