// Recipients chosen by name or address: a multi-select that asks the server as the user types (fra/recipients/?search=)
// and remembers the names of those chosen, so a choice keeps its name after the search changes.
import { useMemo, useRef, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INPUT_DEBOUNCE_MS, type Recipient } from '@bulwark/core';
import { FRA_KEYS, choices } from '../api.ts';

const label = (r: Recipient) => {
  const name = `${r.first_name} ${r.last_name}`.trim();
  return name ? `${name} <${r.email}>` : r.email;
};

export interface RecipientPickerProps {
  value: string[];
  onChange(value: string[]): void;
  error?: React.ReactNode;
}

export function RecipientPicker({ value, onChange, error }: RecipientPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), INPUT_DEBOUNCE_MS);
  const known = useRef(new Map<string, string>());
  const query = { search: debounced || undefined, active: true, page_size: 50, ordering: 'email' };
  const { data, isFetching } = useQuery({
    queryKey: FRA_KEYS.choice('recipients', query),
    queryFn: ({ signal }) => choices.recipients(query, signal),
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    for (const r of data?.results ?? []) known.current.set(String(r.id), label(r));
    const shown = new Map<string, string>();
    for (const id of value) shown.set(id, known.current.get(id) ?? `Recipient ${id}`);
    for (const r of data?.results ?? []) shown.set(String(r.id), label(r));
    return [...shown].map(([v, l]) => ({ value: v, label: l }));
  }, [data, value]);
  return (
    <MultiSelect
      label="Recipients"
      description="Search by name or e-mail address."
      data={options}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already: show what it answered.
      filter={({ options: o }) => o}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No recipient matches'}
      clearable
    />
  );
}
