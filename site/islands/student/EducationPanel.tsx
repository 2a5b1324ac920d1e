import { useRef, useState } from 'react';
import { studentSession } from '#site/lib/session.ts';
import { educationLevels } from '#schemas/users-text.ts';
import type { EducationDto, StudentProfile } from '#schemas/users.ts';
import { usersContract } from './contract.ts';
import { Field, Notice, SelectField } from './fields.tsx';
import { RecordActions, RecordForm } from './records.tsx';
import { deleteRecord, messageResponse, noticeOf, runAction, type PanelNotice } from './panel-helpers.ts';

type Form = Record<
  | 'educationLevel'
  | 'instituteName'
  | 'program'
  | 'degree'
  | 'passingYear'
  | 'startDate'
  | 'expectedEndDate'
  | 'country'
  | 'studyLanguage'
  | 'gpa',
  string
>;
const blank: Form = {
  educationLevel: '',
  instituteName: '',
  program: '',
  degree: '',
  passingYear: '',
  startDate: '',
  expectedEndDate: '',
  country: '',
  studyLanguage: '',
  gpa: '',
};
const formKeys = Object.keys(blank) as (keyof Form)[];
const fromRecord = (r: EducationDto): Form =>
  Object.fromEntries(formKeys.map((k) => [k, r[k] ?? ''])) as Form;

/** Education Information tab: add, edit (with _id) and delete records (spec 2 sections 4 and 5). */
export function EducationPanel({ user, refresh }: { user: StudentProfile; refresh: () => Promise<void> }) {
  const [form, setForm] = useState<Form>(blank);
  const [editing, setEditing] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    // Read now: the updater runs later, after React may have put a controlled field back.
    const { value } = e.target;
    setForm((f) => ({ ...f, [k]: value }));
  };

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    setNotice(null);
    const contract = await usersContract().catch(() => null);
    if (!contract)
      return setNotice({
        kind: 'error',
        text: editing ? 'Failed to update education information' : 'Failed to add education information',
      });
    const { educationSchema, fieldErrors } = contract;
    const parsed = educationSchema.safeParse({ ...form, ...(editing ? { _id: editing } : {}) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await runAction(
      () =>
        studentSession.call('/api/users/education', {
          method: 'POST',
          body: { ...form, ...(editing ? { _id: editing } : {}) },
          schema: messageResponse,
        }),
      editing ? 'Failed to update education information' : 'Failed to add education information',
    );
    setBusy(false);
    setNotice(noticeOf(result));
    if (!result.ok) return;
    // The button pressed was switched off while saving: the panel's heading, above the message and
    // the saved record, takes the focus instead of the page.
    heading.current?.focus();
    setForm(blank);
    setEditing(null);
    await refresh();
  }

  async function remove(id: string) {
    const outcome = await deleteRecord(
      `/api/users/education/${id}`,
      'Are you sure you want to delete this education record?',
      'Failed to delete education information',
    );
    if (outcome) setNotice(outcome);
    if (outcome?.kind !== 'success') return;
    if (editing === id) {
      setEditing(null);
      setForm(blank);
    }
    await refresh();
  }

  return (
    <div className="st-stack">
      <h2 ref={heading} tabIndex={-1}>
        Education Information
      </h2>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {user.education.length === 0 ? (
        <p className="st-muted">No education records yet. Add your first one below.</p>
      ) : (
        <ul className="st-list" aria-label="Education records">
          {user.education.map((r) => (
            <li key={r._id} className="st-list__item">
              <div>
                <p className="st-list__title">
                  {r.degree} in {r.program}
                </p>
                <p className="st-muted">
                  {r.educationLevel} · {r.instituteName}
                  {r.passingYear ? ` · ${r.passingYear}` : ''}
                  {r.gpa ? ` · GPA ${r.gpa}` : ''}
                </p>
              </div>
              <RecordActions
                name={`${r.degree} at ${r.instituteName}`}
                action="Edit"
                onAction={() => {
                  setEditing(r._id);
                  setForm(fromRecord(r));
                  setErrors({});
                }}
                onDelete={() => void remove(r._id)}
              />
            </li>
          ))}
        </ul>
      )}
      <RecordForm
        label={editing ? 'Edit education record' : 'Add education record'}
        grid
        onSubmit={save}
        busy={busy}
        submitLabel={editing ? 'Update Education' : 'Add Education'}
        onCancel={
          editing
            ? () => {
                setEditing(null);
                setForm(blank);
                setErrors({});
              }
            : undefined
        }
      >
        <h3 className="st-span">{editing ? 'Edit education record' : 'Add education record'}</h3>
        <SelectField
          label="Education Level"
          name="educationLevel"
          value={form.educationLevel}
          onChange={set('educationLevel')}
          error={errors.educationLevel}
          options={educationLevels}
          placeholder="Select level"
        />
        <Field
          label="Institute Name"
          name="instituteName"
          value={form.instituteName}
          onChange={set('instituteName')}
          error={errors.instituteName}
        />
        <Field
          label="Program"
          name="program"
          value={form.program}
          onChange={set('program')}
          error={errors.program}
          placeholder="e.g. Computer Science"
        />
        <Field
          label="Degree"
          name="degree"
          value={form.degree}
          onChange={set('degree')}
          error={errors.degree}
          placeholder="e.g. BSc"
        />
        <Field
          label="Passing Year (optional)"
          name="passingYear"
          inputMode="numeric"
          value={form.passingYear}
          onChange={set('passingYear')}
          error={errors.passingYear}
        />
        <Field label="GPA (optional)" name="gpa" value={form.gpa} onChange={set('gpa')} error={errors.gpa} />
        <Field
          label="Start Date (optional)"
          name="startDate"
          type="date"
          value={form.startDate}
          onChange={set('startDate')}
          error={errors.startDate}
        />
        <Field
          label="Expected End Date (optional)"
          name="expectedEndDate"
          type="date"
          value={form.expectedEndDate}
          onChange={set('expectedEndDate')}
          error={errors.expectedEndDate}
        />
        <Field
          label="Country (optional)"
          name="country"
          value={form.country}
          onChange={set('country')}
          error={errors.country}
        />
        <Field
          label="Study Language (optional)"
          name="studyLanguage"
          value={form.studyLanguage}
          onChange={set('studyLanguage')}
          error={errors.studyLanguage}
        />
      </RecordForm>
    </div>
  );
}
