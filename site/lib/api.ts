import { BOOKMARK_HEADER } from '#schemas/headers.ts';
import { replaceStoredToken, sessionKeys } from './storage.ts';
import { fieldsOf, type FieldMessages } from '#schemas/errors.ts';
import type { ZodType, output } from 'zod';
import { arrivalHeader } from './arrival.ts';

/**
 * The one fetch client the islands use. Calls go to the site's own origin (`/api/...`).
 * Failures become `ApiError` carrying the HTTP status and the server's message, so each island
 * can show the spec's wording for its case.
 */
export class ApiError extends Error {
  /**
   * A rejected request's message per field (the 400's `fields`: functions/lib/validate.ts), empty
   * when the failure was not about particular fields: any form can show these beside its controls.
   */
  readonly fields: FieldMessages;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.fields = status === 400 ? fieldsOf(body) : {};
  }

  /**
   * The failure body as a schema reads it (`failureBody` in schemas/responses.ts), or null when it
   * does not match: a form that needs more than `message` and `fields` reads it typed, not cast.
   */
  bodyAs<S extends ZodType>(schema: S): output<S> | null {
    const parsed = schema.safeParse(this.body);
    return parsed.success ? parsed.data : null;
  }
}

/** Thrown when the request never got an answer (offline, DNS, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

type Json = Record<string, unknown> | unknown[];

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  /** JSON body (sent with Content-Type: application/json) or FormData. */
  body?: Json | FormData;
  /** Bearer token for the Authorization header. */
  token?: string | null;
  /** Sees every answer before it is parsed (e.g. to keep a renewed token: site/lib/session.ts). */
  onResponse?: (res: Response) => void;
}

/**
 * The newest D1 bookmark this tab has seen. Sent with every call, it makes the API read from a
 * database copy at least that new, so a person always sees their own writes even when a read
 * replica serves the read (functions/middleware/db.ts). Per tab (sessionStorage), never with the
 * tokens in localStorage.
 */
export function storedBookmark() {
  try {
    return sessionStorage.getItem(sessionKeys.d1Bookmark);
  } catch {
    return null;
  }
}

/** Keeps the newer of the stored and the received bookmark (bookmarks sort oldest to newest). */
export function keepBookmark(received: string | null) {
  if (!received) return;
  try {
    const current = sessionStorage.getItem(sessionKeys.d1Bookmark);
    if (!current || received > current) sessionStorage.setItem(sessionKeys.d1Bookmark, received);
  } catch {
    // Storage unavailable (private mode quotas): reads may come from a replica that lags a moment.
  }
}

/**
 * An endpoint's response schema, or a loader of it: pages that keep zod out of their first load
 * (the student, partner and applicant pages load their contract lazily: site/lib/lazy.ts) pass
 * `() => contract().then((m) => m.xResponse)`, typed the same and loaded only in development.
 */
export type SchemaRef<S extends ZodType> = S | (() => Promise<S>);

/**
 * What a schema loader returns in production, where it is never called (checkAnswer checks in
 * development only). Write loaders of modules a page also imports statically as
 * `() => (import.meta.env.DEV ? import('…') : notInProduction())`: a dynamic import keeps every export
 * of its module, zod included, so it must vanish from production builds with the dead branch.
 */
export const notInProduction = (): Promise<never> =>
  Promise.reject(new Error('Response schemas are checked in development only'));

/** The names of a module's zod schemas. */
type SchemaKeys<M> = { [K in keyof M]: M[K] extends ZodType ? K : never }[keyof M];

/** A lazily loaded contract's response schema by name: `schemaFrom(usersContract, 'profileResponse')`. */
export const schemaFrom =
  <M, K extends SchemaKeys<M>>(contract: () => Promise<M>, key: K) =>
  async () =>
    (await contract())[key] as Extract<M[K], ZodType>;

/**
 * What a call answers, typed by the endpoint's response schema in `schemas/` (the schema the route
 * `satisfies`): a changed shape on the server fails the typecheck here. The schema travels in the
 * options so every wrapper (session.call, adminApi, applicantApi) passes it on unchanged.
 */
export interface Typed<S extends ZodType> {
  schema: SchemaRef<S>;
}

/**
 * In development every answer is checked against its schema, so a route that drifts from its
 * contract fails loudly at once; production builds drop the check (import.meta.env.DEV is false)
 * and trust the type. The body is returned as received: response schemas describe, never transform.
 */
export async function checkAnswer<S extends ZodType>(
  schema: SchemaRef<S> | undefined,
  path: string,
  data: unknown,
): Promise<output<S>> {
  if (import.meta.env.DEV && schema) {
    const result = (typeof schema === 'function' ? await schema() : schema).safeParse(data);
    if (!result.success)
      throw new Error(`The answer of ${path} does not match its schema: ${result.error.message}`);
  }
  return data as output<S>;
}

/**
 * Calls the API; the answer is typed (and checked in development) by the endpoint's response
 * schema. There is no untyped form: a call whose answer is not read still names what the route
 * answers (e.g. `messageResponse`), so a hand-named type (`api<T>`) does not compile.
 */
export async function api<S extends ZodType>(
  path: string,
  { body, token, headers, onResponse, schema, ...init }: ApiOptions & Typed<S>,
): Promise<output<S>> {
  const h = new Headers(headers);
  if (token) h.set('Authorization', `Bearer ${token}`);
  const bookmark = storedBookmark();
  if (bookmark && !h.has(BOOKMARK_HEADER)) h.set(BOOKMARK_HEADER, bookmark);
  // A form sent to us says which page and campaign the visit came from (site/lib/arrival.ts).
  const arrival = init.method === 'POST' ? arrivalHeader() : null;
  if (arrival) h.set(...arrival);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    h.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers: h, ...(payload !== undefined ? { body: payload } : {}) });
  } catch (error) {
    throw new NetworkError(error);
  }
  // A token close to expiry comes back renewed (functions/middleware/auth.ts): keep it, whichever
  // account type sent it, so an active person stays signed in.
  const sent = token ?? h.get('X-Applicant-Token');
  const renewed = res.headers.get('X-Renewed-Token');
  if (sent && renewed) replaceStoredToken(sent, renewed);
  keepBookmark(res.headers.get(BOOKMARK_HEADER));
  onResponse?.(res);
  const data: unknown = res.headers.get('Content-Type')?.includes('application/json')
    ? await res.json().catch(() => null)
    : null;
  if (!res.ok) throw apiError(res.status, res.statusText, data);
  return checkAnswer(schema, path, data);
}

/** The ApiError for a failed answer: the server's `message` when it sent one (also used by site/lib/upload.ts). */
export function apiError(status: number, statusText: string, data: unknown) {
  const message =
    data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
      ? data.message
      : statusText;
  return new ApiError(status, message, data);
}

/**
 * A GET whose failures read as the specs word them: 404 becomes `notFound`, any other status
 * `${failure} Status: {n}` (spec 1 section 8); network failures pass through unchanged.
 */
export async function getWithMessages<S extends ZodType>(
  path: string,
  messages: { notFound: string; failure: string },
  schema: SchemaRef<S>,
): Promise<output<S>> {
  try {
    return await api(path, { schema });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw new Error(messages.notFound, { cause: e });
    if (e instanceof ApiError) throw new Error(`${messages.failure} Status: ${e.status}`, { cause: e });
    throw e;
  }
}
