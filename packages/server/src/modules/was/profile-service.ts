// The rules of web scan profiles (scan/wprofiles/): field checks (test and category ids against the web test catalogue,
// what each sign-in kind needs), the sc_ss_* rule, unique names among the customer's web profiles, the password and
// sign-in header values sealed at rest and answered masked (the mask keeps a stored value), built-ins read-only,
// copy/export/import (an export carries no secret: an imported profile asks for them again).
import {
  isMaskedSecret,
  MASKED,
  normaliseSensitive,
  usesWebAuthCredential,
  webAuthProblems,
  webProfile,
  webProfileInput,
  WEB_SCAN_KIND,
  type WebProfile,
  type WebProfileExport,
  type WebProfileSettings,
} from '@bulwark/core';
import { webTestCatalogue } from '@bulwark/scanner';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { NetworkProfileFields } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound, type FieldErrors } from '../../http/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { isOwnWebCredential, webCredentialErrors } from '../credentials/index.ts';
import {
  freeCopyName,
  getProfile,
  insertNamedProfile,
  NAME_TAKEN,
  ownProfile,
  profileNames,
  removeProfile,
  updateNamedProfile,
  type ProfileStore,
  type ProfileWithUser,
} from '../profiles/index.ts';

type Input = z.output<typeof webProfileInput>;
const TYPE = 'was' as const;

const FIELD_KEYS = Object.keys(webProfileInput.shape).filter((k) => k !== 'name' && k !== 'description') as (keyof WebProfileSettings)[];

/** The stored settings of a web profile (the profiles table's fields column holds each kind's own settings). */
export const webFieldsOf = (row: { fields: unknown }): WebProfileSettings => row.fields as WebProfileSettings;
const asStored = (f: WebProfileSettings): NetworkProfileFields => f as unknown as NetworkProfileFields;

/** Test and category ids the catalogue does not know, as field errors. */
function unknownSelections(input: Input): FieldErrors {
  const tests = webTestCatalogue();
  const ids = new Set(tests.map((t) => t.id));
  const categories = new Set(tests.map((t) => t.category));
  const errors: FieldErrors = {};
  for (const [field, known, what] of [
    ['plus_tests', ids, 'web test'],
    ['minus_tests', ids, 'web test'],
    ['plus_categories', categories, 'web test category'],
    ['minus_categories', categories, 'web test category'],
  ] as const) {
    const unknown = input[field].filter((v) => !known.has(v));
    if (unknown.length > 0) errors[field] = [`Unknown ${what}: ${unknown.slice(0, 10).join(', ')}.`];
  }
  return errors;
}

/**
 * The settings to store: the sc_ss_* rule, then the secrets sealed — a masked value keeps the stored one, '' or null
 * removes it; then what the sign-in kind needs, once the secrets are merged.
 */
function settingsOf(box: SecretBox, input: Input, current?: WebProfileSettings): { fields: WebProfileSettings; errors: FieldErrors } {
  const ruled = normaliseSensitive(input);
  const fields = Object.fromEntries(FIELD_KEYS.map((k) => [k, ruled[k]])) as unknown as WebProfileSettings;
  const pw = input.auth_password;
  fields.auth_password = pw === null || pw === '' ? null : isMaskedSecret(pw) ? (current?.auth_password ?? null) : box.encrypt(pw);
  fields.auth_headers = Object.fromEntries(
    Object.entries(input.auth_headers).flatMap(([name, value]) => {
      if (!isMaskedSecret(value)) return value === '' ? [] : [[name, box.encrypt(value)]];
      const kept = current?.auth_headers[name];
      return kept ? [[name, kept]] : [];
    }),
  );
  // Only what the chosen kind uses is kept: a profile switched to "none" forgets its login.
  if (fields.auth_kind === 'none') {
    fields.auth_password = null;
    fields.auth_headers = {};
    fields.auth_steps = [];
  }
  // A stored credential is the one source of the username and password: the profile keeps neither beside it.
  if (!usesWebAuthCredential(fields.auth_kind)) fields.auth_credential = null;
  if (fields.auth_credential !== null) {
    fields.auth_username = '';
    fields.auth_password = null;
  }
  const errors: FieldErrors = { ...unknownSelections(input), ...webAuthProblems(fields, fields.auth_password !== null) };
  if (fields.auth_kind !== 'headers' && Object.keys(input.auth_headers).length > 0 && !errors.auth_headers) fields.auth_headers = {};
  return { fields, errors };
}

/** The settings to store, or a 400 with every field's problem (the credential reference checked against the customer's). */
async function checkedSettings(db: Tx, customerId: number, box: SecretBox, input: Input, current?: WebProfileSettings) {
  const { fields, errors } = settingsOf(box, input, current);
  const all = { ...(await webCredentialErrors(db, customerId, fields.auth_credential)), ...errors };
  if (Object.keys(all).length > 0) throw badRequest(all);
  return fields;
}

/** A stored profile as the API answers it: the password and the sign-in header values masked. */
export function toWebProfile(row: ProfileWithUser): WebProfile {
  const f = webFieldsOf(row);
  return webProfile.parse({
    ...f,
    auth_password: f.auth_password ? MASKED : null,
    auth_headers: Object.fromEntries(Object.keys(f.auth_headers ?? {}).map((k) => [k, MASKED])),
    id: row.id,
    name: row.name,
    description: row.description,
    type: TYPE,
    builtin: row.builtin,
    user: row.author ? { id: row.author.id, first_name: row.author.firstName, last_name: row.author.lastName } : null,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
  });
}

/** A stored profile as the input PATCH merges into (secrets as the mask, so they stay). */
function inputOf(row: ProfileWithUser): Record<string, unknown> {
  const { id: _id, type: _type, builtin: _b, user: _u, created: _c, modified: _m, ...rest } = toWebProfile(row);
  return rest;
}

/** The export: every setting but the secrets. */
function toExport(row: ProfileWithUser): WebProfileExport {
  const f = webFieldsOf(row);
  return { format: 'bulwark-wprofile/1', name: row.name, description: row.description, ...f, auth_password: null, auth_headers: {} };
}

const lower = (names: Iterable<string>) => new Set([...names].map((n) => n.toLowerCase()));

async function checkName(db: Tx, customerId: number, name: string, current?: string): Promise<void> {
  const taken = await profileNames(db, customerId, TYPE);
  const others = current === undefined ? taken : taken.filter((n) => n !== current);
  if (lower(others).has(name.toLowerCase())) throw conflict({ name: [NAME_TAKEN] });
}

/** The web profiles' store for the generic profile routes; the secret box seals and opens their secrets. */
export function webProfileStore(box: SecretBox): ProfileStore<typeof WEB_SCAN_KIND> {
  const insert = (db: Db, customerId: number, userId: number, name: string, description: string, fields: WebProfileSettings) =>
    insertNamedProfile(db, customerId, userId, { name, description, fields: asStored(fields), type: TYPE });
  return {
    kind: WEB_SCAN_KIND,
    tags: ['web scan profiles'],
    summaries: {
      list: 'Web scan profiles the customer can use (its own and the built-ins), paged; search in name and description',
      create: 'Create a web scan profile',
      import: 'Import a web profile from its export (without secrets); a taken name gets the copy numbering ("Name (1)")',
      read: 'One web scan profile (the password and sign-in header values masked)',
      change: 'Change a web profile (not a built-in one); a masked secret keeps the stored one',
      patch: 'Change some fields of a web profile (not a built-in one); the rest stay',
      remove: 'Delete a web profile (not a built-in one, nor one a scan uses)',
      copy: 'Copy a web profile (built-ins too) under the next free "Name (n)", secrets included',
      export: 'A web profile as JSON that import accepts (secrets left out)',
    },
    reply: (_db, _customerId, row) => toWebProfile(row),
    async create(db, customerId, userId, input) {
      const fields = await checkedSettings(db, customerId, box, input);
      await checkName(db, customerId, input.name);
      return insert(db, customerId, userId, input.name, input.description, fields);
    },
    async import(db, customerId, userId, data) {
      const { format: _format, ...exported } = data;
      // A credential of another customer (or one since deleted) is not carried over: the import asks for a login.
      const keep = exported.auth_credential !== null && (await isOwnWebCredential(db, customerId, exported.auth_credential));
      const input = keep ? exported : { ...exported, auth_credential: null };
      const fields = await checkedSettings(db, customerId, box, input);
      const taken = lower(await profileNames(db, customerId, TYPE));
      const name = taken.has(input.name.toLowerCase()) ? await freeCopyName(db, customerId, input.name, TYPE) : input.name;
      return insert(db, customerId, userId, name, input.description, fields);
    },
    async change(db, customerId, id, input) {
      const current = await ownProfile(db, customerId, id, TYPE);
      const fields = await checkedSettings(db, customerId, box, input, webFieldsOf(current));
      await checkName(db, customerId, input.name, current.name);
      return updateNamedProfile(db, customerId, id, {
        name: input.name,
        description: input.description,
        fields: asStored(fields),
        type: TYPE,
      });
    },
    own: (db, customerId, id) => ownProfile(db, customerId, id, TYPE),
    inputOf,
    async copy(db, customerId, userId, id) {
      const source = await getProfile(db, customerId, id, TYPE);
      if (!source) throw notFound();
      // The sealed secrets are copied as they are: the copy signs in as the original does.
      const name = await freeCopyName(db, customerId, source.name, TYPE);
      return insert(db, customerId, userId, name, source.description, webFieldsOf(source));
    },
    remove: (db, customerId, id) => removeProfile(db, customerId, id, TYPE),
    toExport,
  };
}
