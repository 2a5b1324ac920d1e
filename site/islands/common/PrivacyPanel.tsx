import { useId, useState } from 'react';
import { api, ApiError, apiError, notInProduction, schemaFrom } from '#site/lib/api.ts';
import { exportFileName, privacyPaths, wholeAccountPath, type PersonType } from '#schemas/privacy.ts';

// Loaded only where answers are checked (development), and never bundled for production.
const eraseAnswer = schemaFrom(
  () => (import.meta.env.DEV ? import('#schemas/privacy.ts') : notInProduction()),
  'eraseResponseSchema',
);
import { Modal } from './Modal.tsx';
import { attachmentName, saveFile } from '#site/lib/save-file.ts';
import '../../styles/timeline.css';

/** Saves a response body as a file (the token travels in a header, so a plain link cannot download it). */
async function saveDownload(res: Response) {
  saveFile(await res.blob(), attachmentName(res, exportFileName(new Date())));
}

async function failureMessage(res: Response) {
  // The server's message when it sent one, read as api() reads a failure.
  const { message } = apiError(res.status, '', await res.json().catch(() => null));
  return message || 'The download failed. Please try again.';
}

/**
 * "Your data" on each dashboard: Download my data (a zip of everything held about the person, with
 * their files) and Delete my account (confirmed with the password). `headers` carries the account's
 * token the way its API expects it; `onErased` clears the browser's session and leaves the page.
 */
export function PrivacyPanel({
  type,
  headers,
  onErased,
  headingLevel = 2,
}: {
  type: PersonType;
  headers: () => Record<string, string>;
  onErased: () => void;
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState('');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');
  const [erased, setErased] = useState('');
  // Every role under the address (DELETE /api/me), not only this dashboard's.
  const [everything, setEverything] = useState(false);
  const Heading = `h${headingLevel}` as 'h2';

  const download = async () => {
    setDownloading(true);
    setDownloadError('');
    try {
      // A zip, not JSON: api() reads JSON answers only, so the file comes from a plain fetch.
      const res = await fetch(privacyPaths[type].export, { headers: headers() });
      if (!res.ok) setDownloadError(await failureMessage(res));
      else await saveDownload(res);
    } catch {
      setDownloadError('The download failed. Check your connection and try again.');
    } finally {
      setDownloading(false);
    }
  };

  const erase = async () => {
    setDeleting(true);
    setDeleteError('');
    try {
      const done = await api(everything ? wholeAccountPath : privacyPaths[type].erase, {
        method: 'DELETE',
        headers: headers(),
        body: { password },
        schema: eraseAnswer,
      });
      // The session is over on the server; the browser's copy goes too.
      onErased();
      setErased(done.message);
    } catch (error) {
      setDeleteError(
        error instanceof ApiError || error instanceof Error
          ? error.message
          : 'Something went wrong. Please try again.',
      );
      setDeleting(false);
    }
  };

  return (
    <section className="privacy-panel" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>Your data</Heading>
      <p>
        Download everything we hold about you, with the files you uploaded, as one zip file. Or delete your
        account and your data for good.
      </p>
      <div className="privacy-actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void download()}
          disabled={downloading}
        >
          {downloading ? 'Preparing your download…' : 'Download my data'}
        </button>
        <button
          type="button"
          className="btn btn--danger"
          onClick={() => {
            setOpen(true);
            setDeleteError('');
            setPassword('');
            setEverything(false);
          }}
        >
          Delete my account
        </button>
      </div>
      <div aria-live="polite">
        {downloadError && (
          <p className="privacy-error" role="alert">
            {downloadError}
          </p>
        )}
      </div>
      <Modal
        open={open}
        onClose={() => (erased ? location.assign('/') : setOpen(false))}
        title={erased ? 'Your account has been deleted' : 'Delete your account?'}
        dismissible={!deleting}
      >
        {erased ? (
          <div role="status">
            <p>{erased}</p>
            <div className="modal__actions">
              <a className="btn btn--primary" href="/">
                Go to the home page
              </a>
            </div>
          </div>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void erase();
            }}
          >
            <p>
              This deletes your account, your profile, your records and uploaded files, and signs you out
              everywhere. It cannot be undone. Payment records the law requires us to keep stay, without your
              name or e-mail.
            </p>
            <label className="privacy-everything">
              <input type="checkbox" checked={everything} onChange={(e) => setEverything(e.target.checked)} />
              <span>
                Delete my whole account: every role under this e-mail address (student, job seeker, partner
                organisation), not only this one
              </span>
            </label>
            <div className="field">
              <label htmlFor={`${id}-password`}>Enter your password to confirm</label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={deleteError ? true : undefined}
                aria-describedby={deleteError ? `${id}-error` : undefined}
              />
            </div>
            <div aria-live="assertive">
              {deleteError && (
                <p id={`${id}-error`} className="privacy-error" role="alert">
                  {deleteError}
                </p>
              )}
            </div>
            <div className="modal__actions">
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => setOpen(false)}
                disabled={deleting}
              >
                Cancel
              </button>
              <button
                type="submit"
                className="btn btn--danger btn--primary"
                disabled={deleting || password.length === 0}
              >
                {deleting ? 'Deleting…' : 'Delete my account for good'}
              </button>
            </div>
          </form>
        )}
      </Modal>
    </section>
  );
}
