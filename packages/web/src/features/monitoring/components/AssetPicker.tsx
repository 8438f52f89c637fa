// The profile's asset picker: network assets (hosts, networks, ranges) and web applications together, searched as the
// user types (the server matches names and addresses); chosen assets keep their names while other searches run.
import { useState } from 'react';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AssetBasic } from '@bulwark/core';
import { MONITORING_KEYS, fetchAssetChoices } from '../monitoring-api.ts';

export interface AssetOption {
  value: string;
  label: string;
}

const KIND_GROUPS: [AssetBasic['kind'][], string][] = [
  [['host'], 'Hosts'],
  [['network', 'range'], 'Networks and ranges'],
  [['webapp'], 'Web applications'],
];

type Props = Omit<MultiSelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'searchable' | 'filter' | 'value' | 'onChange'> & {
  value: string[];
  onChange(value: string[]): void;
  /** Names of assets chosen before (a saved profile's), shown until a search finds them. */
  known: readonly AssetOption[];
};

export function AssetPicker({ value, onChange, known, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map(known.map((k) => [k.value, k.label])));
  const { data, isFetching } = useQuery({
    queryKey: MONITORING_KEYS.assetChoices(debounced),
    queryFn: ({ signal }) => fetchAssetChoices(debounced, signal),
    placeholderData: keepPreviousData,
  });

  const found = data ?? [];
  const foundIds = new Set(found.map((a) => String(a.id)));
  const groups = KIND_GROUPS.map(([kinds, group]) => ({
    group,
    items: found.filter((a) => kinds.includes(a.kind)).map((a) => ({ value: String(a.id), label: a.asset_name })),
  })).filter((g) => g.items.length > 0);
  // Chosen assets the current search did not find stay listed, so the input can show them.
  const chosen = value.filter((id) => !foundIds.has(id)).map((id) => ({ value: id, label: names.get(id) ?? `Asset ${id}` }));

  return (
    <MultiSelect
      {...props}
      value={value}
      data={[...groups, ...(chosen.length > 0 ? [{ group: 'Chosen', items: chosen }] : [])]}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already (names and addresses): filtering again here could hide its matches.
      filter={({ options }) => options}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No asset matches'}
      onChange={(next) => {
        const labels = new Map(names);
        for (const a of found) labels.set(String(a.id), a.asset_name);
        setNames(labels);
        onChange(next);
      }}
    />
  );
}
