import { formatDate } from '../session.ts';
import { StatusBadge } from '../DataTable.tsx';
import { DownloadButton, Pipeline, type PipelineConfig } from '../Pipeline.tsx';
import { jobApplicationRowSchema, type JobApplicationRow } from '#schemas/admin/index.ts';
import { staffLabel } from '#schemas/pipelines.ts';
import { text } from './text.ts';

/** Until the applicant confirms their e-mail, the application is held (not forwarded to the employer). */
const NotConfirmed = () => <span className="admin-badge admin-badge--warn">E-mail not confirmed</span>;
const jobAppsConfig: PipelineConfig<JobApplicationRow> = {
  title: 'Job applications',
  path: '/job-applications',
  row: jobApplicationRowSchema,
  caption: 'Job applications, newest first',
  pipeline: 'job_application',
  columns: [
    {
      header: 'Applicant',
      cell: (r) => (
        <>
          {r.applicantName}
          {!r.emailConfirmed && (
            <>
              {' '}
              <NotConfirmed />
            </>
          )}
        </>
      ),
    },
    { header: 'Job', cell: (r) => text(r.jobTitle) },
    { header: 'Company', cell: (r) => text(r.company) },
    { header: 'Applied', cell: (r) => formatDate(r.createdAt) },
    {
      header: 'Status',
      cell: (r) => <StatusBadge status={r.status} label={staffLabel('job_application', r.status)} />,
    },
  ],
  fields: (i) => [
    ['Applicant', text(i.applicantName)],
    [
      'E-mail',
      i.emailConfirmed ? (
        text(i.applicantEmail)
      ) : (
        <>
          {text(i.applicantEmail)} <NotConfirmed />{' '}
          <span className="admin-muted">
            Held: not forwarded to the employer until the applicant confirms.
          </span>
        </>
      ),
    ],
    ['Phone', text(i.applicantPhone)],
    ['Job', text(i.jobTitle)],
    ['Company', text(i.company)],
    ['Applied', formatDate(i.createdAt as string)],
    ['Cover letter', <span className="admin-pre">{text(i.coverLetter)}</span>],
  ],
  extra: (d) => (
    <DownloadButton path={`/job-applications/${d.item.id}/cv`}>
      Download CV ({text(d.item.resumeName)})
    </DownloadButton>
  ),
};
export const JobApplications = () => <Pipeline config={jobAppsConfig} />;
