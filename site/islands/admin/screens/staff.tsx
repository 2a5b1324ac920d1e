import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, errorText, type StaffProfile } from '../session.ts';
import { AdminAlert } from '../AdminAlert.tsx';
import { DataTable } from '../DataTable.tsx';
import { SelectField, TextField } from '#site/islands/common/fields.tsx';
import { adminLook } from '../look.ts';
import { AdminForm } from '../AdminForm.tsx';
import {
  staffCreatedResponse,
  staffUpdatedResponse,
  staffPageResponse,
  staffRowSchema,
  type StaffRow,
} from '#schemas/admin/index.ts';
import { okResponse } from '#schemas/responses.ts';

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
