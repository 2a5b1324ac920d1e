import { formatDate } from '../session.ts';
import { StatusBadge } from '../DataTable.tsx';
import { Pipeline, type PipelineConfig } from '../Pipeline.tsx';
import { partnerRowSchema, type PartnerRow } from '#schemas/admin/index.ts';
import { staffLabel } from '#schemas/pipelines.ts';
import { text } from './text.ts';

const partnersConfig: PipelineConfig<PartnerRow> = {
  title: 'Partners',
  path: '/partners',
  row: partnerRowSchema,
  caption: 'Partner companies',
  pipeline: 'partner',
  extraFilters: [
    { name: 'type', label: 'Show', options: [{ value: 'awaiting', label: 'Verified, awaiting approval' }] },
  ],
  columns: [
    { header: 'Company', cell: (r) => r.companyName },
    { header: 'Contact', cell: (r) => r.contactName },
    { header: 'E-mail', cell: (r) => r.email },
    { header: 'Verified', cell: (r) => (r.isVerified ? 'Yes' : 'No') },
    {
      header: 'Status',
      cell: (r) => <StatusBadge status={r.status} label={staffLabel('partner', r.status)} />,
    },
  ],
  fields: (i) => [
    ['Company', text(i.companyName)],
    ['Headquarters', text(i.companyHQ)],
    ['Login e-mail', text(i.email)],
    ['Verified', i.isVerified ? 'Yes' : 'No'],
    ['Owner', `${text(i.ownerFirstName)} ${text(i.ownerLastName)} (${text(i.ownerDesignation)})`],
    ['Contact', `${text(i.contactFirstName)} ${text(i.contactLastName)}, ${text(i.contactDesignation)}`],
    ['Contact e-mail', text(i.contactEmail)],
    ['Contact phone', text(i.contactPhoneNumber)],
    ['Registered', formatDate(i.createdAt as string)],
  ],
};
export const Partners = () => <Pipeline config={partnersConfig} />;
