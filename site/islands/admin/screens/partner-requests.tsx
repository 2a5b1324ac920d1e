import { useMutation } from '@tanstack/react-query';
import { adminApi, formatDate } from '../session.ts';
import { AdminAlert } from '../AdminAlert.tsx';
import { scalarText } from '#site/lib/format.ts';
import { StatusBadge } from '../DataTable.tsx';
import { Pipeline, type PipelineConfig } from '../Pipeline.tsx';
import { createJobResponse, partnerRequestRowSchema, type PartnerRequestRow } from '#schemas/admin/index.ts';
import { staffLabel } from '#schemas/pipelines.ts';
import { text } from './text.ts';

const requestsConfig: PipelineConfig<PartnerRequestRow> = {
  title: 'Partner requests',
  path: '/partner-requests',
  row: partnerRequestRowSchema,
  caption: 'Admission and hiring requests',
  pipeline: 'partner_request',
  extraFilters: [
    {
      name: 'type',
      label: 'Type',
      options: [
        { value: 'student', label: 'Student admission' },
        { value: 'employee', label: 'Employee hiring' },
      ],
    },
  ],
  columns: [
    { header: 'Title', cell: (r) => r.title },
    { header: 'Type', cell: (r) => (r.type === 'student' ? 'Student admission' : 'Employee hiring') },
    { header: 'Partner', cell: (r) => r.companyName },
    { header: 'Submitted', cell: (r) => formatDate(r.createdAt) },
    {
      header: 'Status',
      cell: (r) => <StatusBadge status={r.status} label={staffLabel('partner_request', r.status)} />,
    },
  ],
  fields: (i) => [
    ['Title', text(i.title)],
    ['Partner', text(i.companyName)],
    ['Type', i.type === 'student' ? 'Student admission' : 'Employee hiring'],
    ...Object.entries((i.data as Record<string, unknown>) ?? {}).map(
      ([k, v]) =>
        [
          k.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()),
          Array.isArray(v) ? v.join(', ') : text(v),
        ] as [string, string],
    ),
  ],
  extra: (d, refresh) => <CreateJob detail={d.item} refresh={refresh} />,
};
function CreateJob({ detail, refresh }: { detail: Record<string, unknown>; refresh: () => void }) {
  const create = useMutation({
    mutationFn: () =>
      adminApi(`/partner-requests/${String(detail.id)}/create-job`, {
        method: 'POST',
        body: {},
        schema: createJobResponse,
      }),
    onSuccess: refresh,
  });
  if (detail.type !== 'employee') return null;
  if (detail.jobId)
    return (
      <p>
        Job created: <a href={`/job/${scalarText(detail.jobId)}`}>view the job page</a> ·{' '}
        <a href={`/admin/content?kind=jobs&id=${scalarText(detail.jobId)}`}>edit it</a>
      </p>
    );
  if (detail.status !== 'approved')
    return <p className="admin-muted">Approve this hiring request to turn it into a job.</p>;
  return (
    <div aria-live="polite">
      <button
        type="button"
        className="admin-button"
        disabled={create.isPending}
        onClick={() => create.mutate()}
      >
        Create job
      </button>
      {create.isError && <AdminAlert error={create.error} />}
    </div>
  );
}
export const PartnerRequests = () => <Pipeline config={requestsConfig} />;
