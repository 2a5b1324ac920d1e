import { ApiError, NetworkError } from '#site/lib/api.ts';

/** The spec's wording for a failed call: the server's message, else the given default. */
export function failureMessage(error: unknown, fallback: string) {
  if (error instanceof NetworkError) return 'No response from server. Please check your internet connection.';
  if (error instanceof ApiError)
    return error.message && error.message !== 'Bad Request' ? error.message : fallback;
  return fallback;
}
