// The header's menus (the account's drop-down, the phone's search overlay and its menu), built by the
// page script from the header's own parts before it wires them (site-header.ts).
//
// Why not in the HTML: none of them can open without JavaScript, and each repeated what the header
// already has (a second search form, the nav's links, the sign-in buttons, the account's fields):
// ~0.3 KB gzip of every page's first document, which Lighthouse's mobile LCP counts (issue 16 item
// 15). The markup is what SiteHeader.astro rendered before; the page script runs after the first
// paint, long before anyone can press the buttons that open them.
import { STUDENT_DASHBOARD_PATH } from '#schemas/paths.ts';

type Child = Node | string;

/** An element with attributes and children (a boolean attribute is given as ''). */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

/** A dialog's title row: its name and a close button ([data-close], see site-header.ts). */
const dialogHead = (title: HTMLElement, closeLabel: string, closeIcon: Node) =>
  h(
    'div',
    { class: 'search-overlay__head' },
    title,
    h('button', { type: 'button', class: 'icon-btn', 'aria-label': closeLabel, 'data-close': '' }, closeIcon),
  );

/** The overlay: the bar's search form again, with its own list id, in a modal. */
function searchOverlay(barForm: HTMLFormElement, closeIcon: Node) {
  const form = barForm.cloneNode(true) as HTMLFormElement;
  form.reset();
  form.querySelector('input')?.setAttribute('aria-controls', 'overlay-search-list');
  const list = form.querySelector('ul');
  if (list) list.id = 'overlay-search-list';
  return h(
    'dialog',
    {
      class: 'modal search-overlay-dialog',
      'aria-labelledby': 'search-overlay-title',
      'data-search-dialog': '',
    },
    h(
      'div',
      { class: 'modal__body' },
      dialogHead(h('h2', { id: 'search-overlay-title' }, 'Search Subjects'), 'Close search', closeIcon),
      form,
    ),
  );
}

// [data-field]: filled in by site-header.ts from the stored session.
const profileLink = (attributes: Record<string, string>) =>
  h('a', { ...attributes, href: STUDENT_DASHBOARD_PATH, 'data-field': 'profile' }, 'Student Profile');

/** The account's drop-down (wide screens), opened by the account button. */
const accountMenu = () =>
  h(
    'div',
    { class: 'account__menu', id: 'account-menu', hidden: '' },
    h('p', {}, h('strong', { 'data-field': 'name' })),
    h('p', { class: 'account__email', 'data-field': 'email' }),
    h('p', {}, h('span', { class: 'badge', 'data-field': 'label' })),
    h(
      'ul',
      {},
      h('li', {}, profileLink({})),
      h('li', {}, h('button', { type: 'button', 'data-logout': '' }, 'Logout')),
    ),
  );

/** The menu: the nav's links, then the member's account or the visitor's buttons (the header's data-session picks). */
function mobileMenu(header: HTMLElement, label: string, closeIcon: Node) {
  const links = header.querySelector('nav.nav ul')?.cloneNode(true) ?? h('ul');
  const visitorButtons = [...header.querySelectorAll<HTMLAnchorElement>('.header-cta a')].map((a) => {
    const copy = a.cloneNode(true) as HTMLAnchorElement;
    copy.classList.remove('btn--small');
    return copy;
  });
  return h(
    'dialog',
    { class: 'mobile-menu-dialog', 'aria-label': label, 'data-menu-dialog': '' },
    h(
      'div',
      { class: 'mobile-menu__panel' },
      dialogHead(h('strong', {}, 'Menu'), 'Close menu', closeIcon),
      h('nav', { 'aria-label': 'Mobile' }, links),
      h(
        'div',
        { class: 'stack mobile-menu__member' },
        h(
          'p',
          {},
          h('strong', { 'data-field': 'name' }),
          h('br'),
          h('span', { class: 'muted', 'data-field': 'email' }),
          h('br'),
          h('span', { class: 'badge', 'data-field': 'label' }),
        ),
        profileLink({ class: 'btn btn--ghost' }),
        h('button', { type: 'button', class: 'btn btn--primary', 'data-logout': '' }, 'Logout'),
      ),
      h('div', { class: 'btn-row mobile-menu__visitor' }, ...visitorButtons),
    ),
  );
}

/** Puts each menu right after the button that opens it, as the header's HTML had them. */
export function buildHeaderMenus(header: HTMLElement) {
  const accountButton = header.querySelector('.account__button');
  if (accountButton) {
    accountButton.after(accountMenu());
    accountButton.setAttribute('aria-controls', 'account-menu');
  }
  const barForm = header.querySelector<HTMLFormElement>('.search__box form');
  const closeIcon = barForm?.querySelector('.search__clear svg');
  const openSearch = header.querySelector('[data-open-search]');
  if (barForm && closeIcon && openSearch) openSearch.after(searchOverlay(barForm, closeIcon.cloneNode(true)));
  const openMenu = header.querySelector<HTMLElement>('[data-open-menu]');
  if (openMenu && closeIcon)
    openMenu.after(mobileMenu(header, openMenu.dataset['menuLabel'] ?? 'Menu', closeIcon.cloneNode(true)));
}
