import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * `false` while React renders on the server and hydrates the server's HTML, `true` on every
 * render after. For content the server leaves out of the first document on purpose (a long
 * option list that nobody needs before the island runs), without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
