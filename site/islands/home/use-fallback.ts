import { useEffect, useState } from 'react';
import type * as Fallbacks from '#site/lib/fallbacks.ts';

type Key = 'fallbackFeatures' | 'fallbackServices' | 'fallbackPartners' | 'fallbackMissionVision';

/**
 * A home section's built-in content (site/lib/fallbacks.ts), loaded only when the section needs it
 * (its call failed or came back empty). Neither a bundled copy (JavaScript every visitor downloads,
 * the page-weight budget) nor a second copy in the island's props (the first document's bytes): the page passes `given` only when the snapshot had nothing, so the server render has it.
 */
export function useFallback<K extends Key, T = (typeof Fallbacks)[K]>(key: K, needed: boolean, given?: T) {
  // `given` may be the part of the content the island shows (a Pick of it).
  const [loaded, setLoaded] = useState<T | (typeof Fallbacks)[K] | undefined>(given);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    void import('#site/lib/fallbacks.ts').then(
      (m) => live && setLoaded(m[key]),
      (error: unknown) => console.error('Failed to load the built-in content', error),
    );
    return () => {
      live = false;
    };
  }, [key, needed, loaded]);
  return loaded;
}
