// A searchable multi-select of network tests: each search asks the catalogue; chosen tests stay listed by their names.
import { useState } from 'react';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { testSearchOptions } from './profile-queries.ts';

type Props = Omit<MultiSelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'searchable' | 'filter'>;

export function TestPicker(props: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const { data, isFetching } = useQuery(testSearchOptions(debounced));

  const found = (data?.results ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.id})` }));
  const foundIds = new Set(found.map((t) => t.value));
  const chosen = (props.value ?? []).filter((id) => !foundIds.has(id)).map((id) => ({ value: id, label: names.get(id) ?? id }));

  return (
    <MultiSelect
      {...props}
      data={[...found, ...chosen]}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already (id, name, CVE); filtering again here would hide matches by CVE.
      filter={({ options }) => options}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No test matches'}
      onChange={(values) => {
        const next = new Map(names);
        for (const option of found) if (values.includes(option.value)) next.set(option.value, option.label);
        setNames(next);
        props.onChange?.(values);
      }}
    />
  );
}
