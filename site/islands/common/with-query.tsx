import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '#site/lib/query-client.ts';

/** Wraps an island in the page's shared QueryClient (each island is its own React root). */
export function withQuery<P extends object>(Component: ComponentType<P>) {
  const Wrapped = (props: P) => (
    <QueryClientProvider client={queryClient}>
      <Component {...props} />
    </QueryClientProvider>
  );
  Wrapped.displayName = `withQuery(${Component.displayName ?? Component.name})`;
  return Wrapped;
}
