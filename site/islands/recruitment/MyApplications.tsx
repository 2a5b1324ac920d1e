import { lazy, Suspense, useCallback, useState } from 'react';
import { queryClient } from '#site/lib/query-client.ts';
import { withQuery } from '../common/with-query.tsx';
import { ApplicantAuth } from './ApplicantAuth.tsx';
import { applicantSession } from './applicant-session.ts';

// The signed-in view (applications, alerts, "Your data": ~4 KB brotli) is a chunk of its own: a
// visitor without a stored token sees only the sign-in form and never loads it (the page's
// JavaScript budget, docs/performance.md §2). With a token it is fetched as the island starts.
const loadAccount = () => import('./MyApplicationsAccount.tsx');
const Account = lazy(() => loadAccount().then((m) => ({ default: m.Account })));

/** The applicant's own applications and their status (beyond the spec: issue 6 item 7). */
export default withQuery(Applications);

function Applications() {
  const [signedIn, setSignedIn] = useState(() => {
    const stored = applicantSession.getToken() !== null;
    if (stored) loadAccount().catch(() => {});
    return stored;
  });
  const [expired, setExpired] = useState(false);
  const expire = useCallback(() => setExpired(true), []);
  const signOut = useCallback(() => setSignedIn(false), []);

  if (!signedIn || expired) {
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
