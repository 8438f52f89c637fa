// Loads the monitor a page's address names and shows it, or the spec's 404 text ("Cannot find website with the given
// id") for an id that is not a monitor of the customer, another failure's message, and the way back to the list.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiError, messageOf } from '../../../api/errors.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import type { MonitorCalls } from '../api.ts';
import { MonitorNotFound } from './MonitorNotFound.tsx';

interface Props<Monitor> {
  /** The id as the address gives it. */
  param: string;
  calls: Pick<MonitorCalls<Monitor, unknown, unknown>, 'keys' | 'one'>;
  /** "Website", "Mail server". */
  title: string;
  listPath: string;
  listLabel: string;
  notFound: string;
  children: (monitor: Monitor) => ReactNode;
}

export function LoadMonitor<Monitor>({ param, calls, title, listPath, listLabel, notFound, children }: Props<Monitor>) {
  const id = /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : null;
  const query = useQuery({
    queryKey: calls.keys.one(id ?? 0),
    queryFn: ({ signal }) => calls.one(id ?? 0, signal),
    enabled: id !== null,
  });
  const back = { title, listPath, listLabel };
  const noun = title.toLowerCase();
  if (id === null) return <MonitorNotFound {...back} message={notFound} />;
  if (query.isPending) return <PageLoader label={`Loading the ${noun}…`} />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return <MonitorNotFound {...back} message={missing ? notFound : messageOf(query.error, `The ${noun} could not be loaded.`)} />;
  }
  return <>{children(query.data)}</>;
}
