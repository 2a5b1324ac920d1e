import { useQuery } from '@tanstack/react-query';
import { adminApi, formatDate } from '../session.ts';
import { scalarText } from '#site/lib/format.ts';
import { StatusBadge } from '../DataTable.tsx';
import { DownloadButton, Pipeline, type PipelineConfig } from '../Pipeline.tsx';
import {
  applicationDetailResponse,
  applicationRowSchema,
  type ApplicationRow,
} from '#schemas/admin/index.ts';
import { staffLabel } from '#schemas/pipelines.ts';
import { text } from './text.ts';

const applications: PipelineConfig<ApplicationRow> = {
  title: 'Program applications',
  path: '/subscriptions',
  row: applicationRowSchema,
  caption: 'Program applications, newest first',
  pipeline: 'subscription',
  columns: [
    { header: 'Student', cell: (r) => r.studentName },
    { header: 'Program', cell: (r) => text(r.subjectName) },
    { header: 'University', cell: (r) => text(r.universityName) },
    { header: 'Intake', cell: (r) => text(r.intake) },
    { header: 'Applied', cell: (r) => formatDate(r.createdAt) },
    {
      header: 'Status',
      cell: (r) => <StatusBadge status={r.status} label={staffLabel('subscription', r.status)} />,
    },
  ],
  fields: (i) => [
    ['Student', text(i.studentName)],
    ['E-mail', text(i.studentEmail)],
    [
      'Program',
      i.subjectId ? <a href={`/subject/${scalarText(i.subjectId)}`}>{text(i.subjectName)}</a> : '—',
    ],
    ['University', text(i.universityName)],
    ['Intake', text(i.intake)],
    ['Applied', formatDate(i.createdAt as string)],
  ],
  extra: (d) => <StudentDocuments applicationId={d.item.id} />,
};
export const Applications = () => <Pipeline config={applications} />;

/**
 * The documents the student uploaded, opened from the application: each is
 * fetched through the application (admins only, audited), never by a link anyone else could use.
 * The detail is the one the panel already loaded (same query key): no second request.
 */
function StudentDocuments({ applicationId }: { applicationId: string }) {
  const path = `/subscriptions/${encodeURIComponent(applicationId)}`;
  const detail = useQuery({
    queryKey: ['admin', '/subscriptions', 'detail', applicationId],
    queryFn: () => adminApi(path, { schema: applicationDetailResponse }),
  });
  const documents = detail.data?.documents ?? [];
  return (
    <section aria-labelledby={`docs-${applicationId}`} data-testid="student-documents">
      <h3 id={`docs-${applicationId}`}>Student's documents</h3>
      {detail.data && documents.length === 0 && (
        <p className="admin-muted">The student has not uploaded any documents yet.</p>
      )}
      {documents.length > 0 && (
        <ul className="admin-history">
          {documents.map((doc) => (
            <li key={doc._id}>
              <DownloadButton path={`${path}/documents/${encodeURIComponent(doc._id)}`}>
                Open {doc.documentType}: {doc.originalName}
              </DownloadButton>
              <span className="admin-muted">
                {Math.max(1, Math.round(doc.size / 1024))} KB, uploaded {formatDate(doc.uploadDate)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
