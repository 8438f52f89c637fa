// Builds the query string of a call the §7 way: one parameter per array value, absent values left out.

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

function isList(value: QueryValue): value is readonly QueryScalar[] {
  return Array.isArray(value);
}

/** `{tag: [1, 2], q: 'x', page: undefined}` → `?tag=1&tag=2&q=x`; '' when nothing is left. */
export function buildQueryString(params?: QueryParams): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values: readonly QueryScalar[] = isList(value) ? value : [value];
    for (const item of values) search.append(key, String(item));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
