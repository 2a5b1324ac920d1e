import { useState } from 'react';
import { studentSession } from '#site/lib/session.ts';
import { schemaFrom } from '#site/lib/api.ts';
import type { StudentProfile } from '#schemas/users.ts';
import { prefetch } from '#site/lib/lazy.ts';
import { usersContract } from './contract.ts';
import { Field, Notice } from './fields.tsx';
import { runAction } from './panel-helpers.ts';

const message = schemaFrom(usersContract, 'messageResponse');

/** Languages tab: language qualifications (free text such as a test score). */
export function LanguagesPanel({ user, refresh }: { user: StudentProfile; refresh: () => Promise<void> }) {
  const [qualification, setQualification] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
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
      () => studentSession.call('/api/users/language', { method: 'POST', body, schema: message }),
      editing ? 'Failed to update language qualification' : 'Failed to add language qualification',
    );
    setBusy(false);
    if (!result.ok) return setNotice({ kind: 'error', text: result.message });
    setNotice({ kind: 'success', text: result.value.message });
    setQualification('');
    setEditing(null);
    await refresh();
  }

  async function remove(id: string) {
    if (!window.confirm('Are you sure you want to delete this language qualification?')) return;
    const result = await runAction(
      () => studentSession.call(`/api/users/language/${id}`, { method: 'DELETE', schema: message }),
      'Failed to delete language qualification',
    );
    if (!result.ok) return setNotice({ kind: 'error', text: result.message });
    setNotice({ kind: 'success', text: result.value.message });
    await refresh();
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
              <div className="st-row">
                <button
                  type="button"
                  className="st-button st-button--small st-button--secondary"
                  onClick={() => {
                    setEditing(l._id);
                    setQualification(l.qualification);
                  }}
                  aria-label={`Edit ${l.qualification}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="st-button st-button--small st-button--danger"
                  onClick={() => remove(l._id)}
                  aria-label={`Delete ${l.qualification}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        className="st-card"
        onFocus={prefetch(usersContract)}
        onSubmit={save}
        noValidate
        aria-label={editing ? 'Edit language qualification' : 'Add language qualification'}
      >
        <Field
          label="Language Qualification"
          name="qualification"
          value={qualification}
          onChange={(e) => setQualification(e.target.value)}
          error={error}
          placeholder="e.g. IELTS Academic 7.5"
        />
        <div className="st-row">
          <button type="submit" className="st-button" disabled={busy}>
            {busy ? 'Saving...' : editing ? 'Update Language' : 'Add Language'}
          </button>
          {editing && (
            <button
              type="button"
              className="st-button st-button--secondary"
              onClick={() => {
                setEditing(null);
                setQualification('');
              }}
            >
              Cancel
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
