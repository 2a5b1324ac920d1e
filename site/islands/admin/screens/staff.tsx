import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, errorText, formatDate, type StaffProfile } from '../session.ts';
import { AdminAlert } from '../AdminAlert.tsx';
import { scalarText } from '#site/lib/format.ts';
import { DataTable, StatusBadge } from '../DataTable.tsx';
import { useSelectedId } from '../use-selected-id.ts';
import { DownloadButton, Pipeline, statusFilter, type PipelineConfig } from '../Pipeline.tsx';
import { PublishBar } from '../PublishBar.tsx';
import { SelectField, TextArea, TextField } from '#site/islands/common/fields.tsx';
import { adminLook } from '../look.ts';
import { AdminForm } from '../AdminForm.tsx';
import { DetailPanel } from '../DetailPanel.tsx';
import {
  inboxStatusLabels,
  inboxStatuses,
  applicationDetailResponse,
  applicationRowSchema,
  auditRowSchema,
  createJobResponse,
  dashboardResponse,
  inboxDetailResponse,
  inboxRowSchema,
  inboxStatusResponse,
  jobApplicationRowSchema,
  partnerRequestRowSchema,
  partnerRowSchema,
  staffCreatedResponse,
  staffUpdatedResponse,
  staffPageResponse,
  staffRowSchema,
  type ApplicationRow,
  type AuditRow,
  type InboxRow,
  type JobApplicationRow,
  type PartnerRequestRow,
  type PartnerRow,
  type StaffRow,
} from '#schemas/admin/index.ts';
import { messageResponse, okResponse } from '#schemas/responses.ts';
import { staffLabel } from '#schemas/pipelines.ts';

/** An inbox item's status as staff read it. */
const inboxLabel = (s: string) => (inboxStatusLabels as Record<string, string>)[s] ?? s;
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : scalarText(v));

export function Dashboard({ me }: { me: StaffProfile }) {
  const q = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminApi('/dashboard', { schema: dashboardResponse }),
  });
  const d = q.data;
  const cards: [string, number | undefined, string][] =
    d && me.role === 'admin'
      ? [
          // Each tile opens its list filtered to what it counts (issue 29 item 11).
          ['Unread messages', d.inboxUnread, '/admin/inbox?status=unread'],
          [
            'New program applications',
            d.subscriptions?.submitted ?? 0,
            '/admin/applications?status=submitted',
          ],
          ['Applications in review', d.subscriptions?.in_review ?? 0, '/admin/applications?status=in_review'],
          ['Partners awaiting approval', d.partnersAwaiting, '/admin/partners?type=awaiting'],
          [
            'New partner requests',
            d.partnerRequests?.submitted ?? 0,
            '/admin/partner-requests?status=submitted',
          ],
          [
            'New job applications',
            d.jobApplications?.received ?? 0,
            '/admin/job-applications?status=received',
          ],
          ['Successful payments', d.payments?.succeeded ?? 0, '/admin/payments?status=succeeded'],
        ]
      : [];
  return (
    <>
      <h1>Welcome, {me.name}</h1>
      <PublishBar />
      {q.isPending && <p>Loading…</p>}
      {q.isError && <AdminAlert error={q.error} />}
      {cards.length > 0 && (
        <ul className="admin-cards">
          {cards.map(([title, n, href]) => (
            <li key={title}>
              <a href={href} className="admin-card">
                <span className="admin-card__n">{n ?? 0}</span>
                <span>{title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {me.role === 'editor' && (
        <p>
          You can edit the site's content and publish it. <a href="/admin/content">Go to content</a>.
        </p>
      )}
    </>
  );
}

const kindLabels: Record<string, string> = {
  home: 'Contact form (home)',
  landing: 'Contact form (landing)',
  assistance: 'Employer assistance',
};

export function Inbox() {
  const { selected, open, close } = useSelectedId();
  return (
    <>
      <h1>Inbox</h1>
      <div className="admin-split">
        <DataTable<InboxRow>
          caption="Messages, newest first"
          path="/inbox"
          row={inboxRowSchema}
          searchLabel="Search name, e-mail or message"
          rowKey={(r) => `${r.source}/${r.id}`}
          selected={selected}
          onOpen={(r) => open(`${r.source}/${r.id}`)}
          filters={[
            statusFilter(inboxStatuses, inboxLabel),
            {
              name: 'type',
              label: 'Source',
              options: [
                { value: 'contact', label: 'Contact forms' },
                { value: 'assistance', label: 'Employer assistance' },
              ],
            },
          ]}
          columns={[
            { header: 'From', cell: (r) => (r.status === 'unread' ? <strong>{r.name}</strong> : r.name) },
            {
              header: 'Message',
              cell: (r) => (
                <span className="admin-clip">
                  {r.subject ? `${r.subject}: ` : ''}
                  {r.message}
                </span>
              ),
            },
            { header: 'Form', cell: (r) => kindLabels[r.kind] ?? r.kind },
            { header: 'Received', cell: (r) => formatDate(r.createdAt) },
            { header: 'Status', cell: (r) => <StatusBadge status={r.status} label={inboxLabel(r.status)} /> },
          ]}
        />
        {selected && <InboxItem key={selected} id={selected} onClose={close} />}
      </div>
    </>
  );
}

function InboxItem({ id, onClose }: { id: string; onClose: () => void }) {
  const fid = useId();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['admin', 'inbox', 'detail', id],
    queryFn: () => adminApi(`/inbox/${id}`, { schema: inboxDetailResponse }),
  });
  const [subject, setSubject] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const defaultSubject = `Re: ${scalarText(q.data?.item.subject ?? 'your message')}`;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
  const setStatus = useMutation({
    mutationFn: (status: string) =>
      adminApi(`/inbox/${id}`, { method: 'PATCH', body: { status }, schema: inboxStatusResponse }),
    onSuccess: refresh,
  });
  const reply = useMutation({
    mutationFn: () =>
      adminApi(`/inbox/${id}/reply`, {
        method: 'POST',
        body: { subject: subject ?? defaultSubject, message },
        schema: messageResponse,
      }),
    onSuccess: () => {
      setMessage('');
      refresh();
    },
  });
  const item = q.data?.item;
  const fields: [string, unknown][] = item
    ? ([
        ['Name', item.fullName ?? item.contactName],
        ['Company', item.companyName],
        ['E-mail', item.email],
        ['Phone', item.phone ?? item.phoneNumber],
        ['Subject', item.subject],
        ['Country', item.country],
        ['Postcode', item.postcode],
        ['Categories', Array.isArray(item.category) ? item.category.join(', ') : undefined],
        ['Received', formatDate(item.createdAt as string)],
      ].filter(([, v]) => v !== undefined && v !== null && v !== '') as [string, unknown][])
    : [];
  return (
    <DetailPanel title="Message" onClose={onClose} query={q}>
      {item && (
        <>
          <p>
            Status: <StatusBadge status={item.status} label={inboxLabel(item.status)} />
          </p>
          <dl className="admin-dl">
            {fields.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{text(v)}</dd>
              </div>
            ))}
          </dl>
          <blockquote className="admin-message">{String(item.message)}</blockquote>
          <div className="admin-actions">
            {item.status !== 'handled' && (
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={() => setStatus.mutate('handled')}
              >
                Mark handled
              </button>
            )}
            {item.status !== 'unread' && (
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={() => setStatus.mutate('unread')}
              >
                Mark unread
              </button>
            )}
          </div>
          {setStatus.isError && <AdminAlert error={setStatus.error} />}
          <AdminForm onSubmit={() => reply.mutate()}>
            <h3>Reply by e-mail to {item.email}</h3>
            <TextField
              look={adminLook}
              id={`${fid}-s`}
              label="Subject"
              required
              maxLength={200}
              value={subject ?? defaultSubject}
              onChange={(e) => setSubject(e.target.value)}
            />
            <TextArea
              look={adminLook}
              id={`${fid}-m`}
              label="Message"
              required
              rows={6}
              maxLength={10000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              aria-describedby={reply.isError ? `${fid}-e` : undefined}
            />
            <button type="submit" className="admin-button" disabled={reply.isPending || !message.trim()}>
              {reply.isPending ? 'Sending…' : 'Send reply'}
            </button>
            <div aria-live="polite">
              {reply.isError && (
                <p id={`${fid}-e`} role="alert" className="admin-error">
                  {errorText(reply.error)}
                </p>
              )}
              {reply.isSuccess && <p className="admin-success">{reply.data.message}</p>}
            </div>
          </AdminForm>
          {(q.data?.replies ?? []).length > 0 && (
            <>
              <h3>Replies sent</h3>
              <ol className="admin-history">
                {(q.data?.replies ?? []).map((r, i) => (
                  <li key={i}>
                    <strong>{r.subject}</strong> — {formatDate(r.createdAt)} by {r.staffName ?? 'staff'}
                    <div className="admin-pre">{r.message}</div>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </DetailPanel>
  );
}

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
 * The documents the student uploaded, opened from the application (issue 29 item 11): each is
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

/** The roles a new staff member can be given, with what each may do. */
const staffRoleChoices = [
  { value: 'editor', label: 'Editor (content and publishing)' },
  { value: 'admin', label: 'Admin (everything)' },
];

export function Staff({ me }: { me: StaffProfile }) {
  const fid = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ name: '', email: '', role: 'editor', password: '' });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', '/staff'] });
  const create = useMutation({
    mutationFn: () => adminApi('/staff', { method: 'POST', body: form, schema: staffCreatedResponse }),
    onSuccess: () => {
      setForm({ name: '', email: '', role: 'editor', password: '' });
      refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      // The answer (the updated row) is not read: the list is fetched again.
      adminApi(`/staff/${id}`, { method: 'PATCH', body, schema: staffUpdatedResponse }),
    onSuccess: refresh,
  });
  const resetMfa = useMutation({
    mutationFn: (id: string) =>
      adminApi(`/staff/${id}/mfa/reset`, { method: 'POST', body: {}, schema: okResponse }),
    onSuccess: refresh,
  });
  const field = (name: keyof typeof form, labelText: string, type = 'text') => (
    <TextField
      look={adminLook}
      id={`${fid}-${name}`}
      label={labelText}
      type={type}
      required
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      aria-describedby={create.isError ? `${fid}-err` : undefined}
    />
  );
  return (
    <>
      <h1>Staff</h1>
      <DataTable<StaffRow>
        caption="Staff accounts"
        path="/staff"
        row={staffRowSchema}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Name', cell: (r) => r.name },
          { header: 'E-mail', cell: (r) => r.email },
          {
            header: 'Role',
            cell: (r) =>
              r.id === me.id ? (
                r.role
              ) : (
                <select
                  aria-label={`Role of ${r.name}`}
                  value={r.role}
                  onChange={(e) => update.mutate({ id: r.id, body: { role: e.target.value } })}
                >
                  <option value="admin">admin</option>
                  <option value="editor">editor</option>
                </select>
              ),
          },
          { header: 'Active', cell: (r) => (r.isActive ? 'Active' : 'Deactivated') },
          { header: 'Two-step sign-in', cell: (r) => (r.mfaEnabled ? 'On' : 'Off') },
          {
            header: 'Actions',
            cell: (r) =>
              r.id === me.id ? (
                <span className="admin-muted">You</span>
              ) : (
                <>
                  <button
                    type="button"
                    className="admin-button admin-button--quiet"
                    onClick={() => update.mutate({ id: r.id, body: { isActive: !r.isActive } })}
                  >
                    {r.isActive ? 'Deactivate' : 'Reactivate'}{' '}
                    <span className="visually-hidden">{r.name}</span>
                  </button>
                  {r.mfaEnabled && (
                    <button
                      type="button"
                      className="admin-button admin-button--quiet"
                      onClick={() => {
                        if (
                          confirm(
                            `Reset two-step sign-in for ${r.name}? They set up a new authenticator at their next sign-in.`,
                          )
                        )
                          resetMfa.mutate(r.id);
                      }}
                    >
                      Reset two-step sign-in <span className="visually-hidden">for {r.name}</span>
                    </button>
                  )}
                </>
              ),
          },
        ]}
      />
      {update.isError && <AdminAlert error={update.error} />}
      {resetMfa.isError && <AdminAlert error={resetMfa.error} />}
      {resetMfa.isSuccess && (
        <p role="status" className="admin-success">
          Two-step sign-in was reset. Their sessions have ended.
        </p>
      )}
      <AdminForm narrow onSubmit={() => create.mutate()}>
        <h2>Add a staff member</h2>
        {field('name', 'Name')}
        {field('email', 'E-mail', 'email')}
        <SelectField
          look={adminLook}
          id={`${fid}-role`}
          label="Role"
          options={staffRoleChoices}
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value })}
        />
        {field('password', 'Password (at least 12 characters)', 'password')}
        <button type="submit" className="admin-button" disabled={create.isPending}>
          Add staff member
        </button>
        <div aria-live="polite">
          {create.isError && (
            <p id={`${fid}-err`} role="alert" className="admin-error">
              {errorText(create.error)}
            </p>
          )}
          {create.isSuccess && <p className="admin-success">Added {create.data.staff.email}.</p>}
        </div>
      </AdminForm>
      <SetPassword />
    </>
  );
}

/** An admin sets a new password for a staff member (their sessions end). */
function SetPassword() {
  const fid = useId();
  const people = useQuery({
    queryKey: ['admin', '/staff', 'all'],
    queryFn: () => adminApi('/staff?pageSize=100', { schema: staffPageResponse }),
  });
  const [who, setWho] = useState('');
  const [password, setPassword] = useState('');
  const save = useMutation({
    mutationFn: () =>
      adminApi(`/staff/${encodeURIComponent(who)}/password`, {
        method: 'POST',
        body: { password },
        schema: okResponse,
      }),
    onSuccess: () => setPassword(''),
  });
  return (
    <AdminForm narrow onSubmit={() => save.mutate()}>
      <h2>Set a new password</h2>
      <SelectField
        look={adminLook}
        id={`${fid}-who`}
        label="Staff member"
        required
        placeholder="Choose…"
        options={(people.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }))}
        value={who}
        onChange={(e) => setWho(e.target.value)}
      />
      <TextField
        look={adminLook}
        id={`${fid}-pw`}
        label="New password (at least 12 characters)"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-describedby={save.isError ? `${fid}-err` : undefined}
      />
      <button type="submit" className="admin-button" disabled={save.isPending || !who}>
        Set password
      </button>
      <div aria-live="polite">
        {save.isError && (
          <p id={`${fid}-err`} role="alert" className="admin-error">
            {errorText(save.error)}
          </p>
        )}
        {save.isSuccess && <p className="admin-success">Password changed. Their open sessions have ended.</p>}
      </div>
    </AdminForm>
  );
}

export function Audit() {
  const [open, setOpen] = useState<AuditRow | null>(null);
  return (
    <>
      <h1>Audit log</h1>
      <div className="admin-split">
        <DataTable<AuditRow>
          caption="Every staff action, newest first"
          path="/audit"
          row={auditRowSchema}
          searchLabel="Search action, item or person"
          rowKey={(r) => r.id}
          selected={open?.id ?? null}
          onOpen={(r) => setOpen(r)}
          columns={[
            { header: 'When', cell: (r) => formatDate(r.createdAt) },
            { header: 'Who', cell: (r) => r.staffName ?? 'system' },
            { header: 'What happened', cell: (r) => r.summary },
          ]}
        />
        {open && (
          <section className="admin-detail" aria-label="Audit entry">
            <div className="admin-detail__head">
              <h2>{open.summary}</h2>
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={() => setOpen(null)}
              >
                Close
              </button>
            </div>
            <p className="admin-muted">
              {formatDate(open.createdAt)} by {open.staffName ?? 'the system'}
            </p>
            <h3>Before</h3>
            <pre className="admin-json">
              {open.before === null ? '—' : JSON.stringify(open.before, null, 2)}
            </pre>
            <h3>After</h3>
            <pre className="admin-json">
              {open.after === null ? '—' : JSON.stringify(open.after, null, 2)}
            </pre>
          </section>
        )}
      </div>
    </>
  );
}
