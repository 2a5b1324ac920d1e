/**
 * The id a fallback-shell page renders (functions/routes/pages/fallback.ts serves /shell/<kind>
 * for /country-details/{id}, /subject/{id} and /job/{id}): the path segment after the prefix.
 * A malformed escape is an unknown id, not a crash.
 */
export function idFromPath(
  prefix: string,
  path = typeof window === 'undefined' ? '' : window.location.pathname,
): string {
  if (!path.startsWith(prefix)) return '';
  const segment = path.slice(prefix.length).split('/')[0] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
