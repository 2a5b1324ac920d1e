import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { withQuery } from '../common/with-query.tsx';
import { api, ApiError } from '#site/lib/api.ts';
import { asksForSignInCode } from '#site/lib/sign-in-code.ts';
import { SIGN_IN_CODE_WRONG } from '#schemas/sign-in.ts';
import { useSignOutEverywhere } from '../common/use-sign-out-everywhere.ts';
import { RECOVERY_CODES_LOW, staffProfileSchema, staffSignInSchema } from '#schemas/admin/index.ts';
import { adminApi, forgetLegacyToken, goToLogin, signOut, type StaffProfile } from './session.ts';
import { AdminAlert } from './AdminAlert.tsx';
import { Dashboard } from './screens/dashboard.tsx';
import { Inbox } from './screens/inbox.tsx';
import { Applications } from './screens/applications.tsx';
import { Partners } from './screens/partners.tsx';
import { PartnerRequests } from './screens/partner-requests.tsx';
import { JobApplications } from './screens/job-applications.tsx';
import { Staff } from './screens/staff.tsx';
import { Audit } from './screens/audit.tsx';
import { Payments } from './Payments.tsx';
import { Content } from './screens/content.tsx';
import { CodeStep, EmailCodeField, Enrol, Security, typedCode } from './TwoStep.tsx';
import { FailedMail } from './FailedMail.tsx';
import { ConsultationCalendar } from './ConsultationCalendar.tsx';
import { Counsellors } from './Counsellors.tsx';
import { PrivacyRequests } from './PrivacyRequests.tsx';
import { companyName } from './brand.ts';
import { TextField } from '../common/fields.tsx';
import { adminLook } from './look.ts';
import { AdminForm } from './AdminForm.tsx';

export type Section =
  | 'login'
  | 'dashboard'
  | 'inbox'
  | 'applications'
  | 'partners'
  | 'partner-requests'
  | 'job-applications'
  | 'payments'
  | 'content'
  | 'staff'
  | 'audit'
  | 'mail'
  | 'consultations'
  | 'counsellors'
  | 'security'
  | 'privacy'
  | 'insight';

const nav: { section: Section; href: string; label: string; adminOnly: boolean }[] = [
  { section: 'dashboard', href: '/admin', label: 'Dashboard', adminOnly: false },
  // Editors see its content figures (sources and pages); the rest is for admins.
  { section: 'insight', href: '/admin/insight', label: 'Insight', adminOnly: false },
  { section: 'inbox', href: '/admin/inbox', label: 'Inbox', adminOnly: true },
  { section: 'applications', href: '/admin/applications', label: 'Program applications', adminOnly: true },
  { section: 'partners', href: '/admin/partners', label: 'Partners', adminOnly: true },
  {
    section: 'partner-requests',
    href: '/admin/partner-requests',
    label: 'Partner requests',
    adminOnly: true,
  },
  {
    section: 'job-applications',
    href: '/admin/job-applications',
    label: 'Job applications',
    adminOnly: true,
  },
  { section: 'payments', href: '/admin/payments', label: 'Payments', adminOnly: true },
  { section: 'content', href: '/admin/content', label: 'Content', adminOnly: false },
  { section: 'staff', href: '/admin/staff', label: 'Staff', adminOnly: true },
  { section: 'audit', href: '/admin/audit', label: 'Audit log', adminOnly: true },
  { section: 'privacy', href: '/admin/privacy', label: 'Privacy requests', adminOnly: true },
  { section: 'mail', href: '/admin/mail', label: 'Failed mail', adminOnly: false },
  { section: 'security', href: '/admin/security', label: 'Two-step sign-in', adminOnly: false },
  { section: 'consultations', href: '/admin/consultations', label: 'Consultations', adminOnly: true },
  // Editors too: an admin may open a counsellor's hours to them (the list shows only those).
  { section: 'counsellors', href: '/admin/counsellors', label: 'Counsellors', adminOnly: false },
];

// The insight screen and its charts load only when it is opened: the rest of the back office never
// downloads them.
const Insight = lazy(() => import('./insight/Insight.tsx'));

/** The back office: one island per static shell; which section it shows is the page's prop. */
function AdminApp({ section }: { section: Section }) {
  forgetLegacyToken();
  return section === 'login' ? <Login /> : <Shell section={section} />;
}

export default withQuery(AdminApp);

function Login() {
  const params = new URLSearchParams(location.search);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The server's "we've e-mailed you a code" (an admin's first sign-in, before an authenticator is
  // linked; or a browser the account does not know, past its limit): the form then sends the code
  // with the e-mail and password again, from this browser, which alone holds the code's challenge.
  const [codeSent, setCodeSent] = useState('');
  const [code, setCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<'password' | 'mfa' | 'enrol'>('password');
  const enter = () => {
    const next = params.get('next');
    location.assign(next && next.startsWith('/admin') && !next.startsWith('//') ? next : '/admin');
  };
  // `withCode` false: the password again without the code, which has a new code e-mailed.
  const login = useMutation({
    mutationFn: (withCode: boolean) =>
      api('/api/admin/auth/login', {
        method: 'POST',
        body: { email, password, ...(withCode && codeSent ? { code: typedCode(code) } : {}) },
        credentials: 'same-origin',
        schema: staffSignInSchema,
      }),
    onSuccess: (answer) => {
      setPassword('');
      setCodeSent('');
      setCode('');
      if (answer.step === 'signed-in') enter();
      else setStep(answer.step);
    },
    onError: (error) => {
      if (!asksForSignInCode(error)) return;
      setCodeSent(error.message);
      setCode('');
    },
  });
  useEffect(() => {
    if (codeSent) codeInput.current?.focus();
  }, [codeSent]);
  const restart = () => {
    login.reset();
    setCodeSent('');
    setCode('');
    setStep('password');
  };
  // Asking for the code is not a failure: it shows as the code step, not as an error.
  const failed = login.isError && !asksForSignInCode(login.error);
  const codeWrong =
    failed &&
    login.error instanceof ApiError &&
    (login.error.message === SIGN_IN_CODE_WRONG || 'code' in login.error.fields);
  const describedBy = failed ? 'login-error' : undefined;
  return (
    <main id="main" className="admin-login">
      <h1>Staff sign-in</h1>
      <p className="admin-muted">{companyName()} back office. Staff accounts only.</p>
      {params.get('reason') === 'expired' && step === 'password' && !codeSent && (
        <p role="status">Your session has ended. Please sign in again.</p>
      )}
      {step === 'mfa' && <CodeStep onSignedIn={enter} onRestart={restart} />}
      {step === 'enrol' && <Enrol signingIn onDone={enter} />}
      {step === 'password' && (
        <AdminForm onSubmit={() => login.mutate(true)}>
          <TextField
            look={adminLook}
            id="staff-email"
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              // A code goes to one address: another address starts again.
              if (codeSent) restart();
            }}
            aria-describedby={codeWrong ? undefined : describedBy}
            aria-invalid={(failed && !codeWrong) || undefined}
          />
          <TextField
            look={adminLook}
            id="staff-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={codeWrong ? undefined : describedBy}
            aria-invalid={(failed && !codeWrong) || undefined}
          />
          {codeSent && (
            <>
              <p role="status" className="admin-message">
                {codeSent}
              </p>
              <EmailCodeField
                id="staff-email-code"
                ref={codeInput}
                email={email}
                value={code}
                onChange={setCode}
                invalid={codeWrong}
                describedBy={codeWrong ? describedBy : undefined}
              />
            </>
          )}
          <button type="submit" className="admin-button" disabled={login.isPending}>
            {login.isPending ? 'Signing in…' : 'Sign in'}
          </button>
          <div aria-live="assertive">{failed && <AdminAlert error={login.error} id="login-error" />}</div>
          {codeSent && (
            <p>
              <button
                type="button"
                className="link-button admin-link"
                onClick={() => login.mutate(false)}
                disabled={login.isPending}
              >
                Send a new code
              </button>
            </p>
          )}
        </AdminForm>
      )}
    </main>
  );
}

/** Sign out (this device) and sign out of all devices: both end sessions on the server first. */
function SignOutButtons() {
  const everywhere = useSignOutEverywhere(() => signOut({ everywhere: true }));
  return (
    <>
      <button type="button" className="admin-button admin-button--quiet" onClick={() => void signOut()}>
        Sign out
      </button>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        onClick={() => void everywhere.run()}
        disabled={everywhere.busy}
      >
        {everywhere.busy ? 'Signing out…' : 'Sign out of all devices'}
      </button>
      {everywhere.error && (
        <p role="alert" className="admin-error">
          {everywhere.error}
        </p>
      )}
    </>
  );
}

/**
 * Few recovery codes left: said on every back-office page until new ones are made,
 * since a lost phone with no code left locks the person out until another admin resets them.
 */
function RecoveryCodesWarning({ me, section }: { me: StaffProfile; section: Section }) {
  const left = me.mfa.recoveryCodesLeft;
  if (!me.mfa.enabled || left >= RECOVERY_CODES_LOW) return null;
  return (
    <p className="admin-error admin-error--box" role="status" data-testid="recovery-codes-low">
      {left === 0
        ? 'You have no recovery codes left.'
        : `You have only ${left} recovery code${left === 1 ? '' : 's'} left.`}{' '}
      If you lose your phone, a recovery code is the only way in without another admin.{' '}
      {section === 'security' ? (
        'Make new ones below.'
      ) : (
        <a href="/admin/security">Make new recovery codes</a>
      )}
    </p>
  );
}

function Shell({ section }: { section: Section }) {
  // The session cookie is HttpOnly: whether there is a session is the server's answer to /auth/me
  // (401 sends the person to the sign-in page, see adminApi).
  const me = useQuery({
    queryKey: ['admin', 'me'],
    queryFn: () => adminApi('/auth/me', { schema: staffProfileSchema }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (me.isPending) return <p className="admin-loading">Loading…</p>;
  if (me.isError) {
    // An admin whose second factor was reset: back to sign-in, where they set up a new one.
    if (me.error instanceof ApiError && me.error.status === 403) goToLogin();
    return <AdminAlert error={me.error} />;
  }
  const profile = me.data;
  const item = nav.find((n) => n.section === section);
  const allowed = !item?.adminOnly || profile.role === 'admin';
  let body: ReactNode;
  if (!allowed) body = <p role="alert">Your role ({profile.role}) does not include this page.</p>;
  else if (section === 'dashboard') body = <Dashboard me={profile} />;
  else if (section === 'inbox') body = <Inbox />;
  else if (section === 'applications') body = <Applications />;
  else if (section === 'partners') body = <Partners />;
  else if (section === 'partner-requests') body = <PartnerRequests />;
  else if (section === 'job-applications') body = <JobApplications />;
  else if (section === 'payments') body = <Payments />;
  else if (section === 'content') body = <Content me={profile} />;
  else if (section === 'staff') body = <Staff me={profile} />;
  else if (section === 'mail') body = <FailedMail me={profile} />;
  else if (section === 'consultations') body = <ConsultationCalendar />;
  else if (section === 'counsellors') body = <Counsellors />;
  else if (section === 'security') body = <Security me={profile} />;
  else if (section === 'privacy') body = <PrivacyRequests />;
  else if (section === 'insight')
    body = (
      <Suspense fallback={<p className="admin-loading">Loading insight…</p>}>
        <Insight me={profile} />
      </Suspense>
    );
  else body = <Audit />;
  return (
    <div className="admin-shell">
      <a className="admin-skip" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <a href="/admin" className="admin-brand">
          {companyName()} <span>Back office</span>
        </a>
        <div className="admin-user">
          <span>
            {profile.name} ({profile.role})
          </span>
          <SignOutButtons />
        </div>
      </header>
      <nav className="admin-nav" aria-label="Back office">
        <ul>
          {nav
            .filter((n) => !n.adminOnly || profile.role === 'admin')
            .map((n) => (
              <li key={n.section}>
                <a href={n.href} aria-current={n.section === section ? 'page' : undefined}>
                  {n.label}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <main id="main" className="admin-main" tabIndex={-1}>
        <RecoveryCodesWarning me={profile} section={section} />
        {body}
      </main>
    </div>
  );
}
