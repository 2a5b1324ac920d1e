import { useEffect, useRef, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client.ts';
import { clearSession, readSession, type SessionView } from '../../lib/session-view.ts';
import { CloseIcon, MenuIcon } from '../common/icons.tsx';
import SubjectSearch from './SubjectSearch.tsx';

export interface SiteHeaderProps {
  currentPath: string;
  companyName: string;
  logo: string;
}

export const navLinks = [
  { href: '/', label: 'Home' },
  { href: '/destinations', label: 'Study Abroad' },
  { href: '/recruitments', label: 'Work Abroad' },
  { href: '/about-us', label: 'About Us' },
] as const;

const isCurrent = (href: string, path: string) => {
  const p = path.replace(/\/+$/, '') || '/';
  if (href === '/') return p === '/' || p === '/about';
  if (href === '/destinations') return p === '/destinations' || p.startsWith('/country-details');
  if (href === '/recruitments') return p === '/recruitments' || p.startsWith('/job');
  return p === href;
};

/** The stored session, re-read on every page load, on bfcache restores and when another tab changes it. */
function useSession() {
  const [session, setSession] = useState<SessionView | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const refresh = () => { setSession(readSession()); setReady(true); };
    refresh();
    window.addEventListener('storage', refresh);
    window.addEventListener('pageshow', refresh);
    window.addEventListener('session-change', refresh);
    return () => {
      window.removeEventListener('storage', refresh);
      window.removeEventListener('pageshow', refresh);
      window.removeEventListener('session-change', refresh);
    };
  }, []);
  return { session, ready };
}

function logout() {
  clearSession();
  window.location.assign('/');
}

function AccountMenu({ session }: { session: SessionView }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => { if (!ref.current?.contains(e.target as Node)) setOpen(false); };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => { document.removeEventListener('mousedown', onDoc); document.removeEventListener('keydown', onKey); };
  }, [open]);
  return (
    <div className="account" ref={ref}>
      <button type="button" className="account__button" aria-expanded={open} aria-controls="account-menu" onClick={() => setOpen((o) => !o)}>
        <span className="account__avatar" aria-hidden="true">{session.displayName.charAt(0).toUpperCase()}</span>
        <span className="account__name-short">{session.displayName}</span>
        <span className="visually-hidden">Account menu</span>
      </button>
      {open && (
        <div className="account__menu" id="account-menu">
          <p><strong>{session.displayName}</strong></p>
          <p className="account__email">{session.email}</p>
          <p><span className="badge">{session.label}</span></p>
          <ul>
            <li><a href={session.profileHref}>{session.profileLabel}</a></li>
            <li><button type="button" onClick={() => { setOpen(false); logout(); }}>Logout</button></li>
          </ul>
        </div>
      )}
    </div>
  );
}

function MobileMenu({ currentPath, session, companyName }: { currentPath: string; session: SessionView | null; companyName: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const open = () => { dialogRef.current?.showModal(); document.body.classList.add('scroll-locked'); };
  const close = () => dialogRef.current?.close();
  return (
    <>
      <button type="button" className="icon-btn menu-toggle" aria-label="Open menu" aria-haspopup="dialog" onClick={open}><MenuIcon /></button>
      <dialog ref={dialogRef} className="mobile-menu-dialog" aria-label={`${companyName} menu`} onClose={() => document.body.classList.remove('scroll-locked')}
        onClick={(e) => { if (e.target === dialogRef.current) close(); }}>
        <div className="mobile-menu__panel">
          <div className="search-overlay__head">
            <strong>Menu</strong>
            <button type="button" className="icon-btn" aria-label="Close menu" onClick={close}><CloseIcon /></button>
          </div>
          <nav aria-label="Mobile">
            <ul>
              {navLinks.map((l) => (
                <li key={l.href}><a href={l.href} aria-current={isCurrent(l.href, currentPath) ? 'page' : undefined}>{l.label}</a></li>
              ))}
            </ul>
          </nav>
          {session ? (
            <div className="stack">
              <p><strong>{session.displayName}</strong><br /><span className="muted">{session.email}</span><br /><span className="badge">{session.label}</span></p>
              <a className="btn btn--ghost" href={session.profileHref}>{session.profileLabel}</a>
              <button type="button" className="btn btn--primary" onClick={() => { close(); logout(); }}>Logout</button>
            </div>
          ) : (
            <div className="btn-row">
              <a className="btn btn--ghost" href="/login">Sign In</a>
              <a className="btn btn--accent" href="/destinations">Apply Now</a>
            </div>
          )}
        </div>
      </dialog>
    </>
  );
}

/** Shared header (spec 1 section 2.2). */
export default function SiteHeader({ currentPath, companyName, logo }: SiteHeaderProps) {
  const [solid, setSolid] = useState(false);
  const { session, ready } = useSession();
  useEffect(() => {
    const onScroll = () => setSolid(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <header className={`site-header${solid ? ' is-solid' : ''}`} data-hydrated={ready ? 'true' : undefined}>
        <div className="container site-header__inner">
          <a className="brand" href="/">
            <img src={logo} alt={`${companyName} home`} width="160" height="40" />
          </a>
          <nav className="nav" aria-label="Main">
            <ul>
              {navLinks.map((l) => (
                <li key={l.href}><a href={l.href} aria-current={isCurrent(l.href, currentPath) ? 'page' : undefined}>{l.label}</a></li>
              ))}
            </ul>
          </nav>
          <div className="header-actions">
            <SubjectSearch />
            {session ? (
              <AccountMenu session={session} />
            ) : (
              <div className="header-cta">
                <a className="btn btn--ghost btn--small" href="/login">Sign In</a>
                <a className="btn btn--accent btn--small" href="/destinations">Apply Now</a>
              </div>
            )}
            <MobileMenu currentPath={currentPath} session={session} companyName={companyName} />
          </div>
        </div>
      </header>
    </QueryClientProvider>
  );
}
