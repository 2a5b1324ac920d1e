import { lazy, Suspense, useCallback, useState } from 'react';
import { useHydrated } from '../common/use-hydrated.ts';
import { queryClient } from '#site/lib/query-client.ts';
import { withQuery } from '../common/with-query.tsx';
import { ApplicantAuth } from './ApplicantAuth.tsx';
import { applicantSession } from './applicant-session.ts';

// The signed-in view (applications, alerts, "Your data": ~4 KB brotli) is a chunk of its own: a
// visitor without a stored token sees only the sign-in form and never loads it (the page's
// JavaScript budget, docs/performance.md §2). With a token it is fetched as the island starts.
const loadAccount = () => import('./MyApplicationsAccount.tsx');
const Account = lazy(() => loadAccount().then((m) => ({ default: m.Account })));

/** The applicant's own applications and their status (beyond the spec). */
export default withQuery(Applications);

function Applications() {
  // The page is pre-rendered without a session: the stored token is read once hydrated, so the
  // first render matches the server's HTML (reading it during hydration was React error #418).
  const hydrated = useHydrated();
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [expired, setExpired] = useState(false);
  const expire = useCallback(() => setExpired(true), []);
  const signOut = useCallback(() => setSignedIn(false), []);

  if (!hydrated) return <p className="rc-loading">Loading your applications...</p>;
  const stored = signedIn ?? applicantSession.getToken() !== null;
  if (stored && signedIn === null) loadAccount().catch(() => {});

  if (!stored || expired) {
    return (
      <div className="rc-card rc-narrow">
        {/* The sign-in form's own heading is an h3 (it sits under a job's h2 in the apply modal). */}
        <h2>Sign in to see your applications</h2>
        {expired && <p className="rc-notice">Your session has ended. Please log in again.</p>}
        <ApplicantAuth
          intro="Log in with your job-applicant account to see the jobs you applied to."
          onAuthenticated={() => {
            queryClient.removeQueries({ queryKey: ['applicant'] });
            queryClient.removeQueries({ queryKey: ['timeline'] });
            setExpired(false);
            setSignedIn(true);
          }}
        />
      </div>
    );
  }
  return (
    <Suspense fallback={<p className="rc-loading">Loading your applications...</p>}>
      <Account onSignedOut={signOut} onExpired={expire} />
    </Suspense>
  );
}
