import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { queryClient } from '#site/lib/query-client.ts';
import type { PartnerMember } from '#schemas/partner-members.ts';
import '../../styles/partner-members.css';

const membersAnswer = schemaFrom(() => import('#schemas/partner-members.ts'), 'partnerMembersResponse');
const messageAnswer = schemaFrom(() => import('#schemas/responses.ts'), 'messageResponse');

/** The organisation's members and invitations (functions/services/accounts/partner-members.ts). */
const membersQuery = (token: string) =>
  queryOptions({
    queryKey: ['partner', 'members'],
    queryFn: () => api('/api/partner/members', { token, schema: membersAnswer }),
    retry: false,
    staleTime: 0,
  });

const statusLabel: Record<PartnerMember['status'], string> = {
  active: 'Member',
  invited: 'Invited',
  expired: 'Invitation expired',
};

type Notice = { kind: 'success' | 'error'; text: string } | null;

const failureText = (error: unknown) =>
  error instanceof ApiError
    ? error.message
    : 'We could not reach our server. Check your connection and try again.';

/**
 * The "Members" tab: who belongs to the organisation. Its owner invites an address (the
 * registration's contact person is offered first), removes members and withdraws invitations, and
 * may hand the organisation over to a member; a member sees the list only.
 */
export function MembersPanel({ token, onSessionExpired }: { token: string; onSessionExpired: () => void }) {
  const query = useQuery(membersQuery(token));
  const [email, setEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<PartnerMember | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const fieldId = useId();

  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401) onSessionExpired();
  }, [query.error, onSessionExpired]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const done = (text: string) => {
    setNotice({ kind: 'success', text });
    setConfirming(null);
    void queryClient.invalidateQueries({ queryKey: ['partner', 'members'] });
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return onSessionExpired();
    setNotice({ kind: 'error', text: failureText(error) });
  };
  const invite = useMutation({
    mutationFn: (address: string) =>
      api('/api/partner/members', { method: 'POST', token, body: { email: address }, schema: messageAnswer }),
    onSuccess: (answer) => {
      setEmail('');
      done(answer.message);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api(`/api/partner/members/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        token,
        schema: messageAnswer,
      }),
    onSuccess: (answer) => done(answer.message),
    onError: failed,
  });
  const handOver = useMutation({
    mutationFn: (memberId: string) =>
      api('/api/partner/members/handover', {
        method: 'POST',
        token,
        body: { memberId },
        schema: messageAnswer,
      }),
    onSuccess: (answer) => done(answer.message),
    onError: failed,
  });

  if (query.isPending)
    return (
      <p className="pt-muted" role="status">
        Loading the members…
      </p>
    );
  if (query.isError)
    return (
      <div className="pt-banner pt-banner-error" role="alert">
        <p>We could not load the members.</p>
        <button type="button" className="pt-button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );

  const { yourRole, members, contactEmail } = query.data;
  const owner = yourRole === 'owner';
  const contactJoined = members.some((m) => m.email === contactEmail.toLowerCase());
  // The registration's contact person is offered until they are on the list.
  const value = email ?? (contactJoined ? '' : contactEmail);
  const busy = invite.isPending || remove.isPending || handOver.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    invite.mutate(value);
  };

  return (
    <section aria-labelledby="pt-members-title">
      <div className="pt-panel-head">
        <h2 id="pt-members-title">Members</h2>
      </div>
      <p className="pt-muted">
        {owner
          ? 'Members sign in at the partner login with their own e-mail address and password, and see and send this organisation’s requests. Only you, the owner, invite and remove them.'
          : 'You are a member of this organisation. Only its owner invites or removes members.'}
      </p>
      {notice && (
        <p
          ref={noticeRef}
          tabIndex={-1}
          className={`pt-banner ${notice.kind === 'success' ? 'pt-banner-success' : 'pt-banner-error'}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      {owner && (
        <form className="pm-invite" onSubmit={submit} aria-labelledby={`${fieldId}-legend`} noValidate>
          <h3 id={`${fieldId}-legend`}>Invite a member</h3>
          <div className="pt-field">
            <label className="pt-label" htmlFor={fieldId}>
              E-mail address
            </label>
            <div className="pt-input-row">
              <input
                id={fieldId}
                className="pt-input"
                type="email"
                autoComplete="off"
                value={value}
                aria-describedby={`${fieldId}-hint`}
                onChange={(e) => setEmail(e.target.value)}
              />
              <button type="submit" className="pt-button" disabled={busy || !value.trim()}>
                {invite.isPending ? 'Sending…' : 'Send invitation'}
              </button>
            </div>
            <p id={`${fieldId}-hint`} className="pt-hint">
              {contactJoined
                ? 'They get a link to join, valid for 7 days.'
                : 'Your registration’s contact person is filled in; you can invite another address. They get a link to join, valid for 7 days.'}
            </p>
          </div>
        </form>
      )}
      <ul className="pm-list" aria-label="Members">
        {members.map((m) => (
          <li key={m.id} className="pm-row">
            <div className="pm-who">
              <span className="pm-email">{m.email}</span>
              <span className={`pm-role pm-role-${m.role === 'owner' ? 'owner' : m.status}`}>
                {m.role === 'owner' ? 'Owner' : statusLabel[m.status]}
                {m.you ? ' (you)' : ''}
              </span>
            </div>
            {owner && m.role !== 'owner' && (
              <div className="pm-actions">
                {m.status === 'active' && (
                  <button
                    type="button"
                    className="pt-button pt-button-secondary"
                    disabled={busy}
                    onClick={() => {
                      setNotice(null);
                      setConfirming(m);
                    }}
                  >
                    Hand over
                  </button>
                )}
                <button
                  type="button"
                  className="pt-button pt-button-ghost"
                  disabled={busy}
                  aria-label={`Remove ${m.email}`}
                  onClick={() => {
                    setNotice(null);
                    remove.mutate(m.id);
                  }}
                >
                  Remove
                </button>
              </div>
            )}
            {confirming?.id === m.id && (
              <div className="pm-confirm" role="group" aria-label="Hand over the organisation">
                <p>
                  Make {m.email} the owner? You become a member: you keep the dashboard, but only they can
                  invite, remove or delete.
                </p>
                <div className="pt-actions">
                  <button
                    type="button"
                    className="pt-button"
                    disabled={busy}
                    onClick={() => handOver.mutate(m.id)}
                  >
                    {handOver.isPending ? 'Handing over…' : 'Yes, hand over'}
                  </button>
                  <button
                    type="button"
                    className="pt-button pt-button-ghost"
                    onClick={() => setConfirming(null)}
                  >
                    Cancel
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
