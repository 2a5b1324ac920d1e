import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  closureListSchema,
  closureSavedSchema,
  counsellorListSchema,
  counsellorSavedSchema,
  counsellorSchema,
  type CounsellorInput,
  type CounsellorRow,
} from '#schemas/admin/counsellors.ts';
import {
  consultationModeLabels,
  consultationModes,
  consultationTopicLabels,
  consultationTopics,
  type ConsultationMode,
  type ConsultationTopic,
} from '#schemas/consultation-rules.ts';
import { okResponse } from '#schemas/responses.ts';
import { ApiError } from '#site/lib/api.ts';
import { CheckboxField, SelectField, TextField } from '../common/fields.tsx';
import { AdminForm } from './AdminForm.tsx';
import { adminLook } from './look.ts';
import { adminApi, errorText } from './session.ts';
// Its own rules: whichever page renders the form has them.
import '../../styles/admin-counsellors.css';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "09:30" from minutes after midnight; 1440 reads "24:00". */
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** Minutes after midnight from "09:30"; an end of "00:00" or "24:00" is midnight at the day's end. */
const minutesOf = (text: string, end = false) => {
  const [h, m] = text.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return -1;
  const total = h * 60 + m;
  return end && total === 0 ? 1440 : total;
};

interface Period {
  key: string;
  officeId: string;
  weekday: string;
  start: string;
  end: string;
}

/** The form's state: text as typed, turned into the contract's numbers on save. */
interface Draft {
  name: string;
  email: string;
  videoLink: string;
  modes: ConsultationMode[];
  topics: ConsultationTopic[];
  meetingMinutes: string;
  bufferMinutes: string;
  noticeHours: string;
  windowWeeks: string;
  isActive: boolean;
  editorsMayEdit: boolean;
  hours: Period[];
}

const newKey = () => Math.random().toString(36).slice(2);

function draftOf(c: CounsellorRow | null, firstOffice: string): Draft {
  return {
    name: c?.name ?? '',
    email: c?.email ?? '',
    videoLink: c?.videoLink ?? '',
    modes: c?.modes ?? ['video'],
    topics: c?.topics ?? ['study'],
    meetingMinutes: String(c?.meetingMinutes ?? 30),
    bufferMinutes: String(c?.bufferMinutes ?? 0),
    noticeHours: String((c?.minNoticeMinutes ?? 12 * 60) / 60),
    windowWeeks: String(Math.round(((c?.bookingWindowDays ?? 56) / 7) * 100) / 100),
    isActive: c?.isActive ?? true,
    editorsMayEdit: c?.editorsMayEdit ?? false,
    hours: (
      c?.hours ??
      [1, 2, 3, 4, 5].map((weekday) => ({
        officeId: firstOffice,
        weekday,
        startMinute: 540,
        endMinute: 1020,
      }))
    ).map((h) => ({
      key: newKey(),
      officeId: h.officeId,
      weekday: String(h.weekday),
      start: hhmm(h.startMinute),
      end: hhmm(h.endMinute),
    })),
  };
}

/** The draft as the contract reads it (counsellorSchema checks it, here and on the server). */
function payloadOf(d: Draft, staffId: string | null): CounsellorInput {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return {
    name: d.name,
    staffId,
    email: d.email.trim() || null,
    videoLink: d.videoLink.trim() || null,
    modes: d.modes,
    topics: d.topics,
    meetingMinutes: number(d.meetingMinutes),
    bufferMinutes: number(d.bufferMinutes),
    minNoticeMinutes: Math.round(number(d.noticeHours) * 60),
    bookingWindowDays: Math.round(number(d.windowWeeks) * 7),
    isActive: d.isActive,
    editorsMayEdit: d.editorsMayEdit,
    hours: d.hours.map((h) => ({
      officeId: h.officeId,
      weekday: Number(h.weekday),
      startMinute: minutesOf(h.start),
      endMinute: minutesOf(h.end, true),
    })),
  };
}

/** Where a contract field's message shows in the form. */
const fieldOf: Record<string, string> = {
  minNoticeMinutes: 'noticeHours',
  bookingWindowDays: 'windowWeeks',
  startMinute: 'start',
  endMinute: 'end',
};
const keyOf = (path: PropertyKey[]) =>
  path.map((p) => (typeof p === 'string' ? (fieldOf[p] ?? p) : String(p))).join('.');
const NUMBER_MESSAGE = 'Enter a whole number';

/**
 * Counsellors and when they meet people: offices and weekly hours in each office's zone, days off,
 * meeting length, buffer, minimum notice, booking window and ways to meet. Admins see everyone and
 * add counsellors; editors see the counsellors an admin opened to them.
 */
export function Counsellors() {
  const list = useQuery({
    queryKey: ['admin', '/counsellors'],
    queryFn: () => adminApi('/counsellors', { schema: counsellorListSchema }),
  });
  // The counsellor being edited by id, 'new' for the form that adds one, or null for none.
  const [editing, setEditing] = useState<string | null>(null);
  // What the form said as it closed: a new counsellor's form opens again as theirs and says it saved.
  const [notice, setNotice] = useState<string | null>(null);
  const counsellors = list.data?.counsellors ?? [];
  const chosen = editing && editing !== 'new' ? (counsellors.find((c) => c.id === editing) ?? null) : null;
  return (
    <>
      <h1>Counsellors</h1>
      <p className="admin-muted">
        Who holds free consultations, where and when. Hours are in each office&apos;s own time zone, so they
        stay the same through a change of daylight saving time.
      </p>
      {list.isPending && <p className="admin-loading">Loading…</p>}
      {list.isError && (
        <p className="admin-error" role="alert">
          {errorText(list.error)}
        </p>
      )}
      {list.data && (
        <>
          {counsellors.length === 0 ? (
            <p className="admin-muted">
              {list.data.canManage
                ? 'No counsellors yet.'
                : 'No counsellor is open to editors. An admin can allow it on a counsellor.'}
            </p>
          ) : (
            <ul className="counsellor-list" aria-label="Counsellors">
              {counsellors.map((c) => (
                <li key={c.id} className="counsellor-item">
                  <h2 className="counsellor-item__name">{c.name}</h2>
                  <p className="admin-muted">
                    {c.isActive ? 'Takes meetings' : 'Not taking meetings'} · {c.meetingMinutes} min ·{' '}
                    {c.modes.map((m) => consultationModeLabels[m]).join(', ')}
                  </p>
                  <p className="admin-muted">
                    {c.hours.length === 0
                      ? 'No weekly hours'
                      : [
                          ...new Set(
                            c.hours.map(
                              (h) => list.data.offices.find((o) => o.id === h.officeId)?.name ?? h.officeId,
                            ),
                          ),
                        ].join(', ')}
                  </p>
                  <button
                    type="button"
                    className="admin-button admin-button--quiet"
                    aria-label={`Edit ${c.name}`}
                    aria-expanded={editing === c.id}
                    onClick={() => {
                      setNotice(null);
                      setEditing(editing === c.id ? null : c.id);
                    }}
                  >
                    {editing === c.id ? 'Close' : 'Edit'}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {list.data.canManage && editing !== 'new' && (
            <p>
              <button type="button" className="admin-button" onClick={() => setEditing('new')}>
                Add a counsellor
              </button>
            </p>
          )}
          {editing && (editing === 'new' || chosen) && (
            <CounsellorForm
              key={editing}
              counsellor={chosen}
              offices={list.data.offices}
              canManage={list.data.canManage}
              notice={notice}
              onCreated={(id, text) => {
                setNotice(text);
                setEditing(id);
              }}
              onClose={() => {
                setNotice(null);
                setEditing(null);
              }}
            />
          )}
        </>
      )}
    </>
  );
}

function CounsellorForm({
  counsellor,
  offices,
  canManage,
  notice,
  onCreated,
  onClose,
}: {
  counsellor: CounsellorRow | null;
  offices: { id: string; name: string; city: string; timeZone: string }[];
  canManage: boolean;
  notice: string | null;
  onCreated: (id: string, text: string) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(counsellor, offices[0]?.id ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(
    notice ? { ok: true, text: notice } : null,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const title = counsellor ? `Edit ${counsellor.name}` : 'Add a counsellor';
  useEffect(() => heading.current?.focus(), []);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setPeriod = (key: string, change: Partial<Period>) =>
    set(
      'hours',
      draft.hours.map((h) => (h.key === key ? { ...h, ...change } : h)),
    );

  const save = useMutation({
    mutationFn: (body: CounsellorInput) =>
      counsellor
        ? adminApi(`/counsellors/${encodeURIComponent(counsellor.id)}`, {
            method: 'PUT',
            body,
            schema: counsellorSavedSchema,
          })
        : adminApi('/counsellors', { method: 'POST', body, schema: counsellorSavedSchema }),
    onSuccess: async (answer) => {
      const text = `Saved ${answer.counsellor.name}.`;
      setResult({ ok: true, text });
      await queryClient.invalidateQueries({ queryKey: ['admin', '/counsellors'] });
      if (!counsellor) onCreated(answer.counsellor.id, text);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      setResult({ ok: false, text: errorText(error) });
    },
  });

  const submit = () => {
    setResult(null);
    const payload = payloadOf(draft, counsellor?.staffId ?? null);
    const checked = counsellorSchema.safeParse(payload);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = keyOf(issue.path);
        found[key] ??= issue.code === 'invalid_type' ? NUMBER_MESSAGE : issue.message;
      }
      setErrors(found);
      setResult({ ok: false, text: 'Please correct the fields marked below.' });
      const first = document.querySelector<HTMLElement>('.admin-counsellor-form [aria-invalid="true"]');
      first?.focus();
      // The marked fields render on the next paint: focus the first of them then.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.admin-counsellor-form [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    save.mutate(payload);
  };

  const choice = <T extends string>(
    legend: string,
    all: readonly T[],
    labels: Record<T, string>,
    key: 'modes' | 'topics',
  ) => (
    <fieldset
      className="admin-fieldset"
      aria-describedby={errors[key] ? `counsellor-${key}-error` : undefined}
    >
      <legend>{legend}</legend>
      {all.map((value) => (
        <CheckboxField
          key={value}
          look={adminLook}
          id={`counsellor-${key}-${value}`}
          label={labels[value]}
          checked={(draft[key] as string[]).includes(value)}
          onChange={(e) =>
            set(
              key,
              (e.target.checked
                ? [...draft[key], value]
                : (draft[key] as string[]).filter((v) => v !== value)) as Draft[typeof key],
            )
          }
        />
      ))}
      {errors[key] && (
        <p className="admin-error" id={`counsellor-${key}-error`}>
          {errors[key]}
        </p>
      )}
    </fieldset>
  );

  return (
    <section className="admin-detail admin-counsellor-form" aria-labelledby="counsellor-form-title">
      <div className="admin-detail__head">
        <h2 id="counsellor-form-title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="admin-button admin-button--quiet" onClick={onClose}>
          Close
        </button>
      </div>
      <AdminForm onSubmit={submit} noValidate aria-labelledby="counsellor-form-title">
        <div className="counsellor-grid">
          <TextField
            look={adminLook}
            id="counsellor-name"
            label="Name"
            required
            value={draft.name}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            look={adminLook}
            id="counsellor-email"
            label="E-mail"
            type="email"
            hint="Where their notices and calendar replies go; empty: the office's address."
            value={draft.email}
            error={errors.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <TextField
            look={adminLook}
            id="counsellor-videoLink"
            label="Video link"
            type="url"
            hint="Their own video room, sent with every video meeting."
            value={draft.videoLink}
            error={errors.videoLink}
            onChange={(e) => set('videoLink', e.target.value)}
          />
        </div>
        {choice('Ways to meet', consultationModes, consultationModeLabels, 'modes')}
        {choice('Topics', consultationTopics, consultationTopicLabels, 'topics')}
        <fieldset className="admin-fieldset">
          <legend>Meetings</legend>
          <div className="counsellor-grid">
            <TextField
              look={adminLook}
              id="counsellor-meetingMinutes"
              label="Meeting length (minutes)"
              type="number"
              inputMode="numeric"
              min={15}
              max={180}
              value={draft.meetingMinutes}
              error={errors.meetingMinutes}
              onChange={(e) => set('meetingMinutes', e.target.value)}
            />
            <TextField
              look={adminLook}
              id="counsellor-bufferMinutes"
              label="Buffer between meetings (minutes)"
              type="number"
              inputMode="numeric"
              min={0}
              max={120}
              value={draft.bufferMinutes}
              error={errors.bufferMinutes}
              onChange={(e) => set('bufferMinutes', e.target.value)}
            />
            <TextField
              look={adminLook}
              id="counsellor-noticeHours"
              label="Minimum notice (hours)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.5}
              value={draft.noticeHours}
              error={errors.noticeHours}
              onChange={(e) => set('noticeHours', e.target.value)}
            />
            <TextField
              look={adminLook}
              id="counsellor-windowWeeks"
              label="Booking window (weeks)"
              type="number"
              inputMode="decimal"
              min={1}
              step={1}
              value={draft.windowWeeks}
              error={errors.windowWeeks}
              onChange={(e) => set('windowWeeks', e.target.value)}
            />
          </div>
          <CheckboxField
            look={adminLook}
            id="counsellor-isActive"
            label="Takes meetings (offered on the booking page)"
            checked={draft.isActive}
            onChange={(e) => set('isActive', e.target.checked)}
          />
          {canManage && (
            <CheckboxField
              look={adminLook}
              id="counsellor-editorsMayEdit"
              label="Editors may change these hours, days off and rules"
              checked={draft.editorsMayEdit}
              onChange={(e) => set('editorsMayEdit', e.target.checked)}
            />
          )}
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Weekly hours</legend>
          <p className="admin-muted">
            Each period in its office&apos;s time zone; an end of 00:00 is midnight.
          </p>
          {errors.hours && <p className="admin-error">{errors.hours}</p>}
          {draft.hours.length === 0 && (
            <p className="admin-muted">No hours: nobody can book this counsellor.</p>
          )}
          <ol className="counsellor-periods">
            {draft.hours.map((h, i) => {
              const label = `Period ${i + 1}`;
              return (
                <li key={h.key} className="counsellor-period" aria-label={label}>
                  <SelectField
                    look={adminLook}
                    id={`period-${h.key}-office`}
                    label="Office"
                    value={h.officeId}
                    error={errors[`hours.${i}.officeId`]}
                    options={offices.map((o) => ({ value: o.id, label: `${o.name} (${o.timeZone})` }))}
                    placeholder="Choose an office"
                    onChange={(e) => setPeriod(h.key, { officeId: e.target.value })}
                  />
                  <SelectField
                    look={adminLook}
                    id={`period-${h.key}-weekday`}
                    label="Day"
                    value={h.weekday}
                    error={errors[`hours.${i}.weekday`]}
                    options={weekdays.map((name, d) => ({ value: String(d + 1), label: name }))}
                    onChange={(e) => setPeriod(h.key, { weekday: e.target.value })}
                  />
                  <TextField
                    look={adminLook}
                    id={`period-${h.key}-start`}
                    label="From"
                    type="time"
                    value={h.start}
                    error={errors[`hours.${i}.start`]}
                    onChange={(e) => setPeriod(h.key, { start: e.target.value })}
                  />
                  <TextField
                    look={adminLook}
                    id={`period-${h.key}-end`}
                    label="To"
                    type="time"
                    value={h.end}
                    error={errors[`hours.${i}.end`]}
                    onChange={(e) => setPeriod(h.key, { end: e.target.value })}
                  />
                  <button
                    type="button"
                    className="admin-button admin-button--quiet"
                    aria-label={`Remove period ${i + 1}`}
                    onClick={() =>
                      set(
                        'hours',
                        draft.hours.filter((x) => x.key !== h.key),
                      )
                    }
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() =>
              set('hours', [
                ...draft.hours,
                {
                  key: newKey(),
                  officeId: draft.hours.at(-1)?.officeId ?? offices[0]?.id ?? '',
                  weekday: '1',
                  start: '09:00',
                  end: '17:00',
                },
              ])
            }
          >
            Add a period
          </button>
        </fieldset>
        <div aria-live="polite">
          {result && (
            <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'admin-success' : 'admin-error'}>
              {result.text}
            </p>
          )}
        </div>
        <button type="submit" className="admin-button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </AdminForm>
      {counsellor && <DaysOff counsellor={counsellor} />}
    </section>
  );
}

/** A counsellor's days off: a whole day or part of one, in their office's time zone. */
function DaysOff({ counsellor }: { counsellor: CounsellorRow }) {
  const queryClient = useQueryClient();
  const closures = useQuery({
    queryKey: ['admin', '/counsellors/closures'],
    queryFn: () => adminApi('/counsellors/closures', { schema: closureListSchema }),
  });
  const [date, setDate] = useState('');
  const [wholeDay, setWholeDay] = useState(true);
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('13:00');
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [dateError, setDateError] = useState<string | undefined>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', '/counsellors/closures'] });
  const add = useMutation({
    mutationFn: () =>
      adminApi('/counsellors/closures', {
        method: 'POST',
        schema: closureSavedSchema,
        body: {
          counsellorId: counsellor.id,
          date,
          startMinute: wholeDay ? null : minutesOf(start),
          endMinute: wholeDay ? null : minutesOf(end, true),
          reason: reason.trim() || null,
        },
      }),
    onSuccess: () => {
      setResult({ ok: true, text: `Added ${date}.` });
      setDate('');
      setReason('');
      refresh();
    },
    onError: (error) => setResult({ ok: false, text: errorText(error) }),
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      adminApi(`/counsellors/closures/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okResponse }),
    onSuccess: () => {
      setResult({ ok: true, text: 'Removed.' });
      refresh();
    },
    onError: (error) => setResult({ ok: false, text: errorText(error) }),
  });
  const mine = (closures.data?.closures ?? []).filter((c) => c.counsellorId === counsellor.id);
  return (
    <section className="counsellor-days-off" aria-labelledby="days-off-title">
      <h3 id="days-off-title">Days off and exceptions</h3>
      {closures.isPending && <p className="admin-loading">Loading…</p>}
      {closures.isError && <p className="admin-error">{errorText(closures.error)}</p>}
      {closures.data &&
        (mine.length === 0 ? (
          <p className="admin-muted">No days off ahead.</p>
        ) : (
          <ul className="counsellor-days-off__list" aria-label={`Days off of ${counsellor.name}`}>
            {mine.map((c) => (
              <li key={c.id}>
                <span>
                  {c.date}
                  {c.startMinute !== null && c.endMinute !== null
                    ? `, ${hhmm(c.startMinute)}–${hhmm(c.endMinute)}`
                    : ', all day'}
                  {c.reason ? ` (${c.reason})` : ''}
                </span>
                <button
                  type="button"
                  className="admin-button admin-button--quiet"
                  aria-label={`Remove the day off of ${c.date}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(c.id)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ))}
      <AdminForm
        aria-labelledby="days-off-title"
        noValidate
        onSubmit={() => {
          setResult(null);
          if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
            setDateError('Choose a date');
            document.getElementById('day-off-date')?.focus();
            return;
          }
          setDateError(undefined);
          add.mutate();
        }}
      >
        <div className="counsellor-grid">
          <TextField
            look={adminLook}
            id="day-off-date"
            label="Date"
            type="date"
            required
            value={date}
            error={dateError}
            onChange={(e) => setDate(e.target.value)}
          />
          <TextField
            look={adminLook}
            id="day-off-reason"
            label="Reason (staff only)"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <CheckboxField
          look={adminLook}
          id="day-off-whole"
          label="The whole day"
          checked={wholeDay}
          onChange={(e) => setWholeDay(e.target.checked)}
        />
        {!wholeDay && (
          <div className="counsellor-grid">
            <TextField
              look={adminLook}
              id="day-off-start"
              label="From"
              type="time"
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
            <TextField
              look={adminLook}
              id="day-off-end"
              label="To"
              type="time"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
            />
          </div>
        )}
        <div aria-live="polite">
          {result && (
            <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'admin-success' : 'admin-error'}>
              {result.text}
            </p>
          )}
        </div>
        <button type="submit" className="admin-button" disabled={add.isPending}>
          Add the day off
        </button>
      </AdminForm>
    </section>
  );
}
