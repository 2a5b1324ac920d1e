// The header's behaviour (spec 1 section 2.2) on top of the HTML SiteHeader.astro renders. Plain
// DOM code on purpose: the header is on every page, and a framework here would put React and
// TanStack Query (~70 KB brotli) on pages that have no island (the JavaScript budget, docs/performance.md). The
// subject search's code (header-search.ts) loads on the first use of a search box.
import { clearSession, readSession, type SessionView } from '../lib/session-view.ts';
import { endBearerSession } from '../lib/sign-out.ts';
import { PARTNER_LOGOUT_PATH, STUDENT_LOGOUT_PATH } from '#schemas/sessions.ts';
import { PARTNER_TOKEN_KEY, TOKEN_KEY, USER_TOKEN_KEY } from '../lib/storage.ts';
import { buildHeaderMenus } from './header-menus.ts';

type SearchModule = typeof import('./header-search.ts');
/**
 * The search module's URL, written here by the build (scripts/build/page-scripts.ts): an import of a
 * string the bundler does not see keeps the search out of the page script, loaded on first use.
 */
const SEARCH_MODULE_URL = '__HEADER_SEARCH_MODULE_URL__';
let searchModule: Promise<SearchModule> | undefined;
const loadSearch = () =>
  (searchModule ??= (import(/* @vite-ignore */ SEARCH_MODULE_URL) as Promise<SearchModule>).catch(
    (error: unknown) => {
      searchModule = undefined; // the next focus tries again
      throw error;
    },
  ));

/**
 * A search box wired on first use: pointing at it starts the download, focusing it wires it up.
 * What is typed before the code arrives stays in the box, and the combobox picks it up.
 */
function lazyCombobox(root: HTMLElement, onDone?: () => void) {
  const input = root.querySelector<HTMLInputElement>('input[role="combobox"]')!;
  let wired: Promise<{ reset: () => void }> | undefined;
  const start = () => {
    wired ??= loadSearch().then(
      (m) => m.combobox(root, onDone),
      (error: unknown) => {
        wired = undefined;
        console.error('Failed to load the subject search', error);
        throw error;
      },
    );
    return wired;
  };
  root.addEventListener('pointerenter', () => void loadSearch().catch(() => {}), { once: true });
  input.addEventListener('focus', () => void start().catch(() => {}));
  // Focused before this script ran (a person quick to the box): that focus went unheard, and what
  // they typed gets its suggestions now.
  if (document.activeElement === input) void start().catch(() => {});
  return {
    input,
    reset: () => {
      if (wired)
        void wired.then(
          (c) => c.reset(),
          () => {},
        );
      else input.value = '';
    },
  };
}

/** A modal `<dialog>` opened by a button; a click on its backdrop or a [data-close] button closes it. */
function modal(
  dialog: HTMLDialogElement,
  { onOpen, onClose }: { onOpen?: () => void; onClose?: () => void } = {},
) {
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  for (const b of dialog.querySelectorAll<HTMLButtonElement>('[data-close]'))
    b.addEventListener('click', () => dialog.close());
  if (onClose) dialog.addEventListener('close', onClose);
  return () => {
    dialog.showModal();
    onOpen?.();
  };
}

/** Logout: ends the stored sessions on the server, then clears them here whatever the answer. */
async function logout() {
  const student = localStorage.getItem(USER_TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY);
  const partner = localStorage.getItem(PARTNER_TOKEN_KEY);
  await Promise.all([
    endBearerSession(STUDENT_LOGOUT_PATH, student),
    endBearerSession(PARTNER_LOGOUT_PATH, partner),
  ]);
  clearSession();
  window.location.assign('/');
}

/** A header button SiteHeader.astro rendered disabled (it does nothing without this script), now wired. */
function wire(button: HTMLButtonElement | null, onClick: () => void) {
  if (!button) return;
  button.addEventListener('click', onClick);
  button.disabled = false;
}

/** Wires the header SiteHeader.astro rendered; each of its buttons is enabled once it works. */
export function initSiteHeader(header: HTMLElement) {
  buildHeaderMenus(header);

  // Solid after more than 10 px of scroll.
  const onScroll = () => header.classList.toggle('is-solid', window.scrollY > 10);
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });

  // Search: the inline box (wide screens) and the overlay (narrow screens).
  const [inlineRoot, overlayRoot] = header.querySelectorAll<HTMLElement>('[data-combobox]');
  if (inlineRoot) lazyCombobox(inlineRoot);
  const searchDialog = header.querySelector<HTMLDialogElement>('[data-search-dialog]');
  if (searchDialog && overlayRoot) {
    const overlay = lazyCombobox(overlayRoot, () => searchDialog.close());
    const openSearch = modal(searchDialog, {
      onOpen: () => overlay.input.focus(),
      onClose: () => overlay.reset(),
    });
    wire(header.querySelector('[data-open-search]'), openSearch);
  }

  // Mobile menu: page scrolling is locked while it is open.
  const menuDialog = header.querySelector<HTMLDialogElement>('[data-menu-dialog]');
  if (menuDialog) {
    const openMenu = modal(menuDialog, {
      onOpen: () => document.body.classList.add('scroll-locked'),
      onClose: () => document.body.classList.remove('scroll-locked'),
    });
    wire(header.querySelector('[data-open-menu]'), openMenu);
  }

  // Account menu (wide screens; narrow screens show the account in the mobile menu).
  const accountButton = header.querySelector<HTMLButtonElement>('.account__button')!;
  const accountMenu = header.querySelector<HTMLElement>('#account-menu')!;
  const account = accountButton.parentElement!;
  const setAccountOpen = (open: boolean) => {
    accountMenu.hidden = !open;
    accountButton.setAttribute('aria-expanded', String(open));
  };
  wire(accountButton, () => setAccountOpen(accountMenu.hidden !== false));
  document.addEventListener('mousedown', (e) => {
    if (!accountMenu.hidden && !account.contains(e.target as Node)) setAccountOpen(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || accountMenu.hidden) return;
    const inside = account.contains(document.activeElement);
    setAccountOpen(false);
    if (inside) accountButton.focus();
  });
  for (const b of header.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
    b.addEventListener('click', () => {
      setAccountOpen(false);
      menuDialog?.close();
      void logout();
    });
  }

  // The stored session, re-read on load, on bfcache restores and when another tab changes it.
  const showSession = (session: SessionView | null) => {
    header.dataset['session'] = session ? 'member' : 'visitor';
    if (!session) {
      setAccountOpen(false);
      return;
    }
    const fields: Record<string, string> = {
      initial: session.displayName.charAt(0).toUpperCase(),
      name: session.displayName,
      email: session.email,
      label: session.label,
      profile: session.profileLabel,
    };
    for (const el of header.querySelectorAll<HTMLElement>('[data-field]')) {
      const value = fields[el.dataset['field']!];
      if (value !== undefined && el.textContent !== value) el.textContent = value;
      if (el instanceof HTMLAnchorElement) el.setAttribute('href', session.profileHref);
    }
  };
  const refresh = () => showSession(readSession());
  refresh();
  window.addEventListener('storage', refresh);
  window.addEventListener('pageshow', refresh);
  window.addEventListener('session-change', refresh);
}
