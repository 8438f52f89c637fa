// What the web app's generic profile pages (ScanProfileEditPage, ScanProfileList, ScanProfileListActions,
// ScanProfileRowActions) need of a scan kind beyond its core descriptor: its form, its list columns, its cache and the
// words of its pages. Network profiles (network-profile-kind.tsx) and policy profiles (policies/policy-profile-kind.tsx)
// are two of these; a new kind adds one beside its form.
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ScanKind } from '@bulwark/core';
import type { QueryParams } from '../../api/query-string.ts';
import type { DataColumn, EmptyState } from '../../components/data-table/index.ts';
import type { ProfileApi } from './profile-api.ts';

/** What every profile row holds, whatever its kind. */
export interface ProfileRowBase {
  id: number;
  name: string;
  description: string;
  builtin: boolean;
  modified: string;
}

/** What the signed-in user may do with the kind's profiles (the server checks again). */
export interface ProfileAccess {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

export interface ProfileFormProps<P, V> {
  initial: V;
  /** The profile being edited (none for a new one). */
  profile?: P;
  readOnly: boolean;
  submitLabel: string;
  failedMessage: string;
  /** Saves; throws the API error on failure (its field errors go onto the form). */
  onSubmit(values: V): Promise<void>;
}

export interface ProfileKindUi<P extends ProfileRowBase, V, I> {
  kind: ScanKind;
  api: ProfileApi<P, I, unknown>;
  /** The query key of one profile (the edit page's). */
  oneKey(id: number): readonly unknown[];
  listKey(query: QueryParams): readonly unknown[];
  /** After a create, copy, import or delete: what to load again. */
  refresh(queryClient: QueryClient): Promise<unknown>;
  /** After a save on the edit page (the saved profile is already in the cache). */
  refreshAfterSave(queryClient: QueryClient): Promise<unknown>;
  useAccess(): ProfileAccess;
  editPath(id: number | 'new'): string;
  parseId(text: string | undefined): number | 'new' | null;
  values(profile: P): V;
  input(values: V): I;
  newValues: V;
  Form: ComponentType<ProfileFormProps<P, V>>;
  /** Shown above the form of an existing profile (e.g. a policy no longer in the library). */
  Notice?: ComponentType<{ profile: P }>;
  /** The columns between the name and the last change. */
  columns: readonly DataColumn<P>[];
  list: {
    id: string;
    caption: string;
    filterLabel: string;
    /** The prefix of the list's URL parameters when it shares a page with another list. */
    prefix?: string;
    pageSize: number;
    errorMessage: string;
    loadingLabel: string;
    empty(filtered: boolean): EmptyState;
    /** Plural and singular of the pager ('profiles', 'profile'). */
    nouns: [string, string];
  };
  texts: {
    /** The edit page's link back to the list. */
    back: string;
    loading: string;
    builtinNote: string;
    newTitle: string;
    newDescription?: string;
    importLabel: string;
    newLabel: string;
    importFailed: string;
  };
}
