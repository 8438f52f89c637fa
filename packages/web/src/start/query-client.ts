// The TanStack Query client: answers stay fresh for a short while; only unreachable-server failures are retried.
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 1 && isApiError(error) && error.kind === 'network',
    },
    mutations: { retry: false },
  },
});
