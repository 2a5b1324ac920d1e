import { useState } from 'react';
import { studentSession } from '#site/lib/session.ts';
import type { StudentProfile } from '#schemas/users.ts';
import { usersContract } from './contract.ts';
import { Field, Notice } from './fields.tsx';
import { RecordActions, RecordForm } from './records.tsx';
import { deleteRecord, messageResponse, noticeOf, runAction, type PanelNotice } from './panel-helpers.ts';

/** Languages tab: language qualifications (free text such as a test score). */
export function LanguagesPanel({ user, refresh }: { user: StudentProfile; refresh: () => Promise<void> }) {
  const [qualification, setQualification] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    setNotice(null);
    const body = { qualification, ...(editing ? { _id: editing } : {}) };
    const contract = await usersContract().catch(() => null);
    if (!contract)
      return setNotice({
        kind: 'error',
        text: editing ? 'Failed to update language qualification' : 'Failed to add language qualification',
      });
    const { languageSchema, fieldErrors } = contract;
    const parsed = languageSchema.safeParse(body);
    if (!parsed.success)
      return setError(fieldErrors(parsed.error).qualification ?? 'Qualification is required');
    setError('');
    setBusy(true);
    const result = await runAction(
      () => studentSession.call('/api/users/language', { method: 'POST', body, schema: messageResponse }),
      editing ? 'Failed to update language qualification' : 'Failed to add language qualification',
    );
    setBusy(false);
    setNotice(noticeOf(result));
    if (!result.ok) return;
    setQualification('');
    setEditing(null);
    await refresh();
  }

  async function remove(id: string) {
    const outcome = await deleteRecord(
      `/api/users/language/${id}`,
      'Are you sure you want to delete this language qualification?',
      'Failed to delete language qualification',
    );
    if (outcome) setNotice(outcome);
    if (outcome?.kind === 'success') await refresh();
  }

  return (
    <div className="st-stack">
      <h2>Languages</h2>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {user.language.length === 0 ? (
        <p className="st-muted">No language qualifications yet.</p>
      ) : (
        <ul className="st-list" aria-label="Language qualifications">
          {user.language.map((l) => (
            <li key={l._id} className="st-list__item">
              <p className="st-list__title">{l.qualification}</p>
              <RecordActions
                name={l.qualification}
                action="Edit"
                onAction={() => {
                  setEditing(l._id);
                  setQualification(l.qualification);
                }}
                onDelete={() => void remove(l._id)}
              />
            </li>
          ))}
        </ul>
      )}
      <RecordForm
        label={editing ? 'Edit language qualification' : 'Add language qualification'}
        onSubmit={save}
        busy={busy}
        submitLabel={editing ? 'Update Language' : 'Add Language'}
        onCancel={
          editing
            ? () => {
                setEditing(null);
                setQualification('');
              }
            : undefined
        }
      >
        <Field
          label="Language Qualification"
          name="qualification"
          value={qualification}
          onChange={(e) => setQualification(e.target.value)}
          error={error}
          placeholder="e.g. IELTS Academic 7.5"
        />
      </RecordForm>
    </div>
  );
}
