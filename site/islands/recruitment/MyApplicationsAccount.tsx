import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, notInProduction, schemaFrom } from '#site/lib/api.ts';
import { queryClient } from '#site/lib/query-client.ts';
import { describeAlert } from '#schemas/job-alerts-text.ts';
import { recruitmentContract } from './contract.ts';
import { timelinePaths } from '#schemas/timeline.ts';
import { TimelineList, useTimeline } from '../common/Timeline.tsx';
import { MeetingList } from '../common/Meetings.tsx';
import { timelineQuery } from '../common/timeline-query.ts';
import { LazyPrivacyPanel } from '../common/LazyPrivacyPanel.tsx';
import { AccountSettings } from '../common/AccountSettings.tsx';
import { applicantApi, applicantSession } from './applicant-session.ts';
import { ConfirmEmailNote } from './ConfirmEmailNote.tsx';
// Its own rules: whichever page opens it has them.
import '../../styles/recruitment.css';

// Response schemas load only where answers are checked (development): this page ships no zod.
const alertListAnswer = schemaFrom(
  () => (import.meta.env.DEV ? import('#schemas/job-alerts.ts') : notInProduction()),
  'jobAlertListSchema',
);
const messageAnswer = schemaFrom(recruitmentContract, 'messageResponse');

/** The applicant's job alerts (saved searches from the job list), each with Delete. */
function JobAlerts() {
  const alerts = useQuery({
    queryKey: ['applicant', 'job-alerts'],
    queryFn: () => applicantApi('/api/job-alerts', { schema: alertListAnswer }),
    retry: 0,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      applicantApi(`/api/job-alerts/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageAnswer }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['applicant', 'job-alerts'] }),
  });
  return (
    <section className="rc-alerts" aria-labelledby="rc-alerts-title">
      <h2 id="rc-alerts-title">Job alerts</h2>
      <p className="rc-muted">
        We e-mail you new jobs matching each saved search once a day. Save a search from the{' '}
        <a href="/job">job list</a>.
      </p>
      {alerts.isPending ? (
        <p className="rc-loading">Loading your alerts...</p>
      ) : alerts.isError ? (
        <p className="rc-error-box" role="alert">
          We could not load your alerts: {alerts.error.message}
        </p>
      ) : alerts.data.alerts.length === 0 ? (
        <p>You have no job alerts yet.</p>
      ) : (
        <ul className="rc-alert-list" aria-label="Your job alerts">
          {alerts.data.alerts.map((a) => (
            <li key={a.id}>
              <span>{describeAlert(a)}</span>
              <button
                type="button"
                className="rc-btn rc-btn--ghost"
                onClick={() => remove.mutate(a.id)}
                disabled={remove.isPending}
                aria-label={`Delete the alert ${describeAlert(a)}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite">
        {remove.isError && (
          <p className="rc-error-box" role="alert">
            {remove.error.message}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * 'My applications' once signed in (MyApplications.tsx loads it only when a token is stored): who is
 * signed in, the applications, the job alerts, "Sign-in and security" and "Your data". A refused token (401/403) hands back
 * to the sign-in form through `onExpired`.
 */
export function Account({ onSignedOut, onExpired }: { onSignedOut: () => void; onExpired: () => void }) {
  const me = useQuery({
    queryKey: ['applicant', 'me'],
    queryFn: () =>
      applicantApi('/api/job-applicants/me', {
        schema: schemaFrom(recruitmentContract, 'applicantProfileSchema'),
      }),
    retry: 0,
  });
  const { query: list, since } = useTimeline(timelineQuery(timelinePaths.applicant, applicantApi));

  const expired = [me.error, list.error].some(
    (e) => e instanceof ApiError && (e.status === 401 || e.status === 403),
  );
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  if (expired) return null;

  const signedOut = () => {
    applicantSession.clear();
    queryClient.removeQueries({ queryKey: ['applicant'] });
    onSignedOut();
  };
  // Sign-out ends the session on the server; the browser's copy goes whatever the answer.
  const logOut = async () => {
    await applicantSession.signOut();
    signedOut();
  };

  return (
    <div className="rc-my-apps">
      <div className="rc-my-apps__bar">
        <p>
          {me.data ? (
            <>
              Signed in as <strong>{me.data.fullName}</strong> ({me.data.email})
            </>
          ) : (
            ' '
          )}
        </p>
        <div className="rc-my-apps__actions">
          <button type="button" className="rc-btn rc-btn--ghost" onClick={() => void logOut()}>
            Log out
          </button>
        </div>
      </div>
      {me.data && !me.data.emailConfirmed && <ConfirmEmailNote email={me.data.email} />}
      <h2 className="rc-my-apps__heading">Your job applications</h2>
      {list.isPending ? (
        <p className="rc-loading">Loading your applications...</p>
      ) : list.isError ? (
        <div className="rc-error-box" role="alert">
          <p>We could not load your applications: {list.error.message}</p>
          <button type="button" className="rc-btn rc-btn--primary" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <TimelineList
          items={list.data.items}
          since={since}
          label="Your job applications"
          empty={
            <div className="rc-empty">
              <h3>No applications yet</h3>
              <p>When you apply to a job, it appears here with each step of its progress.</p>
              <a className="rc-btn rc-btn--primary" href="/send-cv">
                Browse jobs
              </a>
            </div>
          }
        />
      )}
      {list.data && (
        <section className="rc-consultations" aria-labelledby="rc-consultations-title">
          <h2 id="rc-consultations-title" className="rc-my-apps__heading">
            Your consultations
          </h2>
          <MeetingList
            meetings={list.data.meetings}
            since={since}
            topic="work"
            bookClassName="rc-btn rc-btn--primary"
          />
        </section>
      )}
      <JobAlerts />
      <AccountSettings
        door="applicant"
        session={applicantSession}
        onSignedOut={signedOut}
        onSessionEnded={onExpired}
      />
      <LazyPrivacyPanel
        type="applicant"
        headers={() => ({ 'X-Applicant-Token': applicantSession.getToken() ?? '' })}
        onErased={() => {
          applicantSession.clear();
          queryClient.removeQueries({ queryKey: ['applicant'] });
        }}
      />
    </div>
  );
}
