import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarSchema, counsellorListSchema, meetingPersonSchema } from '#schemas/admin/counsellors.ts';
import {
  consultationModeLabels,
  consultationStatusLabels,
  consultationTopicLabels,
} from '#schemas/consultation-rules.ts';
import { okResponse } from '#schemas/responses.ts';
import {
  addDays,
  formatInZone,
  localDate,
  timeInZone,
  weekday,
  zoneAbbreviation,
} from '#schemas/zoned-time.ts';
import { BookOnBehalf, type BookedOnBehalf } from './BookOnBehalf.tsx';
import { adminApi, downloadCsv, errorText } from './session.ts';
// Its own rules: whichever page renders the calendar has them.
import '../../styles/admin-counsellors.css';

/** The zone of this staff member's browser: the calendar's days and times are in it. */
const staffZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const dayTitle = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${date}T12:00:00Z`));

/**
 * The consultations calendar: a day or a week of meetings, of one counsellor or all, in this
 * browser's zone; after a meeting staff record it as held or not attended, and keep notes on it.
 */
export function ConsultationCalendar() {
  const zone = staffZone();
  const today = localDate(Date.now(), zone);
  const [view, setView] = useState<'day' | 'week'>('week');
  const [anchor, setAnchor] = useState(today);
  const [counsellor, setCounsellor] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [booking, setBooking] = useState(false);
  const [booked, setBooked] = useState<string | null>(null);
  const bookedRef = useRef<HTMLParagraphElement>(null);
  const queryClient = useQueryClient();
  // After the dialog closes (and gives focus back to its opener), the news of the booking takes it.
  useEffect(() => {
    if (booked) bookedRef.current?.focus();
  }, [booked]);
  // A week starts on Monday.
  const from = view === 'day' ? anchor : addDays(anchor, 1 - weekday(anchor));
  const days = view === 'day' ? [from] : Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const to = days.at(-1)!;
  const counsellors = useQuery({
    queryKey: ['admin', '/counsellors'],
    queryFn: () => adminApi('/counsellors', { schema: counsellorListSchema }),
  });
  // Dates on the wire are UTC days: a day either side covers this zone's days.
  const params = new URLSearchParams({ from: addDays(from, -1), to: addDays(to, 1) });
  if (counsellor) params.set('counsellor', counsellor);
  const calendar = useQuery({
    queryKey: ['admin', '/counsellors/calendar', params.toString()],
    queryFn: () => adminApi(`/counsellors/calendar?${params.toString()}`, { schema: calendarSchema }),
  });
  const record = useMutation({
    mutationFn: ({ id, ...body }: { id: string; status?: 'held' | 'no_show'; notes?: string }) =>
      adminApi(`/counsellors/meetings/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
        schema: okResponse,
      }),
    onMutate: () => setResult(null),
    onSuccess: () => setResult({ ok: true, text: 'Saved.' }),
    onError: (error) => setResult({ ok: false, text: errorText(error) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', '/counsellors/calendar'] }),
  });
  const reassign = useMutation({
    mutationFn: ({ id, counsellorId }: { id: string; counsellorId: string }) =>
      adminApi(`/counsellors/meetings/${encodeURIComponent(id)}/reassign`, {
        method: 'POST',
        body: { counsellorId },
        schema: okResponse,
      }),
    onMutate: () => setResult(null),
    onSuccess: () => setResult({ ok: true, text: 'Given to the other counsellor. Both have been told.' }),
    onError: (error) => setResult({ ok: false, text: errorText(error) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', '/counsellors/calendar'] }),
  });
  const exportCsv = () => {
    // The days shown, as the zone's dates: the file holds the meetings of these days.
    const csv = new URLSearchParams({ from, to, format: 'csv' });
    if (counsellor) csv.set('counsellor', counsellor);
    setResult(null);
    downloadCsv(`/counsellors/calendar?${csv.toString()}`).catch((error: unknown) =>
      setResult({ ok: false, text: errorText(error) }),
    );
  };
  const names = new Map((counsellors.data?.counsellors ?? []).map((c) => [c.id, c.name]));
  const onBooked = (meeting: BookedOnBehalf) => {
    setBooking(false);
    setResult(null);
    // The calendar turns to the meeting's day, with every counsellor when another one was shown.
    setAnchor(localDate(new Date(meeting.start), zone));
    if (counsellor && names.get(counsellor) !== meeting.counsellor) setCounsellor('');
    void queryClient.invalidateQueries({ queryKey: ['admin', '/counsellors/calendar'] });
    const start = new Date(meeting.start);
    const atOffice =
      meeting.office.timeZone === zone
        ? ''
        : ` (${timeInZone(start, meeting.office.timeZone)} ${zoneAbbreviation(start, meeting.office.timeZone)} at ${meeting.office.name})`;
    setBooked(
      `Booked ${meeting.name} with ${meeting.counsellor} on ${formatInZone(start, zone)} ${zoneAbbreviation(start, zone)}${atOffice}. They have been e-mailed the details and a calendar invitation.`,
    );
  };
  const now = Date.now();
  const step = view === 'day' ? 1 : 7;
  return (
    <>
      <h1>Consultations</h1>
      <p className="admin-muted">Times are in your time zone ({zone}).</p>
      <div className="admin-filters">
        <div className="admin-field">
          <label htmlFor="calendar-counsellor">Counsellor</label>
          <select id="calendar-counsellor" value={counsellor} onChange={(e) => setCounsellor(e.target.value)}>
            <option value="">All counsellors</option>
            {(counsellors.data?.counsellors ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="calendar-view">Show</label>
          <select
            id="calendar-view"
            value={view}
            onChange={(e) => setView(e.target.value === 'day' ? 'day' : 'week')}
          >
            <option value="week">Week</option>
            <option value="day">Day</option>
          </select>
        </div>
        <button
          type="button"
          className="admin-button admin-button--quiet"
          onClick={() => setAnchor(addDays(anchor, -step))}
        >
          Previous
        </button>
        <button type="button" className="admin-button admin-button--quiet" onClick={() => setAnchor(today)}>
          Today
        </button>
        <button
          type="button"
          className="admin-button admin-button--quiet"
          onClick={() => setAnchor(addDays(anchor, step))}
        >
          Next
        </button>
        <button type="button" className="admin-button admin-button--quiet" onClick={exportCsv}>
          Download CSV
        </button>
        <button
          type="button"
          className="admin-button"
          disabled={!counsellors.data}
          onClick={() => {
            setBooked(null);
            setBooking(true);
          }}
        >
          Book a consultation
        </button>
      </div>
      {counsellors.data && (
        <BookOnBehalf
          open={booking}
          onClose={() => setBooking(false)}
          onBooked={onBooked}
          counsellors={counsellors.data.counsellors}
          offices={counsellors.data.offices}
          staffZone={zone}
          date={view === 'day' ? anchor : today}
        />
      )}
      <div aria-live="polite">
        {booked && (
          <p role="status" className="admin-success" tabIndex={-1} ref={bookedRef}>
            {booked}
          </p>
        )}
        {result && (
          <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'admin-success' : 'admin-error'}>
            {result.text}
          </p>
        )}
      </div>
      {calendar.isPending && <p className="admin-loading">Loading…</p>}
      {calendar.isError && <p className="admin-error">{errorText(calendar.error)}</p>}
      {calendar.data &&
        days.map((day) => {
          const meetings = calendar.data.meetings.filter((m) => localDate(new Date(m.start), zone) === day);
          return (
            <section key={day} aria-labelledby={`day-${day}`}>
              <h2 id={`day-${day}`}>{dayTitle(day)}</h2>
              {meetings.length === 0 ? (
                <p className="admin-muted">No consultations.</p>
              ) : (
                <div className="admin-table-wrap">
                  <table className="admin-table">
                    <caption className="admin-muted">Consultations on {dayTitle(day)}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Time</th>
                        <th scope="col">Counsellor</th>
                        <th scope="col">Person</th>
                        <th scope="col">Meeting</th>
                        <th scope="col">Status</th>
                        <th scope="col">Notes</th>
                      </tr>
                    </thead>
                    <tbody>
                      {meetings.map((m) => (
                        <tr key={m.id}>
                          <td>
                            {timeInZone(new Date(m.start), zone)}–{timeInZone(new Date(m.end), zone)}
                          </td>
                          <td>
                            {names.get(m.counsellorId) ?? m.counsellorId}
                            {m.status === 'booked' && Date.parse(m.start) > now && (
                              <Reassign
                                id={m.id}
                                current={m.counsellorId}
                                counsellors={counsellors.data?.counsellors ?? []}
                                busy={reassign.isPending}
                                onGive={(counsellorId) => reassign.mutate({ id: m.id, counsellorId })}
                              />
                            )}
                          </td>
                          <td>
                            {m.name}
                            <br />
                            <span className="admin-mono">{m.email}</span>
                            <br />
                            {m.phone}
                            <PersonDetails id={m.id} name={m.name} zone={zone} />
                          </td>
                          <td>
                            {consultationModeLabels[m.mode]}, {consultationTopicLabels[m.topic].toLowerCase()}
                          </td>
                          <td>
                            {consultationStatusLabels[m.status]}
                            {m.status !== 'cancelled' && (
                              <div className="admin-actions">
                                <button
                                  type="button"
                                  className="admin-button admin-button--quiet"
                                  disabled={record.isPending}
                                  onClick={() => record.mutate({ id: m.id, status: 'held' })}
                                >
                                  Held
                                </button>
                                <button
                                  type="button"
                                  className="admin-button admin-button--quiet"
                                  disabled={record.isPending}
                                  onClick={() => record.mutate({ id: m.id, status: 'no_show' })}
                                >
                                  No-show
                                </button>
                              </div>
                            )}
                          </td>
                          <td>
                            <Notes
                              id={m.id}
                              notes={m.notes}
                              onSave={(notes) => record.mutate({ id: m.id, notes })}
                            />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          );
        })}
    </>
  );
}

/**
 * The person behind a meeting, opened on request: their other meetings with the notes on them, and
 * the applications and documents of the accounts their address holds.
 */
function PersonDetails({ id, name, zone }: { id: string; name: string; zone: string }) {
  const [open, setOpen] = useState(false);
  const person = useQuery({
    queryKey: ['admin', '/counsellors/meetings/person', id],
    queryFn: () =>
      adminApi(`/counsellors/meetings/${encodeURIComponent(id)}/person`, { schema: meetingPersonSchema }),
    enabled: open,
  });
  return (
    <details className="meeting-person" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Applications and earlier meetings of {name}</summary>
      {person.isPending && <p className="admin-loading">Loading…</p>}
      {person.isError && <p className="admin-error">{errorText(person.error)}</p>}
      {person.data && (
        <>
          {person.data.accounts.length === 0 ? (
            <p className="admin-muted">No account uses this address.</p>
          ) : (
            person.data.accounts.map((a) => (
              <div key={`${a.type}-${a.id}`}>
                <p>
                  <strong>{a.name}</strong> ({a.type === 'applicant' ? 'job seeker' : a.type})
                </p>
                {a.applications.length === 0 ? (
                  <p className="admin-muted">No applications.</p>
                ) : (
                  <ul aria-label={`Applications of ${a.name}`}>
                    {a.applications.map((x) => (
                      <li key={x.id}>
                        <a href={x.href}>{x.title}</a>: {x.status}
                      </li>
                    ))}
                  </ul>
                )}
                {a.documents.length > 0 && (
                  <ul aria-label={`Documents of ${a.name}`}>
                    {a.documents.map((d) => (
                      <li key={d.id}>
                        {d.type}: {d.name}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))
          )}
          {person.data.earlier.length === 0 ? (
            <p className="admin-muted">No other meetings.</p>
          ) : (
            <ul aria-label={`Other meetings of ${name}`}>
              {person.data.earlier.map((e) => (
                <li key={e.id}>
                  {localDate(new Date(e.start), zone)} {timeInZone(new Date(e.start), zone)} with{' '}
                  {e.counsellor}: {consultationStatusLabels[e.status]}
                  {e.notes && <span className="admin-muted"> ({e.notes})</span>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </details>
  );
}

/** Gives a meeting to another active counsellor (the server checks they are free then). */
function Reassign({
  id,
  current,
  counsellors,
  busy,
  onGive,
}: {
  id: string;
  current: string;
  counsellors: { id: string; name: string; isActive: boolean }[];
  busy: boolean;
  onGive: (counsellorId: string) => void;
}) {
  const others = counsellors.filter((c) => c.id !== current && c.isActive);
  const [chosen, setChosen] = useState('');
  if (others.length === 0) return null;
  return (
    <div className="admin-field">
      <label htmlFor={`reassign-${id}`}>Give to</label>
      <select id={`reassign-${id}`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">Choose a counsellor</option>
        {others.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        disabled={busy || !chosen}
        onClick={() => onGive(chosen)}
      >
        Reassign
      </button>
    </div>
  );
}

/** A meeting's notes, saved on request. */
function Notes({ id, notes, onSave }: { id: string; notes: string | null; onSave: (notes: string) => void }) {
  const [text, setText] = useState(notes ?? '');
  return (
    <div className="admin-field">
      <label htmlFor={`notes-${id}`}>Notes</label>
      <textarea id={`notes-${id}`} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" className="admin-button admin-button--quiet" onClick={() => onSave(text)}>
        Save notes
      </button>
    </div>
  );
}
