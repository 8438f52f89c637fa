// A searchable single choice of a host asset: each search asks assets/basic/ (the server matches names and addresses);
// networks and ranges are left out, since only a single host can be logged in to.
import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ASSET_KEYS, fetchAssetChoices } from './assets-api.ts';

const PICKER_SIZE = 20;

type Props = Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'searchable' | 'filter'>;

export function HostPicker(props: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: ASSET_KEYS.choices(debounced),
    queryFn: ({ signal }) => fetchAssetChoices({ search: debounced === '' ? undefined : debounced, page_size: PICKER_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  const found = (data?.results ?? []).filter((a) => a.kind === 'host').map((a) => ({ value: String(a.id), label: a.asset_name }));
  const keep = chosen && chosen.value === props.value && !found.some((o) => o.value === chosen.value) ? [chosen] : [];

  return (
    <Select
      {...props}
      data={[...found, ...keep]}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already (names and addresses): filtering again here could hide its matches.
      filter={({ options }) => options}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No host matches'}
      onChange={(value, option) => {
        setChosen(value === null ? null : { value, label: option?.label ?? value });
        props.onChange?.(value, option);
      }}
    />
  );
}
