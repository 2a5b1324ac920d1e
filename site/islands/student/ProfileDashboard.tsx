import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '#site/lib/api.ts';
import { queryClient } from '#site/lib/query-client.ts';
import { withQuery } from '../common/with-query.tsx';
import { studentSession } from '#site/lib/session.ts';
import type { StudentProfile } from '#schemas/users.ts';
import { timelinePaths } from '#schemas/timeline.ts';
import { TimelineList, useTimeline } from '../common/Timeline.tsx';
import { MeetingList } from '../common/Meetings.tsx';
import { timelineQuery } from '../common/timeline-query.ts';
import { LazyPrivacyPanel } from '../common/LazyPrivacyPanel.tsx';
import { tabProps } from '../common/tab-props.ts';
import { formatDate, logout, profileQuery } from './profile-query.ts';
import { pagePaths } from '#schemas/paths.ts';

// Shown to few: a person who also owns a partner organisation, or whose student profile was made at
// sign-in from another role. Their code loads only when the dashboard shows them.
const PartnerSwitch = lazy(() => import('./PartnerSwitch.tsx'));
const CompleteProfile = lazy(() =>
  import('./CompleteProfile.tsx').then((m) => ({ default: m.CompleteProfile })),
);

/** Whether the profile lacks a detail (a student profile made at sign-in from another role). */
const hasMissingDetails = (user: StudentProfile) =>
  [user.fullName, user.academicStatus, user.contactNumber, user.currentAddress].some((v) => !v.trim());

// Below the overview's first cards: its code (and the saved-programs store) loads after the dashboard.
const SavedPrograms = lazy(() => import('./SavedPrograms.tsx'));

// The Education, Documents and Languages tabs are not the one the dashboard opens on: their code
// loads once the dashboard has rendered (Dashboard's effect), not before it (the page's JavaScript
// budget, docs/performance.md §2), and a tab opened sooner waits for it under Suspense.
const loadEducation = () => import('./EducationPanel.tsx');
const loadDocuments = () => import('./DocumentsPanel.tsx');
const loadLanguages = () => import('./LanguagesPanel.tsx');
const loadSettings = () => import('../common/AccountSettings.tsx');
const EducationPanel = lazy(() => loadEducation().then((m) => ({ default: m.EducationPanel })));
const DocumentsPanel = lazy(() => loadDocuments().then((m) => ({ default: m.DocumentsPanel })));
const LanguagesPanel = lazy(() => loadLanguages().then((m) => ({ default: m.LanguagesPanel })));
const AccountSettings = lazy(() => loadSettings().then((m) => ({ default: m.AccountSettings })));

const tabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'education', label: 'Education Information' },
  { id: 'documents', label: 'Documents' },
  { id: 'languages', label: 'Languages' },
  { id: 'security', label: 'Sign-in and security' },
] as const;
type TabId = (typeof tabs)[number]['id'];

const studentHeaders = (): Record<string, string> => ({
  Authorization: `Bearer ${studentSession.getToken() ?? ''}`,
});

/** The student's program applications as timelines, the latest change first (schemas/timeline.ts). */
function ApplicationTimelines() {
  const { query, since } = useTimeline(timelineQuery(timelinePaths.student, studentSession.call));
  if (query.isPending)
    return (
      <p className="st-muted" role="status">
        Loading your applications…
      </p>
    );
  if (query.isError) {
    return (
      <div role="alert">
        <p>We could not load your applications.</p>
        <button type="button" className="st-button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <TimelineList
      items={query.data.items}
      since={since}
      label="My Applications"
      empty={
        <p className="st-muted">
          You have not applied to any program yet. <a href="/destinations">Browse programs</a>
        </p>
      }
    />
  );
}

/**
 * The student's free consultations beside their applications: the same timeline answer (one
 * query key, one request), shown once it has come.
 */
function ConsultationTimelines() {
  const { markSeen: _, ...options } = timelineQuery(timelinePaths.student, studentSession.call);
  const query = useQuery(options);
  if (query.isPending)
    return (
      <p className="st-muted" role="status">
        Loading your consultations…
      </p>
    );
  // The applications' card above already offers Try again for the same request.
  if (query.isError) return <p className="st-muted">We could not load your consultations.</p>;
  return <MeetingList meetings={query.data.meetings} since={query.data.lastVisit} topic="study" />;
}

/** The card shown instead of the dashboard when the profile cannot be shown: one way on, or Log Out. */
function ProfileProblem({
  title,
  alert = false,
  action,
  onAction,
  children,
}: {
  title: string;
  alert?: boolean;
  action: string;
  onAction: () => void;
  children: ReactNode;
}) {
  return (
    <div className="st-center">
      <div className="st-card st-state" role={alert ? 'alert' : undefined}>
        <h1>{title}</h1>
        <p>{children}</p>
        <div className="st-row">
          <button type="button" className="st-button" onClick={onAction}>
            {action}
          </button>
          <button type="button" className="st-button st-button--secondary" onClick={() => void logout()}>
            Log Out
          </button>
        </div>
      </div>
    </div>
  );
}

/** /profile-bashboard-student and /profile: the student's profile dashboard (spec 2 section 2). */
export default withQuery(Dashboard);

function Dashboard({ companyName }: { companyName: string }) {
  const [hasToken] = useState(() => typeof localStorage !== 'undefined' && !!studentSession.getToken());
  useEffect(() => {
    if (!hasToken) location.replace(pagePaths.login);
  }, [hasToken]);
  const query = useQuery({ ...profileQuery, enabled: hasToken });

  useEffect(() => {
    // A token the server no longer accepts: sign in again.
    if (query.error instanceof ApiError && query.error.status === 401) {
      studentSession.clear();
      location.replace(pagePaths.login);
    }
  }, [query.error]);

  if (!hasToken || query.isPending) {
    return (
      <div className="st-center" role="status">
        <span className="st-spinner" aria-hidden="true" />
        <p>Loading your profile...</p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <ProfileProblem
        alert
        title="Error Loading Profile"
        action="Retry"
        onAction={() => void query.refetch()}
      >
        Failed to load user profile. Please try again.
      </ProfileProblem>
    );
  }
  const user = query.data.user;
  if (!user) {
    return (
      <ProfileProblem
        title="Profile Data Unavailable"
        action="Reload Page"
        onAction={() => location.reload()}
      >
        Your profile could not be loaded. This may be due to an incomplete registration or a system issue.
      </ProfileProblem>
    );
  }
  return (
    <Loaded
      companyName={companyName}
      user={user}
      debug={query.data.debug}
      refreshing={query.isFetching}
      refresh={() => query.refetch()}
    />
  );
}

function Loaded({
  companyName,
  user,
  debug,
  refreshing,
  refresh,
}: {
  companyName: string;
  user: StudentProfile;
  debug: boolean;
  refreshing: boolean;
  refresh: () => Promise<unknown>;
}) {
  const [tab, setTab] = useState<TabId>('overview');
  useEffect(() => {
    // The other tabs' code, fetched now so a tab opens at once; a failed fetch shows when it is opened.
    for (const load of [loadEducation, loadDocuments, loadLanguages, loadSettings]) load().catch(() => {});
  }, []);
  const [menuOpen, setMenuOpen] = useState(false);
  const refreshAction = async () => {
    await refresh();
  };

  return (
    <div className="st-dashboard">
      <header className="st-topbar">
        <a className="st-brand" href="/">
          {companyName}
        </a>
        <button
          type="button"
          className="st-menu-button"
          aria-expanded={menuOpen}
          aria-controls="student-sidebar"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
      </header>
      <nav id="student-sidebar" className={`st-sidebar${menuOpen ? ' is-open' : ''}`} aria-label="Student">
        <div className="st-sidebar__who">
          <span className="st-avatar" aria-hidden="true">
            {initials(user.fullName)}
          </span>
          <div>
            <p className="st-sidebar__name">{user.fullName || 'Student'}</p>
            <p className="st-sidebar__email">{user.email}</p>
          </div>
        </div>
        <ul>
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <a href="/profile">Profile</a>
          </li>
          <li>
            <a href="/destinations">Department</a>
          </li>
          <li>
            <Suspense fallback={null}>
              <PartnerSwitch className="st-sidebar__logout" />
            </Suspense>
          </li>
          <li>
            <button type="button" className="st-sidebar__logout" onClick={() => void logout()}>
              Logout
            </button>
          </li>
        </ul>
      </nav>
      <div className="st-main">
        <div className="st-main__head">
          <div>
            <h1>Welcome, {user.fullName || 'Student'}</h1>
            <p className="st-muted">Manage your profile, documents and applications.</p>
          </div>
          <button
            type="button"
            className="st-button st-button--secondary"
            onClick={refreshAction}
            disabled={refreshing}
          >
            {refreshing ? 'Refreshing...' : 'Refresh Data'}
          </button>
        </div>

        {debug && <DebugPanel user={user} refresh={refreshAction} />}
        {hasMissingDetails(user) && (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <CompleteProfile user={user} refresh={refreshAction} />
          </Suspense>
        )}

        <div className="st-tabs" role="tablist" aria-label="Profile sections">
          {tabs.map((t) => (
            <button key={t.id} {...tabProps(tabs, tab, setTab, t.id)}>
              {t.label}
            </button>
          ))}
        </div>
        <section className="st-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'overview' && <Overview user={user} />}
          <Suspense fallback={<p role="status">Loading…</p>}>
            {tab === 'education' && <EducationPanel user={user} refresh={refreshAction} />}
            {tab === 'documents' && <DocumentsPanel user={user} refresh={refreshAction} />}
            {tab === 'languages' && <LanguagesPanel user={user} refresh={refreshAction} />}
            {tab === 'security' && (
              <AccountSettings
                door="student"
                session={studentSession}
                onSignedOut={toLogin}
                onSessionEnded={sessionEnded}
              />
            )}
          </Suspense>
        </section>
      </div>
    </div>
  );
}

const toLogin = () => location.assign(pagePaths.login);
/** A session the server no longer accepts: the browser's copy goes, and the person signs in again. */
const sessionEnded = () => {
  studentSession.clear();
  location.replace(pagePaths.login);
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('') || 'S';

const orNot = (v: string | null | undefined) => (v && v.trim() ? v : 'Not provided');

function Overview({ user }: { user: StudentProfile }) {
  const role = user.role ? user.role[0]!.toUpperCase() + user.role.slice(1) : 'Student';
  const rows: [string, string][] = [
    ['Full Name', orNot(user.fullName)],
    ['Email', orNot(user.email)],
    ['Academic Status', orNot(user.academicStatus)],
    ['Contact Number', orNot(user.contactNumber)],
    ['Address', orNot(user.currentAddress)],
    ['Role', role],
    ['Account Status', user.isVerified ? 'Verified' : 'Pending Verification'],
  ];
  return (
    <div className="st-overview">
      <article className="st-card">
        <h2>Personal Information</h2>
        <dl className="st-dl">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd className={v === 'Not provided' ? 'st-muted' : undefined}>{v}</dd>
            </div>
          ))}
        </dl>
      </article>
      <article className="st-card">
        <h2>Profile Statistics</h2>
        <ul className="st-stats">
          <li>
            <strong>{user.education.length}</strong> Education Records
          </li>
          <li>
            <strong>{user.documents.length}</strong> Documents
          </li>
          <li>
            <strong>{user.language.length}</strong> Languages
          </li>
        </ul>
      </article>
      <article className="st-card">
        <h2>Account Information</h2>
        <p className={user.isVerified ? 'st-badge st-badge--ok' : 'st-badge st-badge--warn'}>
          {user.isVerified ? 'Account Verified' : 'Verification Pending'}
        </p>
        <p>Member since {user.createdAt ? formatDate(user.createdAt) : 'Not provided'}</p>
      </article>
      <article className="st-card st-span-all">
        <h2>My Applications</h2>
        <ApplicationTimelines />
      </article>
      <article className="st-card st-span-all">
        <h2>My Consultations</h2>
        <ConsultationTimelines />
      </article>
      <Suspense
        fallback={
          <article className="st-card st-span-all">
            <h2>Saved programs</h2>
            <p className="st-muted" role="status">
              Loading your saved programs...
            </p>
          </article>
        }
      >
        <SavedPrograms />
      </Suspense>
      <div className="st-span-all">
        <LazyPrivacyPanel type="student" headers={studentHeaders} onErased={() => studentSession.clear()} />
      </div>
    </div>
  );
}

/** Development only (spec/0-decisions.md): counts and a forced refresh. */
function DebugPanel({ user, refresh }: { user: StudentProfile; refresh: () => Promise<void> }) {
  return (
    <aside className="st-debug" aria-label="Debug panel">
      <strong>Debug</strong>
      <span>Education: {user.education.length}</span>
      <span>Documents: {user.documents.length}</span>
      <span>Languages: {user.language.length}</span>
      <span>Applications: {user.applications.length}</span>
      <button
        type="button"
        className="st-link"
        onClick={async () => {
          queryClient.removeQueries({ queryKey: profileQuery.queryKey, type: 'inactive' });
          await refresh();
        }}
      >
        Force refresh
      </button>
    </aside>
  );
}
