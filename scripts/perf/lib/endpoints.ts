// The API's endpoints for the fuzzer and the load test, and the helpers that send to them. The list
// is not kept here: the Worker generates it from its own routes and the schemas they validate
// (functions/endpoint-catalogue/) and serves it to development tools at GET /api/dev/endpoints, so
// a route is fuzzed the moment it is mounted. (The Worker's code is not loadable by Node itself:
// its .tsx pages, wasm imports and TypeScript beyond type stripping are wrangler's to bundle.)
import { endpointListResponse, type Endpoint } from '#schemas/endpoints.ts';

export type { Endpoint };

/**
 * Every endpoint of the running server at `url`, in the order to visit them (sign-outs last). The
 * server must run as development on a loopback address, as `npm run fuzz` starts it.
 */
export async function endpointsOf(url: string): Promise<Endpoint[]> {
  const res = await fetch(`${url}/api/dev/endpoints`);
  if (!res.ok)
    throw new Error(
      `${url}/api/dev/endpoints answered ${res.status}: the endpoint list comes from a Worker run with ENVIRONMENT=development on a loopback address`,
    );
  return endpointListResponse.parse(await res.json());
}

/** Real ids to put in paths, read from the running server (fallbacks keep paths well-formed). */
export async function discoverIds(url: string) {
  const ids: Record<string, string> & { subject: string; country: string; university: string; job: string } =
    { subject: 'msc-data-science-university-of-leeds', country: 'united-kingdom', university: 'x', job: 'x' };
  const first = async (path: string) => {
    try {
      const res = await fetch(url + path);
      if (!res.ok) return undefined;
      const body = await res.json<unknown>();
      const list = Array.isArray(body)
        ? body
        : ((body as { data?: unknown; jobs?: unknown }).data ?? (body as { jobs?: unknown }).jobs);
      const item = Array.isArray(list) ? (list[0] as { _id?: string; id?: string } | undefined) : undefined;
      return item?._id ?? item?.id;
    } catch {
      return undefined;
    }
  };
  ids.subject = (await first('/api/subjects')) ?? ids.subject;
  ids.country = (await first('/api/countries')) ?? ids.country;
  ids.university = (await first('/api/universities')) ?? ids.university;
  ids.job = (await first('/api/applyjobs')) ?? ids.job;
  return ids;
}

export const fill = (path: string, ids: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(ids[k] ?? 'x'));

export const fillDeep = (value: unknown, ids: Record<string, string>): unknown =>
  typeof value === 'string'
    ? value.replace(/^\{(\w+)\}$/, (_, k: string) => ids[k] ?? 'x')
    : Array.isArray(value)
      ? value.map((v) => fillDeep(v, ids))
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, ids)]))
        : value;

/**
 * Whether the server has the endpoint: its answer is not the Worker's own notFound
 * ("No API endpoint at ..."). A 404 with another message (e.g. 'Subject not found') is present.
 */
export async function isPresent(url: string, ep: Endpoint, ids: Record<string, string>) {
  const init: RequestInit = { method: ep.method };
  if (ep.body === 'json') init.headers = { 'Content-Type': 'application/json' };
  if (ep.body === 'json') init.body = '{}';
  const res = await fetch(url + fill(ep.path, ids), init);
  const text = await res.text();
  return !(res.status === 404 && text.includes('No API endpoint at'));
}
