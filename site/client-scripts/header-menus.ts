// The header's menus (the account's drop-down, the phone's search overlay and its menu), built by the
// page script from the header's own parts before it wires them (site-header.ts).
//
// Why not in the HTML: none of them can open without JavaScript, and each repeated what the header
// already has (a second search form, the nav's links, the sign-in buttons, the account's fields):
// ~0.3 KB gzip of every page's first document, which Lighthouse's mobile LCP counts. The markup is what SiteHeader.astro rendered before; the page script runs after the first
// paint, long before anyone can press the buttons that open them. Written as markup, not DOM calls:
// it is the smaller script, and every piece is ours (the header's own HTML, or constants); the
// stored session's fields ([data-field]) are filled in by site-header.ts as text.
import { STUDENT_DASHBOARD_PATH } from '#schemas/paths.ts';

const profileLink = (classes: string) =>
  `<a${classes} href="${STUDENT_DASHBOARD_PATH}" data-field="profile">Student Profile</a>`;

/** A dialog's title row: its name and a close button ([data-close], see site-header.ts). */
const dialogHead = (title: string, closeLabel: string, closeIcon: string) =>
  `<div class="search-overlay__head">${title}<button type="button" class="icon-btn" aria-label="${closeLabel}" data-close>${closeIcon}</button></div>`;

/** Puts each menu right after the button that opens it, as the header's HTML had them. */
export function buildHeaderMenus(header: HTMLElement) {
  const closeIcon = header.querySelector('.search__clear svg')?.outerHTML ?? '×';
  const button = (selector: string) => header.querySelector<HTMLElement>(selector);

  // The account's drop-down (wide screens), opened by the account button.
  button('.account__button')?.insertAdjacentHTML(
    'afterend',
    `<div class="account__menu" id="account-menu" hidden><p><strong data-field="name"></strong></p><p class="account__email" data-field="email"></p><p><span class="badge" data-field="label"></span></p><ul><li>${profileLink('')}</li><li><button type="button" data-logout>Logout</button></li></ul></div>`,
  );
  button('.account__button')?.setAttribute('aria-controls', 'account-menu');

  // The overlay: the bar's search form again, with its own list id.
  const form = header
    .querySelector('.search__box form')
    ?.outerHTML.replaceAll('header-search-list', 'overlay-search-list');
  if (form)
    button('[data-open-search]')?.insertAdjacentHTML(
      'afterend',
      `<dialog class="modal search-overlay-dialog" aria-labelledby="search-overlay-title" data-search-dialog><div class="modal__body">${dialogHead('<h2 id="search-overlay-title">Search Subjects</h2>', 'Close search', closeIcon)}${form}</div></dialog>`,
    );

  // The menu: the nav's links, then the member's account or the visitor's buttons (the header's
  // data-session shows one).
  const openMenu = button('[data-open-menu]');
  const links = header.querySelector('nav.nav ul')?.outerHTML ?? '';
  const visitor = [...header.querySelectorAll('.header-cta a')].map((a) =>
    a.outerHTML.replace(' btn--small', ''),
  );
  openMenu?.insertAdjacentHTML(
    'afterend',
    `<dialog class="mobile-menu-dialog" data-menu-dialog><div class="mobile-menu__panel">${dialogHead('<strong>Menu</strong>', 'Close menu', closeIcon)}<nav aria-label="Mobile">${links}</nav><div class="stack mobile-menu__member"><p><strong data-field="name"></strong><br><span class="muted" data-field="email"></span><br><span class="badge" data-field="label"></span></p>${profileLink(' class="btn btn--ghost"')}<button type="button" class="btn btn--primary" data-logout>Logout</button></div><div class="btn-row mobile-menu__visitor">${visitor.join('')}</div></div></dialog>`,
  );
  // Its name is the company's (in the button's data, so no name is written twice); set as an
  // attribute, as text, whatever it holds.
  openMenu?.nextElementSibling?.setAttribute('aria-label', openMenu.dataset['menuLabel'] ?? 'Menu');
}
