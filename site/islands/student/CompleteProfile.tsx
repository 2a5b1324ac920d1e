import { useRef, useState } from 'react';
import type { ProfileDetails, StudentProfile } from '#schemas/users.ts';
import { studentSession } from '#site/lib/session.ts';
import { usersContract } from './contract.ts';
import { Field, Notice, SelectField } from './fields.tsx';
import { messageResponse, noticeOf, runAction, type PanelNotice } from './panel-helpers.ts';
import { academicStatuses } from './academic-statuses.ts';

const FAILED = 'Failed to save your details';

/**
 * The details a student profile still lacks, asked for on the dashboard. A person who signed in at
 * /login from another role (a job seeker, a partner's owner) has a student profile made from what
 * they told us there (functions/services/accounts/people.ts), so only the rest is asked: usually
 * academic status and address.
 */
export function CompleteProfile({ user, refresh }: { user: StudentProfile; refresh: () => Promise<void> }) {
  const [form, setForm] = useState<ProfileDetails>({
    fullName: user.fullName,
    academicStatus: user.academicStatus,
    contactNumber: user.contactNumber,
    currentAddress: user.currentAddress,
  });
  // Asked once: the fields missing when the card opened stay on it while the person fills them in.
  const [missing] = useState(() =>
    (Object.keys(form) as (keyof ProfileDetails)[]).filter((key) => !form[key].trim()),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const set = (key: keyof ProfileDetails) => (e: { target: { value: string } }) => {
    const { value } = e.target;
    setForm((f) => ({ ...f, [key]: value }));
  };

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    setNotice(null);
    const contract = await usersContract().catch(() => null);
    if (!contract) return setNotice({ kind: 'error', text: FAILED });
    const parsed = contract.profileDetailsSchema.safeParse(form);
    if (!parsed.success) return setErrors(contract.fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    const result = await runAction(
      () =>
        studentSession.call('/api/users/profile', {
          method: 'PUT',
          body: parsed.data,
          schema: messageResponse,
        }),
      FAILED,
    );
    setBusy(false);
    setNotice(noticeOf(result));
    if (!result.ok) return;
    heading.current?.focus();
    await refresh();
  }

  const labels: Record<keyof ProfileDetails, string> = {
    fullName: 'Full name',
    academicStatus: 'Academic status',
    contactNumber: 'Contact number',
    currentAddress: 'Address',
  };
  return (
    <section className="st-card st-complete" aria-labelledby="complete-profile-heading">
      <h2 id="complete-profile-heading" ref={heading} tabIndex={-1}>
        Complete your student profile
      </h2>
      <p className="st-muted">
        You signed in with the account you already have with us. To apply to programs, add what your student
        profile still needs.
      </p>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <form className="st-form" noValidate onSubmit={(e) => void save(e)}>
        {missing.map((key) =>
          key === 'academicStatus' ? (
            <SelectField
              key={key}
              label={labels[key]}
              name={key}
              value={form[key]}
              onChange={set(key)}
              options={academicStatuses}
              placeholder="Select your academic status"
              error={errors[key]}
            />
          ) : (
            <Field
              key={key}
              label={labels[key]}
              name={key}
              value={form[key]}
              onChange={set(key)}
              autoComplete={
                key === 'currentAddress' ? 'street-address' : key === 'contactNumber' ? 'tel' : 'name'
              }
              error={errors[key]}
            />
          ),
        )}
        <button type="submit" className="st-button" disabled={busy}>
          {busy ? 'Saving…' : 'Save details'}
        </button>
      </form>
    </section>
  );
}
