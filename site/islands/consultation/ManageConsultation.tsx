import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { withQuery } from '#site/islands/common/with-query.tsx';
import { api, ApiError } from '#site/lib/api.ts';
import {
  consultationModeLabels,
  consultationStatusLabels,
  consultationTopicLabels,
} from '#schemas/consultation-rules.ts';
import {
  changedAnswer,
  clock,
  consultationAnswer,
  rememberedZone,
  SlotPicker,
  ZonePicker,
  when,
  type OfferedSlot,
} from './slots.tsx';

/** The meeting id and token of this page's address: /consultation/{id}?t=… */
function linkOfPage() {
  const id = decodeURIComponent(
    window.location.pathname.replace(/^\/consultation\/?/, '').replace(/\/$/, ''),
  );
  const token = new URLSearchParams(window.location.search).get('t') ?? '';
  return { id, token };
}

type Panel = 'view' | 'move' | 'cancel';

/**
 * /consultation/{id}: the meeting as it is now (whichever e-mail's link opened it), and while it
 * is still ahead, moving it to another free time or cancelling it.
 */
function ManageConsultation() {
  const [{ id, token }] = useState(linkOfPage);
  const [zone, setZone] = useState(rememberedZone);
  const [panel, setPanel] = useState<Panel>('view');
  const [slot, setSlot] = useState<OfferedSlot | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const key = ['consultation', id];
  const query = useQuery({
    queryKey: key,
    queryFn: () =>
      api(`/api/consultations/${encodeURIComponent(id)}?t=${encodeURIComponent(token)}`, {
        schema: consultationAnswer,
      }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  useEffect(() => {
    if (notice) document.getElementById('consult-notice')?.focus();
  }, [notice]);

  if (query.isPending)
    return (
      <p className="consult-status" role="status">
        <span className="spinner" aria-hidden="true" /> Loading your consultation…
      </p>
    );
  if (query.isError) {
    const gone =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 410);
    return (
      <div className="alert alert--error" role="alert">
        <p>{gone ? query.error.message : 'We could not load your consultation. Please try again.'}</p>
        {!gone && (
          <button type="button" className="btn btn--small" onClick={() => void query.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  const m = query.data.consultation;

  async function change(path: 'reschedule' | 'cancel', body: Record<string, string>) {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api(`/api/consultations/${encodeURIComponent(id)}/${path}`, {
        method: 'POST',
        schema: changedAnswer,
        body: { t: token, ...body },
      });
      client.setQueryData(key, { success: true as const, consultation: answer.consultation });
      void client.invalidateQueries({ queryKey: ['consultation-slots'] });
      setPanel('view');
      setSlot(null);
      setNotice({ kind: 'success', text: answer.message });
    } catch (error) {
      setNotice({
        kind: 'error',
        text: error instanceof ApiError ? error.message : 'We could not reach the server. Please try again.',
      });
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: ['consultation-slots'] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="consult-manage">
      {notice && (
        <p
          id="consult-notice"
          tabIndex={-1}
          className={`alert alert--${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <dl className="consult-facts">
        <div>
          <dt>Status</dt>
          <dd>{consultationStatusLabels[m.status]}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            {when(m.start, zone)}
            {m.office.timeZone !== zone && (
              <span className="consult-time__office">
                {' '}
                · {clock(m.start, m.office.timeZone)} in {m.office.city}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>How</dt>
          <dd>
            {consultationModeLabels[m.mode]}
            {m.mode === 'in_person' && `: ${m.office.name}, ${m.office.address}`}
            {m.videoLink && (
              <>
                {': '}
                <a href={m.videoLink} rel="noopener noreferrer" target="_blank">
                  join the video call (opens in a new tab)
                </a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>With</dt>
          <dd>
            {m.counsellor.name}, about {consultationTopicLabels[m.topic].toLowerCase()}
          </dd>
        </div>
      </dl>
      <ZonePicker id="manage-zone" zone={zone} onChange={setZone} />
      {m.changeable && panel === 'view' && (
        <div className="btn-row">
          <button type="button" className="btn btn--primary" onClick={() => setPanel('move')}>
            Move to another time
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => setPanel('cancel')}>
            Cancel the consultation
          </button>
        </div>
      )}
      {m.changeable && panel === 'move' && (
        <section className="consult-panel" aria-labelledby="move-title">
          <h2 id="move-title">Choose a new time</h2>
          <SlotPicker
            zone={zone}
            mode={m.mode}
            topic={m.topic}
            office={m.office.id}
            offices={[m.office]}
            selected={slot}
            onSelect={setSlot}
            exclude={m.start}
          />
          <div className="btn-row">
            <button
              type="button"
              className="btn btn--primary"
              disabled={!slot || busy}
              onClick={() => slot && void change('reschedule', { start: slot.start })}
            >
              {busy ? 'Moving…' : 'Move my consultation'}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setPanel('view')}>
              Keep the current time
            </button>
          </div>
        </section>
      )}
      {m.changeable && panel === 'cancel' && (
        <section className="consult-panel" aria-labelledby="cancel-title">
          <h2 id="cancel-title">Cancel this consultation?</h2>
          <div className="field">
            <label htmlFor="cancel-reason">Why are you cancelling? (optional)</label>
            <textarea
              id="cancel-reason"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="btn-row">
            <button
              type="button"
              className="btn btn--danger btn--primary"
              disabled={busy}
              onClick={() => void change('cancel', reason.trim() ? { reason: reason.trim() } : {})}
            >
              {busy ? 'Cancelling…' : 'Yes, cancel it'}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setPanel('view')}>
              No, keep it
            </button>
          </div>
        </section>
      )}
      {!m.changeable && m.status === 'cancelled' && (
        <p>
          This consultation is cancelled. <a href="/book-consultation">Book another time</a>.
        </p>
      )}
    </div>
  );
}

export default withQuery(ManageConsultation);
