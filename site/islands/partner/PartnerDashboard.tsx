import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { withQuery } from '../common/with-query.tsx';
import { ApiError } from '#site/lib/api.ts';
import { tabProps } from '../common/tab-props.ts';
import { REQUEST_MESSAGES } from '#schemas/partner-text.ts';
import { ProfilePanel, formFrom, useSaveProfile } from './ProfilePanel.tsx';
import { LazyPrivacyPanel } from '../common/LazyPrivacyPanel.tsx';
import { partnerProfileQuery } from './queries.ts';
import { partnerSession, type CachedPartner } from './session.ts';
import { Toaster, type ToastDurations } from '../common/toast.tsx';

const tabs = [
  { id: 'profile', label: 'Profile' },
  { id: 'student', label: 'Student Admission' },
  { id: 'employee', label: 'Hire Employees' },
  { id: 'requests', label: 'My Requests' },
  { id: 'members', label: 'Members' },
  { id: 'security', label: 'Sign-in and security' },
  { id: 'data', label: 'Your Data' },
] as const;
type Tab = (typeof tabs)[number]['id'];

// The request forms and the requests list are other tabs than the one the dashboard opens on: their
// code loads once the dashboard has rendered (Dashboard's effect), not before it (the page's
// JavaScript budget, docs/performance.md §2), and a tab opened sooner waits for it under Suspense.
const loadRequestForms = () => import('./RequestForms.tsx');
const loadRequestsList = () => import('./RequestsList.tsx');
const loadSettings = () => import('../common/AccountSettings.tsx');
const loadMembers = () => import('./MembersPanel.tsx');
// For an owner who is also a student (few): its code loads only for the dashboard that shows it.
const StudentSwitch = lazy(() => import('./StudentSwitch.tsx'));
const RequestForm = lazy(() => loadRequestForms().then((m) => ({ default: m.RequestForm })));
const RequestsList = lazy(() => loadRequestsList().then((m) => ({ default: m.RequestsList })));
const MembersPanel = lazy(() => loadMembers().then((m) => ({ default: m.MembersPanel })));
const AccountSettings = lazy(() => loadSettings().then((m) => ({ default: m.AccountSettings })));

const toLogin = () => window.location.replace('/login-partner-account');

function Loading({ text }: { text: string }) {
  return (
    <div className="pt-center" role="status" aria-live="polite">
      <span className="pt-spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

function Dashboard({ token }: { token: string }) {
  const profile = useQuery(partnerProfileQuery(token));
  const [version, setVersion] = useState(0);
  const bump = () => setVersion((v) => v + 1);
  // A link to one request's timeline (the e-mails' "Follow it under My Requests") opens that tab.
  const [tab, setTab] = useState<Tab>(() =>
    location.hash.startsWith('#timeline-') ? 'requests' : 'profile',
  );
  useEffect(() => {
    // The other tabs' code, fetched now so a tab opens at once; a failed fetch shows when it is opened.
    loadRequestForms().catch(() => {});
    loadRequestsList().catch(() => {});
    loadSettings().catch(() => {});
  }, []);
  const reconciled = useRef(false);

  const expire = () => {
    partnerSession.clear();
    toLogin();
  };
  // Sign-out ends the session on the server; the browser's copy goes whatever the answer.
  const signOut = async () => {
    await partnerSession.signOut();
    window.location.href = '/login-partner-account';
  };
  const save = useSaveProfile(token, expire, bump);
  const showRequests = () => {
    setTab('requests');
    document.getElementById('tab-requests')?.focus();
  };
  const { mutate: sendProfile } = save; // stable across renders (TanStack Query), unlike `save`

  // The stored copy lives outside React: `version` (a local save) and the last load's time are the
  // signals that it changed, so they, not anything read inside, decide when to read it again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const cached = useMemo(() => partnerSession.getUser(), [version, profile.dataUpdatedAt]);
  const server = profile.data?.partner;
  const localOnly = cached?._localOnly?.length ? cached : null;

  useEffect(() => {
    if (profile.error instanceof ApiError && profile.error.status === 401) expire();
  }, [profile.error]);

  // A fresh server copy becomes the cache, unless edits made during an outage still wait to be sent:
  // then the first successful load sends them (0-decisions.md: reconciled by the next load or save).
  useEffect(() => {
    if (!server) return;
    if (!localOnly) {
      partnerSession.setUser(server);
      // Edits that go local later in this visit wait for the next load or save.
      reconciled.current = true;
      return;
    }
    if (!reconciled.current) {
      reconciled.current = true;
      sendProfile(formFrom({ ...server, ...localOnly }));
    }
  }, [server, localOnly, sendProfile]);

  const shown: CachedPartner | null = localOnly
    ? { ...(server ?? {}), ...localOnly }
    : (server ?? (profile.isError ? cached : null));
  const usingCache = profile.isError && !server && !!shown;

  if (profile.isPending) return <Loading text="Loading your dashboard..." />;
  if (profile.error instanceof ApiError && profile.error.status === 401)
    return <Loading text="Your session has ended. Redirecting to login..." />;
  if (profile.isError && !shown) {
    return (
      <div className="pt-center pt-card pt-narrow">
        <h1 className="pt-title">Failed to Load Partner Data</h1>
        <p className="pt-muted">
          We could not load your partner profile. Check your connection and try again, or log in again.
        </p>
        <div className="pt-actions">
          <button
            type="button"
            className="pt-button pt-button-secondary"
            onClick={() => void profile.refetch()}
          >
            Try again
          </button>
          <button type="button" className="pt-button" onClick={expire}>
            Return to Login
          </button>
        </div>
      </div>
    );
  }

  const partner: CachedPartner = shown ?? {};
  const incomplete = !partner.companyName;

  return (
    <div className="pt-dashboard">
      <header className="pt-dash-header">
        <div>
          {/* The page's one h1 (axe page-has-heading-one): the dashboard is who it is for. */}
          <h1 className="pt-welcome">Welcome, {partner.ownerFirstName || 'Partner'}</h1>
          <p className="pt-company">{partner.companyName || 'Your company'}</p>
        </div>
        <nav className="pt-dash-nav" aria-label="Account">
          <a href="/" className="pt-button pt-button-ghost">
            Home
          </a>
          <Suspense fallback={null}>
            <StudentSwitch className="pt-button pt-button-ghost" />
          </Suspense>
          <button type="button" className="pt-button pt-button-ghost" onClick={() => void signOut()}>
            Logout
          </button>
        </nav>
      </header>

      <div className="pt-dash-body">
        <aside className="pt-sidebar">
          <div
            role="tablist"
            aria-label="Partner dashboard"
            aria-orientation="vertical"
            className="pt-tablist"
          >
            {tabs.map((t) => (
              <button key={t.id} className="pt-tab" {...tabProps(tabs, tab, setTab, t.id)}>
                {t.label}
              </button>
            ))}
          </div>
        </aside>

        <div className="pt-panel">
          <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`}>
            {usingCache && (
              <p className="pt-banner pt-banner-info">
                We could not reach the server, so this shows the details saved on this device. They may be out
                of date.
              </p>
            )}
            {incomplete && <p className="pt-banner pt-banner-info">{REQUEST_MESSAGES.incompleteProfile}</p>}
            {tab === 'profile' && (
              <ProfilePanel
                key={partner._id ?? 'new'}
                token={token}
                partner={partner}
                startEditing={incomplete}
                onSessionExpired={expire}
                onStored={bump}
              />
            )}
            <Suspense fallback={<Loading text="Loading…" />}>
              {tab === 'student' && (
                <RequestForm
                  key="student"
                  kind="student"
                  token={token}
                  partner={shown}
                  onSessionExpired={expire}
                  onShowRequests={showRequests}
                />
              )}
              {tab === 'employee' && (
                <RequestForm
                  key="employee"
                  kind="employee"
                  token={token}
                  partner={shown}
                  onSessionExpired={expire}
                  onShowRequests={showRequests}
                />
              )}
              {tab === 'requests' && <RequestsList token={token} />}
              {tab === 'members' && <MembersPanel token={token} onSessionExpired={expire} />}
              {tab === 'security' && (
                <AccountSettings
                  door="partner"
                  session={partnerSession}
                  onSignedOut={() => window.location.assign('/login-partner-account')}
                  onSessionEnded={expire}
                />
              )}
            </Suspense>
            {tab === 'data' && (
              <LazyPrivacyPanel
                type="partner"
                headers={() => ({ Authorization: `Bearer ${token}` })}
                onErased={() => partnerSession.clear()}
              />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

function Gate() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const stored = partnerSession.getToken();
    setToken(stored);
    if (!stored) toLogin();
  }, []);
  if (!token)
    return <Loading text={token === null ? 'Redirecting to login...' : 'Loading your dashboard...'} />;
  return <Dashboard token={token} />;
}

/** Spec 2 section 4: a toast shows for 5 seconds. */
const TOAST_DURATIONS: ToastDurations = { success: 5000, info: 5000, error: 5000, loading: null };

function PartnerDashboard() {
  return (
    <>
      <Gate />
      <Toaster look="pt" durations={TOAST_DURATIONS} max={4} />
    </>
  );
}

export default withQuery(PartnerDashboard);
