import { useState } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { SIGN_OUT_EVERYWHERE_FAILED, endSession } from '../../lib/sign-out.ts';
import { queryClient } from '../../lib/query-client.ts';
import type { ApplicationStatus, MyApplication } from '../../../schemas/recruitment.ts';
import { ApplicantAuth } from './ApplicantAuth.tsx';
import { applicantApi, clearApplicantToken, getApplicantToken } from './applicant-session.ts';

const statusLabel: Record<ApplicationStatus, string> = {
  received: 'Received',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offer: 'Offer',
  rejected: 'Not selected',
};

/** The applicant's own applications and their status (beyond the spec: issue 6 item 7). */
export default function MyApplications() {
  return (
    <QueryClientProvider client={queryClient}>
      <Applications />
    </QueryClientProvider>
  );
}

function Applications() {
  const [signedIn, setSignedIn] = useState(() => getApplicantToken() !== null);
  const [signingOut, setSigningOut] = useState(false);
  const [everywhereError, setEverywhereError] = useState('');
  const me = useQuery({
    queryKey: ['applicant', 'me'],
    queryFn: () => applicantApi<{ fullName: string; email: string }>('/api/job-applicants/me'),
    enabled: signedIn,
    retry: 0,
  });
  const list = useQuery({
    queryKey: ['applicant', 'applications'],
    queryFn: () => applicantApi<MyApplication[]>('/api/job-applicants/applications'),
    enabled: signedIn,
    retry: 0,
    staleTime: 0,
  });

  const expired = [me.error, list.error].some((e) => e instanceof ApiError && (e.status === 401 || e.status === 403));
  if (!signedIn || expired) {
    return (
      <div className="rc-card rc-narrow">
        {expired && <p className="rc-notice">Your session has ended. Please log in again.</p>}
        <ApplicantAuth
          intro="Log in with your job-applicant account to see the jobs you applied to."
          onAuthenticated={() => { queryClient.removeQueries({ queryKey: ['applicant'] }); setSignedIn(true); }}
        />
      </div>
    );
  }

  const signedOut = () => {
    clearApplicantToken();
    queryClient.removeQueries({ queryKey: ['applicant'] });
    setSignedIn(false);
  };
  // Sign-out ends the session on the server; the browser's copy goes whatever the answer.
  const logOut = async () => {
    await endSession('applicant', getApplicantToken());
    signedOut();
  };
  const logOutEverywhere = async () => {
    setSigningOut(true);
    setEverywhereError('');
    const ok = await endSession('applicant', getApplicantToken(), { everywhere: true });
    setSigningOut(false);
    if (ok) signedOut();
    else setEverywhereError(SIGN_OUT_EVERYWHERE_FAILED);
  };

  return (
    <div className="rc-my-apps">
      <div className="rc-my-apps__bar">
        <p>{me.data ? <>Signed in as <strong>{me.data.fullName}</strong> ({me.data.email})</> : ' '}</p>
        <div className="rc-my-apps__actions">
          <button type="button" className="rc-btn rc-btn--ghost" onClick={() => void logOut()}>Log out</button>
          <button type="button" className="rc-btn rc-btn--ghost" onClick={() => void logOutEverywhere()} disabled={signingOut}>
            {signingOut ? 'Signing out...' : 'Sign out of all devices'}
          </button>
        </div>
      </div>
      {everywhereError && <p className="rc-error-box" role="alert">{everywhereError}</p>}
      {list.isPending ? (
        <p className="rc-loading">Loading your applications...</p>
      ) : list.isError ? (
        <div className="rc-error-box" role="alert">
          <p>We could not load your applications: {list.error.message}</p>
          <button type="button" className="rc-btn rc-btn--primary" onClick={() => void list.refetch()}>Retry</button>
        </div>
      ) : list.data.length === 0 ? (
        <div className="rc-empty">
          <h2>No applications yet</h2>
          <p>When you apply to a job, it appears here with its status.</p>
          <a className="rc-btn rc-btn--primary" href="/send-cv">Browse jobs</a>
        </div>
      ) : (
        <table className="rc-table">
          <caption className="rc-sr">Your job applications</caption>
          <thead>
            <tr><th scope="col">Job</th><th scope="col">Applied</th><th scope="col">Resume</th><th scope="col">Status</th></tr>
          </thead>
          <tbody>
            {list.data.map((a) => (
              <tr key={a._id}>
                <td><a href={`/job/${encodeURIComponent(a.jobId)}`}>{a.jobTitle}</a><br /><span className="rc-muted">{a.company} · {a.location}</span></td>
                <td>{new Date(a.appliedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}</td>
                <td>{a.resumeName}</td>
                <td><span className={`rc-status rc-status--${a.status}`}>{statusLabel[a.status]}</span></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
