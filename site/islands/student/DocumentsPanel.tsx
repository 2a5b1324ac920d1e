import { useRef, useState } from 'react';
import { studentSession } from '#site/lib/session.ts';
import {
  DOCUMENT_REQUIRED,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  documentAccept,
  documentTypes,
} from '#schemas/users-text.ts';
import type { DocumentDto, StudentProfile } from '#schemas/users.ts';
import { Field, Notice, SelectField } from './fields.tsx';
import { formatDate } from './profile-query.ts';
import { RecordActions } from './records.tsx';
import { deleteRecord, messageResponse, runAction, type PanelNotice } from './panel-helpers.ts';
import { formatBytes, UploadStatus, useUpload } from '../common/upload-status.tsx';
import { upload as uploadFile } from '#site/lib/upload.ts';
import { saveFile } from '#site/lib/save-file.ts';

const MAX_BYTES = 10 * 1024 * 1024;
const allowedExtensions = documentAccept.split(',').map((e) => e.slice(1));

/** Documents tab: choose a file and a type, upload, download and delete (spec 2 sections 4 and 5). */
export function DocumentsPanel({ user, refresh }: { user: StudentProfile; refresh: () => Promise<void> }) {
  const [documentType, setDocumentType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  const sending = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function upload(event?: { preventDefault(): void }) {
    event?.preventDefault();
    setNotice(null);
    if (!file || !documentType) return setError(DOCUMENT_REQUIRED);
    if (file.size >= MAX_BYTES) return setError(DOCUMENT_SIZE_MESSAGE);
    if (!allowedExtensions.includes(file.name.split('.').pop()?.toLowerCase() ?? ''))
      return setError(DOCUMENT_TYPE_MESSAGE);
    setError('');
    if (!studentSession.getToken()) return setNotice({ kind: 'error', text: 'Please login again' });
    const body = new FormData();
    body.append('document', file);
    body.append('documentType', documentType);
    // Real progress (XMLHttpRequest behind the API helper's conventions: site/lib/upload.ts); a
    // failure keeps the chosen file and type, so Retry sends the same again.
    const result = await sending.run(
      ({ onProgress, signal }) =>
        uploadFile('/api/users/document', {
          body,
          token: studentSession.getToken(),
          onProgress,
          signal,
          schema: messageResponse,
        }),
      'Failed to upload document',
    );
    if (!result) return;
    setNotice({ kind: 'success', text: result.message });
    // The button pressed was switched off while sending: the panel's heading, above the message and
    // the new document, takes the focus instead of the page.
    heading.current?.focus();
    setFile(null);
    setDocumentType('');
    if (input.current) input.current.value = '';
    sending.reset();
    await refresh();
  }

  async function download(doc: DocumentDto) {
    const result = await runAction(
      () => studentSession.download(doc.documentUrl),
      'Failed to download document',
    );
    if (!result.ok) return setNotice({ kind: 'error', text: result.message });
    saveFile(result.value, doc.fileName);
  }

  async function remove(id: string) {
    const outcome = await deleteRecord(
      `/api/users/document/${id}`,
      'Are you sure you want to delete this document?',
      'Failed to delete document',
    );
    if (outcome) setNotice(outcome);
    if (outcome?.kind === 'success') await refresh();
  }

  return (
    <div className="st-stack">
      <h2 ref={heading} tabIndex={-1}>
        Documents
      </h2>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {user.documents.length === 0 ? (
        <p className="st-muted">No documents uploaded yet.</p>
      ) : (
        <ul className="st-list" aria-label="Documents">
          {user.documents.map((d) => (
            <li key={d._id} className="st-list__item">
              <div>
                <p className="st-list__title">{d.documentType}</p>
                <p className="st-muted">
                  {d.fileName} · {formatBytes(d.size)} · Uploaded {formatDate(d.uploadDate)}
                </p>
              </div>
              <RecordActions
                name={`${d.documentType} (${d.fileName})`}
                action="Download"
                onAction={() => void download(d)}
                onDelete={() => void remove(d._id)}
              />
            </li>
          ))}
        </ul>
      )}
      <form className="st-card st-grid" onSubmit={upload} noValidate aria-label="Upload a document">
        <SelectField
          label="Document Type"
          name="documentType"
          value={documentType}
          onChange={(e) => setDocumentType(e.target.value)}
          options={documentTypes}
          placeholder="Select document type"
        />
        <Field
          label="File"
          name="document"
          type="file"
          accept={documentAccept}
          ref={input}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            sending.reset();
          }}
          disabled={sending.busy}
          hint="PDF, DOC, DOCX, JPG, JPEG or PNG, less than 10MB."
          error={error || undefined}
        />
        {file && (
          <div className="st-span">
            <UploadStatus
              state={sending.state}
              fileName={file.name}
              onRetry={() => void upload()}
              onCancel={sending.cancel}
            />
          </div>
        )}
        <div className="st-span">
          <button type="submit" className="st-button" disabled={sending.busy}>
            {sending.busy ? 'Uploading...' : 'Upload Document'}
          </button>
        </div>
      </form>
    </div>
  );
}
