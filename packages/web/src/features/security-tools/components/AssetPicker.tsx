// A searchable single choice of an asset for a monitor: a host for a mail server (assets/basic/, hosts only) or a web
// application for a website (assets/webapp/). The server matches names and addresses; the chosen asset keeps its name
// while other searches run, and an edited monitor's asset shows by name before any search.
import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assetBasic } from '@bulwark/core';
import { api } from '../../../api/client.ts';
import { pagedAnswer } from '../../../components/paged-answer.ts';

const PICKER_SIZE = 20;
const basicPage = pagedAnswer(assetBasic);

export type PickedAssetKind = 'host' | 'webapp';

const SOURCES: Record<PickedAssetKind, { path: string; nothing: string }> = {
  host: { path: 'assets/basic/', nothing: 'No host matches' },
  webapp: { path: 'assets/webapp/', nothing: 'No web application matches' },
};

type Props = Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'searchable' | 'filter'> & {
  kind: PickedAssetKind;
  /** The asset already chosen (editing), so it shows by name. */
  initial?: { id: number; name: string } | null;
};

export function AssetPicker({ kind, initial = null, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(
    initial ? { value: String(initial.id), label: initial.name } : null,
  );
  const source = SOURCES[kind];
  const { data, isFetching } = useQuery({
    queryKey: ['monitor-asset-choices', kind, debounced],
    queryFn: ({ signal }) =>
      api.get(source.path, {
        query: { search: debounced === '' ? undefined : debounced, page_size: PICKER_SIZE },
        signal,
        schema: basicPage,
      }),
    placeholderData: keepPreviousData,
  });

  const found = (data?.results ?? []).filter((a) => a.kind === kind).map((a) => ({ value: String(a.id), label: a.asset_name }));
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
      nothingFoundMessage={isFetching ? 'Searching…' : source.nothing}
      onChange={(value, option) => {
        setChosen(value === null ? null : { value, label: option?.label ?? value });
        props.onChange?.(value, option);
      }}
    />
  );
}
