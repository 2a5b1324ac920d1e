/**
 * Structured logs: one JSON object per line, which Workers Logs indexes field by field
 * (wrangler.toml `[observability]`). Fields are ids, routes, statuses, counts and our own words for
 * what failed; never personal data (e-mail addresses, names, tokens, codes, bodies, query strings).
 */
export function logLine(level: 'info' | 'warn' | 'error', fields: Record<string, unknown>) {
  const line = JSON.stringify(fields);
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

const patterns: [RegExp, string][] = [
  // URLs lose their query string (it may carry an e-mail or a token).
  [/(https?:\/\/[^\s?#"']*)\?[^\s#"']*/gi, '$1?[query]'],
  [/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi, '[email]'],
  // JWTs (three base64url parts) and bearer credentials.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]'],
  [/\b(bearer)\s+[\w.~+/=-]+/gi, '$1 [token]'],
  // Long opaque strings (keys, hashes, secrets) and six-digit one-time codes.
  [/\b[A-Za-z0-9_+/=-]{32,}\b/g, '[secret]'],
  [/\b\d{6}\b/g, '[code]'],
];

/** An error message with anything that may be personal or secret masked, cut to 300 characters. */
export function redact(text: string) {
  let out = text;
  for (const [pattern, replacement] of patterns) out = out.replace(pattern, replacement);
  return out.slice(0, 300);
}

/**
 * What a log line says about an error: its class and its masked message, never a stack. Drizzle's
 * "Failed query: … params: …" quotes the statement's values, so only its cause (D1's own error) is
 * kept.
 */
export function describeError(error: unknown): { error: string; message: string } {
  if (!(error instanceof Error)) return { error: typeof error, message: redact(String(error)) };
  if (error.message.startsWith('Failed query:')) {
    const cause =
      error.cause instanceof Error ? describeError(error.cause) : { error: 'unknown', message: '' };
    return { error: error.name, message: `Failed query: ${cause.error}: ${cause.message}` };
  }
  return { error: error.name, message: redact(error.message) };
}
