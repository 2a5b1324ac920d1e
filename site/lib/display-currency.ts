import { useSyncExternalStore } from 'react';
import { isCurrency, type CurrencyCode } from '#schemas/money.ts';

/**
 * The currency a person reads prices in: `?currency=NGN` in the URL first (a
 * shared link shows what its sender saw), else the one they last picked on this device, else none
 * (each price in its own currency). Picking one writes both, so a reload keeps it and a copied link
 * carries it. One store for every island of a page: the subject page's tuition and its cost table
 * change together.
 */
export const CURRENCY_PARAM = 'currency';
const STORAGE_KEY = 'costCurrency';
const listeners = new Set<() => void>();

const upper = (v: string | null | undefined) => v?.trim().toUpperCase() ?? '';

/** The currency a URL's query names, if it is one we show. */
export function currencyInSearch(search: string): CurrencyCode | undefined {
  const code = upper(new URLSearchParams(search).get(CURRENCY_PARAM));
  return isCurrency(code) ? code : undefined;
}

function stored(): CurrencyCode | undefined {
  try {
    const code = upper(localStorage.getItem(STORAGE_KEY));
    return isCurrency(code) ? code : undefined;
  } catch {
    return undefined; // storage blocked: the URL alone decides
  }
}

/** The chosen currency in the browser (undefined: none chosen). */
export const readDisplayCurrency = (): CurrencyCode | undefined =>
  currencyInSearch(location.search) ?? stored();

/** Remembers a choice on this device (the finder keeps its own URL). */
export function rememberCurrency(code: CurrencyCode) {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Not remembered beyond this page; the URL still carries it.
  }
}

/** Picks a currency: remembered, written into this page's URL (no history entry), shown by every island. */
export function chooseCurrency(code: CurrencyCode) {
  rememberCurrency(code);
  const url = new URL(location.href);
  url.searchParams.set(CURRENCY_PARAM, code);
  history.replaceState(history.state, '', url);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    removeEventListener('popstate', listener);
  };
}

/** The chosen currency; undefined on the server and in the first render (hydration matches the HTML). */
export const useDisplayCurrency = () => useSyncExternalStore(subscribe, readDisplayCurrency, () => undefined);

/** A link to one of our pages carrying the chosen currency along. */
export function withCurrency(href: string, code: CurrencyCode | undefined) {
  if (!code) return href;
  const [path, hash = ''] = href.split('#');
  const sep = path!.includes('?') ? '&' : '?';
  return `${path}${sep}${CURRENCY_PARAM}=${code}${hash ? `#${hash}` : ''}`;
}
