// The rules of the policy library: the SCAP content's policies and the customer's imported OVAL files as one list,
// a policy by id with its rules, what a policy scan's probe is sent, importing an OVAL file (read with the probe's own
// OVAL reader, so what imports is what evaluates) and deleting one no profile uses.
import { importedPolicyId, type OvalPolicy, type OvalPolicyDetail } from '@bulwark/core';
import { loadOvalDocument, ovalDocumentRules, type PolicyContent } from '@bulwark/scanner';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { libraryContent, policyLibrary } from './library.ts';
import {
  deleteDocument,
  documentNames,
  getDocument,
  getDocumentSummary,
  insertDocument,
  listDocuments,
  type PolicyDocumentSummary,
} from './repo.ts';
import { profilesUsingPolicy } from '../profiles/index.ts';

export const IMPORTED_NAME_TAKEN = 'An imported policy with this name already exists.';

function importedPolicy(d: PolicyDocumentSummary): OvalPolicyDetail {
  return {
    id: `imported:${d.id}`,
    name: d.name,
    description: `OVAL definitions imported on ${d.createdAt.toISOString().slice(0, 10)}; each definition is a rule.`,
    benchmark: d.name,
    version: null,
    platforms: [],
    rules: d.rules.length,
    source: 'imported',
    rule_list: d.rules,
  };
}

const summaryOf = ({ rule_list: _rules, ...p }: OvalPolicyDetail): OvalPolicy => p;

/** Every policy the customer can evaluate: the installation's SCAP content, then its imported files; optional search. */
export async function listPolicies(db: Db, customerId: number, search?: string): Promise<OvalPolicy[]> {
  const imported = (await listDocuments(db, customerId)).map((d) => summaryOf(importedPolicy(d)));
  const all = [...policyLibrary().policies, ...imported];
  const q = search?.toLowerCase();
  return q ? all.filter((p) => `${p.name} ${p.benchmark}`.toLowerCase().includes(q)) : all;
}

/** One policy with its rules, or null. */
export async function policyDetail(db: Tx, customerId: number, id: string): Promise<OvalPolicyDetail | null> {
  const imported = importedPolicyId(id);
  if (imported !== null) {
    const d = await getDocumentSummary(db, customerId, imported);
    return d ? importedPolicy(d) : null;
  }
  return policyLibrary().byId.get(id)?.policy ?? null;
}

/** The policy's name, or null when the customer has no such policy (profiles check references with it). */
export async function policyName(db: Tx, customerId: number, id: string): Promise<string | null> {
  return (await policyDetail(db, customerId, id))?.name ?? null;
}

/** What the probe that runs a policy task is sent, or null when the policy is gone. */
export async function policyContent(db: Tx, customerId: number, id: string, ignorePlatform: boolean): Promise<PolicyContent | null> {
  const imported = importedPolicyId(id);
  if (imported === null) return libraryContent(id, ignorePlatform);
  const d = await getDocument(db, customerId, imported);
  return d ? { id, name: d.name, format: 'oval', main: d.content } : null;
}

/** Imports an OVAL definitions file; 400 on the content when it is not one Bulwark can read, 409 on a taken name. */
export async function importOval(db: Db, customerId: number, userId: number, name: string, content: string): Promise<OvalPolicyDetail> {
  let rules: ReturnType<typeof ovalDocumentRules>;
  try {
    rules = ovalDocumentRules(loadOvalDocument(content));
  } catch (err) {
    throw badRequest({
      content: [`This is not an OVAL definitions file Bulwark can read: ${err instanceof Error ? err.message : String(err)}`],
    });
  }
  if (rules.length === 0) throw badRequest({ content: ['The file holds no OVAL definitions (or only deprecated ones).'] });
  const taken = new Set((await documentNames(db, customerId)).map((n) => n.toLowerCase()));
  if (taken.has(name.toLowerCase())) throw conflict({ name: [IMPORTED_NAME_TAKEN] });
  const row = await insertDocument(db, { customerId, name, content, rules, userId });
  return importedPolicy(row);
}

/** Deletes an imported file; the SCAP content's policies cannot be (403 is for the caller to say), 409 while in use. */
export async function removeImported(db: Db, customerId: number, id: string): Promise<void> {
  const imported = importedPolicyId(id);
  const d = imported === null ? null : await getDocumentSummary(db, customerId, imported);
  if (!d) throw notFound();
  const users = await profilesUsingPolicy(db, customerId, id);
  if (users.length > 0)
    throw conflict({
      non_field_errors: [`This policy is used by ${users.length === 1 ? 'the profile' : 'these profiles'}: ${users.join(', ')}.`],
    });
  await deleteDocument(db, customerId, d.id);
}

// Results processing (results module) writes policy runs' results through these.
export { savePolicyHosts, type PolicyHostInput } from './results.ts';
