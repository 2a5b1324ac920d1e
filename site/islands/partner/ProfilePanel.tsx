import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { partnerContract } from './contract.ts';
import type { PartnerProfileUpdate } from '#schemas/partner.ts';
import { TextField } from './fields.tsx';
import { partnerSession, type CachedPartner } from './session.ts';
import { useToast } from '../common/toast.tsx';

type Editable = keyof PartnerProfileUpdate;

const groups: { title: string; fields: { key: Editable; label: string; type?: 'email' | 'tel' }[] }[] = [
  {
    title: 'Company',
    fields: [
      { key: 'companyName', label: 'Company Name' },
      { key: 'companyHQ', label: 'Company Headquarters' },
    ],
  },
  {
    title: 'Owner',
    fields: [
      { key: 'ownerFirstName', label: 'Owner First Name' },
      { key: 'ownerLastName', label: 'Owner Last Name' },
      { key: 'ownerPhoneNumber', label: 'Owner Phone Number', type: 'tel' },
      { key: 'ownerDesignation', label: 'Owner Designation' },
      { key: 'ownerNationality', label: 'Owner Nationality' },
    ],
  },
  {
    title: 'Contact person',
    fields: [
      { key: 'contactFirstName', label: 'Contact First Name' },
      { key: 'contactLastName', label: 'Contact Last Name' },
      { key: 'contactDesignation', label: 'Contact Designation' },
      { key: 'contactPhoneNumber', label: 'Contact Phone Number', type: 'tel' },
      { key: 'contactEmail', label: 'Contact Email', type: 'email' },
    ],
  },
];
const approvalLabels = {
  pending: 'Under review by our team (you can already send requests)',
  approved: 'Approved partner',
  suspended: 'Suspended: please contact us',
} as const;

const editableKeys = groups.flatMap((g) => g.fields.map((f) => f.key));
const labelOf = Object.fromEntries(groups.flatMap((g) => g.fields.map((f) => [f.key, f.label]))) as Record<
  Editable,
  string
>;

const formFrom = (p: CachedPartner) =>
  Object.fromEntries(editableKeys.map((k) => [k, String(p[k] ?? '')])) as Record<Editable, string>;

interface Props {
  token: string;
  partner: CachedPartner;
  startEditing: boolean;
  onSessionExpired: () => void;
  onStored: () => void;
}

/** Pushes edits to the API; on an outage keeps them in this browser and says which ones (0-decisions.md). */
export function useSaveProfile(token: string, onSessionExpired: () => void, onStored: () => void) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (update: Record<Editable, string>) =>
      api('/api/partner/profile', {
        method: 'PUT',
        token,
        body: update,
        schema: schemaFrom(partnerContract, 'partnerProfileSavedResponse'),
      }),
    onSuccess: (res) => {
      if (!res?.success || !res.partner) {
        toast('error', res?.message || 'Failed to update profile');
        return;
      }
      partnerSession.setUser(res.partner);
      client.setQueryData(['partner', 'profile'], { success: true, partner: res.partner });
      onStored();
      toast('success', 'Profile updated successfully');
    },
    onError: (error, update) => {
      if (error instanceof ApiError && error.status === 401) return onSessionExpired();
      if (error instanceof ApiError && error.status < 500) {
        toast('error', error.message || 'Failed to update profile');
        return;
      }
      const cached = partnerSession.getUser() ?? {};
      const changed = editableKeys.filter((k) => String(cached[k] ?? '') !== update[k]);
      const localOnly = [...new Set([...(cached._localOnly ?? []), ...changed])];
      partnerSession.setUser({ ...cached, ...update, _localOnly: localOnly });
      onStored();
      toast('info', 'Profile saved locally (API unavailable)');
    },
  });
}

export function ProfilePanel({ token, partner, startEditing, onSessionExpired, onStored }: Props) {
  const [editing, setEditing] = useState(startEditing);
  const [form, setForm] = useState(() => formFrom(partner));
  const [touched, setTouched] = useState(false);
  const save = useSaveProfile(token, onSessionExpired, onStored);

  // A fresh load (or a save) replaces what the form started from.
  useEffect(() => {
    if (!editing) setForm(formFrom(partner));
  }, [partner, editing]);

  const companyError = touched && !form.companyName.trim() ? 'Company name is required' : undefined;
  const contactEmailError =
    touched && form.contactEmail.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.contactEmail.trim())
      ? 'Invalid email format'
      : undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!form.companyName.trim()) {
      document.getElementById('profile-companyName')?.focus();
      return;
    }
    if (
      contactEmailError ||
      (form.contactEmail.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.contactEmail.trim()))
    ) {
      document.getElementById('profile-contactEmail')?.focus();
      return;
    }
    save.mutate(form, {
      onSettled: (_d, error) => {
        if (!error || !(error instanceof ApiError && error.status < 500)) setEditing(false);
      },
    });
  };

  const cancel = () => {
    setForm(formFrom(partner));
    setTouched(false);
    setEditing(false);
  };

  const localOnly = (partner._localOnly ?? []) as Editable[];

  return (
    <section aria-labelledby="pt-profile-title">
      <div className="pt-panel-head">
        <h2 id="pt-profile-title">Company profile</h2>
        {!editing && (
          <button type="button" className="pt-button" onClick={() => setEditing(true)}>
            Edit Profile
          </button>
        )}
      </div>

      {localOnly.length > 0 && (
        <div className="pt-banner pt-banner-info">
          <p>
            <strong>Saved only on this device:</strong> {localOnly.map((k) => labelOf[k] ?? k).join(', ')}. We
            could not reach the server, so these changes are not yet on your account. We will send them the
            next time the dashboard loads, or when you save again.
          </p>
        </div>
      )}

      {!editing ? (
        <div>
          <dl className="pt-dl">
            <div>
              <dt>Owner Email</dt>
              <dd>{partner.ownerEmail || partner.email || 'Not provided'}</dd>
            </div>
            {partner.approvalStatus && (
              <div>
                <dt>Partnership status</dt>
                <dd>{approvalLabels[partner.approvalStatus]}</dd>
              </div>
            )}
          </dl>
          {groups.map((g) => (
            <div key={g.title} className="pt-profile-group">
              <h3>{g.title}</h3>
              <dl className="pt-dl">
                {g.fields.map((f) => (
                  <div key={f.key}>
                    <dt>
                      {f.label}
                      {localOnly.includes(f.key) && (
                        <span className="pt-badge pt-badge-local"> Only on this device</span>
                      )}
                    </dt>
                    <dd>{String(partner[f.key] ?? '') || 'Not provided'}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Edit company profile">
          <TextField
            id="profile-ownerEmail"
            label="Owner Email"
            type="email"
            value={partner.ownerEmail || partner.email || ''}
            onChange={() => {}}
            readOnly
            hint="The owner email is your sign-in and cannot be changed here."
          />
          {groups.map((g) => (
            <fieldset key={g.title} className="pt-fieldset">
              <legend>{g.title}</legend>
              <div className="pt-grid">
                {g.fields.map((f) => (
                  <TextField
                    key={f.key}
                    id={`profile-${f.key}`}
                    label={f.label}
                    type={f.type ?? 'text'}
                    required={f.key === 'companyName'}
                    value={form[f.key]}
                    error={
                      f.key === 'companyName'
                        ? companyError
                        : f.key === 'contactEmail'
                          ? contactEmailError
                          : undefined
                    }
                    onChange={(v) => setForm((prev) => ({ ...prev, [f.key]: v }))}
                    onBlur={() => f.key === 'companyName' && setTouched(true)}
                  />
                ))}
              </div>
            </fieldset>
          ))}
          <div className="pt-actions">
            <button
              type="button"
              className="pt-button pt-button-secondary"
              onClick={cancel}
              disabled={save.isPending}
            >
              Cancel
            </button>
            <button type="submit" className="pt-button" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

export { editableKeys, formFrom };
