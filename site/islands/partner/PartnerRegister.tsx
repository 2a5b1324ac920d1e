import { useEffect, useRef, useState, type MouseEvent, type SubmitEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { withQuery } from '../common/with-query.tsx';
import { storageKeys } from '#site/lib/storage.ts';
import { leaveSignInHint } from '#site/lib/sign-in-hint.ts';
import { registrationSteps } from '#schemas/partner-text.ts';
import type { PartnerRegisterForm, PartnerRegisterInput } from '#schemas/partner.ts';
import { useLazy } from '#site/lib/lazy.ts';
import { partnerContract } from './contract.ts';
import { CheckboxField, TextField, messageOf } from './fields.tsx';
import { DRAFT_KEY, empty, readDraft, writeDraft } from './register-draft.ts';
import { LegalDialog, loadLegal, type LegalDocument } from '../common/LegalDialog.tsx';
import { prefetch } from '#site/lib/lazy.ts';
import { useTypedBeforeHydration } from '#site/lib/typed-before-hydration.ts';

type Field = keyof PartnerRegisterForm;
type TextKey = Exclude<Field, 'agreeToTerms'>;

const fieldText: Record<
  TextKey,
  { label: string; placeholder: string; type?: 'email' | 'tel' | 'password'; autoComplete?: string }
> = {
  companyName: {
    label: 'Company Name',
    placeholder: 'Enter your company name',
    autoComplete: 'organization',
  },
  companyHQ: { label: 'Company Headquarters', placeholder: 'City, country', autoComplete: 'address-level2' },
  ownerFirstName: { label: 'Owner First Name', placeholder: 'First name', autoComplete: 'given-name' },
  ownerLastName: { label: 'Owner Last Name', placeholder: 'Last name', autoComplete: 'family-name' },
  ownerEmail: {
    label: 'Owner Email',
    placeholder: 'owner@company.com',
    type: 'email',
    autoComplete: 'email',
  },
  ownerPhoneNumber: {
    label: 'Owner Phone Number',
    placeholder: '+44 20 7946 0000',
    type: 'tel',
    autoComplete: 'tel',
  },
  ownerDesignation: {
    label: 'Owner Designation',
    placeholder: 'e.g. Managing Director',
    autoComplete: 'organization-title',
  },
  ownerNationality: { label: 'Owner Nationality', placeholder: 'e.g. British' },
  contactFirstName: { label: 'Contact First Name', placeholder: 'First name', autoComplete: 'off' },
  contactLastName: { label: 'Contact Last Name', placeholder: 'Last name', autoComplete: 'off' },
  contactDesignation: { label: 'Contact Designation', placeholder: 'e.g. HR Manager', autoComplete: 'off' },
  contactPhoneNumber: {
    label: 'Contact Phone Number',
    placeholder: '+44 20 7946 0000',
    type: 'tel',
    autoComplete: 'off',
  },
  contactEmail: {
    label: 'Contact Email',
    placeholder: 'contact@company.com',
    type: 'email',
    autoComplete: 'off',
  },
  password: {
    label: 'Password',
    placeholder: 'At least 6 characters',
    type: 'password',
    autoComplete: 'new-password',
  },
  confirmPassword: {
    label: 'Confirm Password',
    placeholder: 'Repeat the password',
    type: 'password',
    autoComplete: 'new-password',
  },
};

const stepIntro = [
  'Tell us about your company.',
  'Who owns or leads the company? We use the owner email to sign in.',
  'Who should we contact about requests?',
  'Choose a password and accept the terms.',
];

function RegisterForm() {
  const [values, setValues] = useState<PartnerRegisterForm>(empty);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [step, setStep] = useState(0);
  const [failure, setFailure] = useState('');
  const [taken, setTaken] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const restored = useRef(false);

  // Restored after hydration (the pre-rendered HTML is the empty first step), then saved on change.
  useEffect(() => {
    const draft = readDraft();
    if (draft) {
      setValues((v) => ({ ...v, ...draft.values }));
      setStep(draft.step);
    }
    restored.current = true;
  }, []);
  useEffect(() => {
    if (restored.current) writeDraft(step, values);
  }, [step, values]);
  // After the draft: what was typed before hydration is newer than what was saved.
  const formRef = useTypedBeforeHydration();

  const openLegal = (which: LegalDocument) => (e: MouseEvent<HTMLAnchorElement>) => {
    // A new tab (Ctrl/Cmd-click, middle click) still opens the page; a plain click opens the dialog.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setLegal(which);
  };

  const [contract, loadContract, warmContract] = useLazy(partnerContract);
  type Contract = NonNullable<typeof contract>;
  const errorOf = (f: Field) => (touched[f] ? contract?.registrationFieldError(f, values) : undefined);
  const set = <K extends Field>(f: K, v: PartnerRegisterForm[K]) =>
    setValues((prev) => ({ ...prev, [f]: v }));
  const touch = (fields: readonly Field[]) =>
    setTouched((prev) => ({ ...prev, ...Object.fromEntries(fields.map((f) => [f, true])) }));

  const current = registrationSteps[step]!;
  const stepValid = (c: Contract, i: number) =>
    registrationSteps[i]!.fields.every((f) => !c.registrationFieldError(f, values));

  const focusFirstError = (c: Contract, fields: readonly Field[]) => {
    const bad = fields.find((f) => c.registrationFieldError(f, values));
    if (bad) requestAnimationFrame(() => document.getElementById(bad)?.focus());
  };

  const goTo = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const register = useMutation({
    mutationFn: (body: PartnerRegisterInput) =>
      api('/api/partner/register', {
        method: 'POST',
        body: { ...body },
        schema: schemaFrom(partnerContract, 'partnerRegisterResponse'),
      }),
    onSuccess: (res, body) => {
      if (!res?.data) {
        setFailure(res?.message || 'Registration failed');
        return;
      }
      restored.current = false;
      sessionStorage.removeItem(DRAFT_KEY);
      localStorage.setItem(storageKeys.partnerEmail, res.data.ownerEmail ?? body.ownerEmail);
      localStorage.setItem(storageKeys.partnerPhone, res.data.ownerPhoneNumber ?? body.ownerPhoneNumber);
      localStorage.setItem(storageKeys.partnerRegistration, res.data._id);
      setTimeout(() => window.location.replace('/verify-your-partner-account'), 100);
    },
    onError: (error) => {
      setTaken(error instanceof ApiError && error.status === 409);
      setFailure(
        error instanceof ApiError
          ? messageOf(error, 'Registration failed. Please try again.')
          : 'Registration failed. Please try again.',
      );
    },
  });

  /** The address has an account already: to its sign-in, with the address filled in. */
  const signInInstead = () => {
    leaveSignInHint({
      email: values.ownerEmail.trim(),
      note: 'This e-mail address already has a partner account. Log in with its password, or use Forgot Password.',
    });
    window.location.assign('/login-partner-account');
  };

  const onSubmit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure('');
    touch(current.fields);
    let c: Contract;
    try {
      c = await loadContract();
    } catch {
      setFailure('Registration failed. Please try again.');
      return;
    }
    if (!stepValid(c, step)) {
      focusFirstError(c, current.fields);
      return;
    }
    if (step < registrationSteps.length - 1) {
      goTo(step + 1);
      return;
    }
    const earlier = registrationSteps.findIndex((_, i) => !stepValid(c, i));
    if (earlier !== -1) {
      touch(registrationSteps[earlier]!.fields);
      goTo(earlier);
      return;
    }
    const { confirmPassword: _c, agreeToTerms: _a, ...body } = values;
    register.mutate(body);
  };

  const busy = register.isPending || register.isSuccess;

  return (
    <form
      ref={formRef}
      className="pt-card pt-register"
      onFocus={warmContract}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="pt-register-title"
    >
      <p className="pt-eyebrow">Become our partner</p>
      <h1 id="pt-register-title" className="pt-title">
        Partner registration
      </h1>

      <ol className="pt-steps" aria-label="Registration steps">
        {registrationSteps.map((s, i) => (
          <li
            key={s.title}
            className={i === step ? 'is-current' : i < step ? 'is-done' : undefined}
            aria-current={i === step ? 'step' : undefined}
          >
            <span className="pt-step-number" aria-hidden="true">
              {i < step ? '✓' : i + 1}
            </span>
            <span className="pt-step-name">{s.title}</span>
          </li>
        ))}
      </ol>
      <div
        className="pt-progress"
        role="progressbar"
        aria-label="Registration progress"
        aria-valuemin={1}
        aria-valuemax={4}
        aria-valuenow={step + 1}
        aria-valuetext={`Step ${step + 1} of 4: ${current.title}`}
      >
        <div className="pt-progress-bar" data-step={step + 1} />
      </div>

      <h2 className="pt-step-title" tabIndex={-1} ref={headingRef}>
        Step {step + 1} of 4: {current.title}
      </h2>
      <p className="pt-muted">{stepIntro[step]}</p>

      <div className="pt-grid">
        {current.fields.map((f) =>
          f === 'agreeToTerms' ? (
            <CheckboxField
              key={f}
              id={f}
              label="Terms"
              required
              checked={values.agreeToTerms}
              error={errorOf(f)}
              onChange={(v) => {
                set(f, v);
                touch([f]);
              }}
              onBlur={() => touch([f])}
            >
              I agree to the{' '}
              <a
                href="/terms"
                aria-haspopup="dialog"
                onClick={openLegal('terms')}
                onPointerEnter={prefetch(loadLegal)}
                onFocus={prefetch(loadLegal)}
              >
                Terms and Conditions
              </a>{' '}
              and the{' '}
              <a
                href="/privacy"
                aria-haspopup="dialog"
                onClick={openLegal('privacy')}
                onPointerEnter={prefetch(loadLegal)}
                onFocus={prefetch(loadLegal)}
              >
                Privacy Policy
              </a>
              .
            </CheckboxField>
          ) : (
            <TextField
              key={f}
              id={f}
              required
              label={fieldText[f].label}
              placeholder={fieldText[f].placeholder}
              type={fieldText[f].type ?? 'text'}
              {...(fieldText[f].autoComplete ? { autoComplete: fieldText[f].autoComplete } : {})}
              value={values[f]}
              error={errorOf(f)}
              onChange={(v) => set(f, v)}
              onBlur={() => touch([f])}
            />
          ),
        )}
      </div>

      {failure && (
        <p className="pt-banner pt-banner-error" role="alert">
          {failure}
        </p>
      )}
      {failure && taken && (
        <button type="button" className="pt-button pt-button-secondary" onClick={signInInstead}>
          Sign in instead
        </button>
      )}

      <div className="pt-actions">
        {step > 0 && (
          <button
            type="button"
            className="pt-button pt-button-secondary"
            onClick={() => goTo(step - 1)}
            disabled={busy}
          >
            Back
          </button>
        )}
        <button type="submit" className="pt-button" disabled={busy} aria-disabled={busy || undefined}>
          {step < 3 ? 'Next' : busy ? 'Registering...' : 'Register'}
        </button>
      </div>

      <p className="pt-footnote">
        Already a partner? <a href="/login-partner-account">Log in to your partner account</a>
      </p>
      <LegalDialog document={legal} onClose={() => setLegal(null)} />
    </form>
  );
}

export default withQuery(RegisterForm);
