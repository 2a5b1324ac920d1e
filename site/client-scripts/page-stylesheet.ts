import { PAGE_STYLESHEET_ATTRIBUTE } from '../lib/fold.ts';

// The page's whole stylesheet (scripts/build/page-css.ts): linked `disabled`, enabled by the page's
// loader at the first paint (site/layouts/BaseLayout.astro). The first document inlines only the rules
// its own markup can use, so everything that can draw something new (the header's menus and search,
// the islands, their dialogs) starts once this file has applied: a menu opened or a dialog drawn
// before it would have no styles.

/** Set on the link once its file has loaded or failed. */
const SETTLED = 'data-settled';

const links = () => [...document.querySelectorAll<HTMLLinkElement>(`link[${PAGE_STYLESHEET_ATTRIBUTE}]`)];

/** Enables the page's whole stylesheet, marking each link when its file has loaded or failed. */
export function enablePageStylesheets() {
  for (const link of links()) {
    const settle = () => link.setAttribute(SETTLED, '');
    // Listening in the task that enables it: the load cannot come before.
    link.addEventListener('load', settle, { once: true });
    link.addEventListener('error', settle, { once: true });
    link.disabled = false;
  }
}

/** Resolves once every link of the page's whole stylesheet has loaded or failed (at once without one). */
export function pageStylesheetsSettled(): Promise<void> {
  return Promise.all(
    links()
      .filter((link) => !link.hasAttribute(SETTLED))
      .map(
        (link) =>
          new Promise<void>((resolve) => {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }),
      ),
  ).then(() => undefined);
}
