import { ARRIVAL_HEADER, utmFields } from '#schemas/arrival-fields.ts';

// Where this visit arrived on our site, kept first-party for the visit (sessionStorage, this tab)
// and sent with a registration or an enquiry so staff can see which pages and campaigns bring
// people (the back office's insight). No third-party tracker, no cookie, nothing about the person.
const KEY = 'arrival';

/** Keeps the first page of the visit and its utm_* fields (the first page seen wins). */
export function rememberArrival() {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const params = new URLSearchParams(location.search);
    const arrival: Record<string, string> = { page: location.pathname.slice(0, 200) };
    for (const f of utmFields) {
      const v = params.get(f)?.trim();
      if (v) arrival[f] = v.slice(0, 100);
    }
    sessionStorage.setItem(KEY, JSON.stringify(arrival));
  } catch {
    // Storage blocked: the form goes without its source.
  }
}

/** The header carrying the visit's arrival, for a form's POST (none when nothing was kept). */
export function arrivalHeader(): [string, string] | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    return kept ? [ARRIVAL_HEADER, kept] : null;
  } catch {
    return null;
  }
}
