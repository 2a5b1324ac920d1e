import { QueryClient } from '@tanstack/react-query';

/** One QueryClient for the page: every island is its own React root but shares this cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});
