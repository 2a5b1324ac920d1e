import { useCallback, useState } from 'react';

/**
 * A module loaded once, on its first call: a dynamic import kept out of the JavaScript a page
 * loads before interaction (the page-weight budget, docs/performance.md). Forms call it on their first focus and await it
 * in their submit handlers; a failed load is retried on the next call.
 */
export interface Lazy<T> {
  (): Promise<T>;
  /** The module once loaded. */
  current: T | undefined;
}

export function lazy<T>(loader: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | undefined;
  const load = (() =>
    (pending ??= loader().then(
      (m) => (load.current = m),
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ))) as Lazy<T>;
  load.current = undefined;
  return load;
}

/** Starts loading without waiting (an event handler's prefetch); a failure surfaces on the awaited call. */
export const prefetch = (load: Lazy<unknown>) => () => {
  if (!load.current) load().catch(() => {});
};

/**
 * For forms that validate while rendering: the module once loaded (the component re-renders
 * then), `start`, which loads it and resolves to it (await it in submit handlers), and `warm`,
 * the same without waiting or failing (the form's onFocus).
 */
export function useLazy<T>(load: Lazy<T>): [T | undefined, () => Promise<T>, () => void] {
  const [mod, setMod] = useState(load.current);
  const start = useCallback(
    () =>
      load().then((m) => {
        setMod(() => m);
        return m;
      }),
    [load],
  );
  const warm = useCallback(() => {
    if (!mod) start().catch(() => {});
  }, [mod, start]);
  return [mod ?? load.current, start, warm];
}
