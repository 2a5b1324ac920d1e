// "Explore Other Countries" and "Go Back": back in the browser's history when the page before this
// one was a page of this site, else the link's own address. Plain links in the HTML (so they work
// before any script and in pre-rendered pages); one delegated listener gives them the history.

/**
 * Whether going back stays on this site: there is an earlier entry in this tab (the Navigation
 * API says so where the browser has it) and the page came from our own origin. A visitor who
 * arrived from a search engine or a shared link gets the listing instead of being sent off-site.
 */
export function canGoBackInSite(): boolean {
  const nav = (globalThis as { navigation?: { canGoBack?: boolean } }).navigation;
  if (nav && typeof nav.canGoBack === 'boolean' && !nav.canGoBack) return false;
  if (history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === location.origin;
  } catch {
    return false;
  }
}

/** Back when `canGoBackInSite()`, else to `fallback`. */
export function goBackOr(fallback: string) {
  if (canGoBackInSite()) history.back();
  else location.assign(fallback);
}

/** Wires every `a[data-history-back]` on the page, present or rendered later (islands). */
export function initHistoryBack() {
  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element | null)?.closest?.('a[data-history-back]');
    if (!link || !canGoBackInSite()) return;
    event.preventDefault();
    history.back();
  });
}
