import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { personTypeLabels, type PrivacyPerson } from '#schemas/privacy.ts';
import { notInProduction, schemaFrom } from '#site/lib/api.ts';

// schemas/privacy.ts is shared with the account pages' privacy panel, which ship no zod: the response
// schemas load only where answers are checked (development), so the shared chunk stays zod-free.
const privacyContract = () => (import.meta.env.DEV ? import('#schemas/privacy.ts') : notInProduction());
import { adminApi, downloadCsv, errorText, formatDate } from './session.ts';
import { AdminAlert } from './AdminAlert.tsx';
import { TextField } from '../common/fields.tsx';
import { adminLook } from './look.ts';
import { AdminForm } from './AdminForm.tsx';

/**
 * Privacy requests that arrived by e-mail (UK GDPR access, portability, erasure): find the person
 * by e-mail across students, partners and job applicants, then download their export or erase the
 * account. Admins only; each action is audited.
 */
export function PrivacyRequests() {
  const id = useId();
  const [email, setEmail] = useState('');
  const search = useMutation({
    mutationFn: (address: string) =>
      adminApi(`/privacy/people?email=${encodeURIComponent(address)}`, {
        schema: schemaFrom(privacyContract, 'privacySearchResponseSchema'),
      }),
  });
  return (
    <>
      <h1>Privacy requests</h1>
      <p className="admin-muted">
        For a request that arrived by e-mail: check the sender is the account holder (reply to the address on
        the account), then download their data or delete their account. People can do both themselves from
        their dashboards.
      </p>
      <AdminForm role="search" onSubmit={() => search.mutate(email.trim())}>
        <TextField
          look={adminLook}
          id={`${id}-email`}
          label="E-mail address of the person"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="admin-button" disabled={search.isPending}>
          {search.isPending ? 'Searching…' : 'Find accounts'}
        </button>
      </AdminForm>
      <div aria-live="polite">
        {search.isError && <AdminAlert error={search.error} />}
        {search.data &&
          (search.data.people.length === 0 ? (
            <p>No student, partner or job-applicant account uses this address.</p>
          ) : (
            <ul className="admin-privacy-list" aria-label="Accounts found">
              {search.data.people.map((p) => (
                <PersonCard
                  key={`${p.type}-${p.id}`}
                  person={p}
                  onErased={() => search.mutate(email.trim())}
                />
              ))}
            </ul>
          ))}
      </div>
    </>
  );
}

function PersonCard({ person, onErased }: { person: PrivacyPerson; onErased: () => void }) {
  const id = useId();
  const [confirmEmail, setConfirmEmail] = useState('');
  const [downloadError, setDownloadError] = useState('');
  const [done, setDone] = useState('');
  const erase = useMutation({
    mutationFn: () =>
      adminApi(`/privacy/${person.type}/${encodeURIComponent(person.id)}`, {
        method: 'DELETE',
        body: { confirmEmail },
        schema: schemaFrom(privacyContract, 'eraseResponseSchema'),
      }),
    onSuccess: (res) => setDone(res.message),
  });
  return (
    <li className="admin-detail">
      <h2>
        {personTypeLabels[person.type]}: {person.name}
      </h2>
      <p>
        {person.email} · registered {formatDate(person.createdAt)} ·{' '}
        {person.isVerified ? 'address verified' : 'address not verified'}
      </p>
      {done ? (
        <p role="status" className="admin-success">
          {done}{' '}
          <button type="button" className="admin-button admin-button--quiet" onClick={onErased}>
            Search again
          </button>
        </p>
      ) : (
        <>
          <p>
            <button
              type="button"
              className="admin-button"
              onClick={() => {
                setDownloadError('');
                downloadCsv(`/privacy/${person.type}/${encodeURIComponent(person.id)}/export`).catch(
                  (e: unknown) => setDownloadError(errorText(e)),
                );
              }}
            >
              Download their data (zip)
            </button>
            {downloadError && (
              <span role="alert" className="admin-error">
                {' '}
                {downloadError}
              </span>
            )}
          </p>
          <AdminForm onSubmit={() => erase.mutate()}>
            <h3>Delete this account</h3>
            <p className="admin-muted">
              Deletes the account, its records and files at once, keeps payments without the name and e-mail,
              and e-mails the person a confirmation. It cannot be undone.
            </p>
            <TextField
              look={adminLook}
              id={`${id}-confirm`}
              label="Type the account's e-mail to confirm"
              type="email"
              required
              value={confirmEmail}
              onChange={(e) => setConfirmEmail(e.target.value)}
              aria-describedby={erase.isError ? `${id}-err` : undefined}
            />
            <button
              type="submit"
              className="admin-button admin-button--danger"
              disabled={erase.isPending || confirmEmail.trim().toLowerCase() !== person.email.toLowerCase()}
            >
              {erase.isPending ? 'Deleting…' : 'Delete account and data'}
            </button>
            <div aria-live="assertive">
              {erase.isError && (
                <p id={`${id}-err`} role="alert" className="admin-error">
                  {errorText(erase.error)}
                </p>
              )}
            </div>
          </AdminForm>
        </>
      )}
    </li>
  );
}
