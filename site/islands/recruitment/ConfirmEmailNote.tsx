import { useEffect, useState } from 'react';
import { ApiError, schemaFrom } from '#site/lib/api.ts';
import { recruitmentContract } from './contract.ts';
import { applicantApi } from './applicant-session.ts';
// Its own rules, since styles travel with what renders them: whichever page opens it has them.
import '../../styles/recruitment.css';

const messageAnswer = schemaFrom(recruitmentContract, 'messageResponse');
const profileAnswer = schemaFrom(recruitmentContract, 'applicantProfileSchema');

type Resend = { state: 'idle' | 'sending' } | { state: 'sent' | 'failed'; message: string };

/**
 * Until the applicant's e-mail address is confirmed, their applications are held (not passed on to
 * employers): this says so where they register, apply and follow their applications, with the
 * confirmation e-mail to send again. Without `email` it asks who is signed in. Plain state, no
 * query client: the job page's application window has none.
 */
export function ConfirmEmailNote({ email: given }: { email?: string | undefined }) {
  const [asked, setAsked] = useState<string | null>(null);
  const [resend, setResend] = useState<Resend>({ state: 'idle' });
  useEffect(() => {
    if (given) return;
    let live = true;
    applicantApi('/api/job-applicants/me', { schema: profileAnswer })
      .then((me) => {
        if (live) setAsked(me.email);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [given]);
  const email = given ?? asked;

  async function send() {
    setResend({ state: 'sending' });
    try {
      const res = await applicantApi('/api/job-applicants/resend-confirmation', {
        method: 'POST',
        schema: messageAnswer,
      });
      setResend({ state: 'sent', message: res.message });
    } catch (error) {
      const message =
        error instanceof ApiError && error.message
          ? error.message
          : 'We could not send the e-mail. Please try again.';
      setResend({ state: 'failed', message });
    }
  }

  return (
    <div className="rc-notice rc-confirm" role="region" aria-label="Confirm your e-mail address">
      <p>
        <strong>Please confirm your e-mail address.</strong>
      </p>
      <p>
        We sent a link to{' '}
        {email ? <strong className="rc-confirm__email">{email}</strong> : 'your e-mail address'}. Until you
        click it, we keep your applications on hold and do not pass them on to employers.
      </p>
      <button
        type="button"
        className="rc-btn rc-btn--ghost"
        onClick={() => void send()}
        disabled={resend.state === 'sending'}
      >
        {resend.state === 'sending' ? 'Sending…' : 'Resend the e-mail'}
      </button>
      <div aria-live="polite">
        {resend.state === 'sent' && <p role="status">{resend.message}</p>}
        {resend.state === 'failed' && (
          <p role="alert" className="rc-error">
            {resend.message}
          </p>
        )}
      </div>
    </div>
  );
}
