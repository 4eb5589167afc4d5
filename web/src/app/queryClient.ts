import { QueryClient } from '@tanstack/react-query';

/**
 * The console's query client. No automatic retries: the request layer has already shown the failure, and a
 * retry would show it again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
