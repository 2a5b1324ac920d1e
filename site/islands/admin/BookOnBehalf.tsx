import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bookingPeopleSchema,
  staffBookingSchema,
  type BookingPerson,
  type CounsellorRow,
  type StaffBookingInput,
} from '#schemas/admin/counsellors.ts';
import {
  consultationModeLabels,
  consultationModes,
  consultationTopicLabels,
  consultationTopics,
  type ConsultationMode,
  type ConsultationTopic,
} from '#schemas/consultation-rules.ts';
import { bookedResponse, slotsResponse } from '#schemas/consultations.ts';
import { addDays, localDate, timeInZone, zoneAbbreviation } from '#schemas/zoned-time.ts';
import { ApiError } from '#site/lib/api.ts';
import { Modal } from '../common/Modal.tsx';
import { SelectField, TextArea, TextField } from '../common/fields.tsx';
import { AdminForm } from './AdminForm.tsx';
import { adminLook } from './look.ts';
import { adminApi, errorText } from './session.ts';

export interface Office {
  id: string;
  name: string;
  city: string;
  timeZone: string;
}

/** What the calendar is told of a meeting staff just booked. */
export interface BookedOnBehalf {
  id: string;
  name: string;
  start: string;
  counsellor: string;
  office: Office;
}

/** Every zone the browser knows, with `current` in the list. */
function zoneNames(current: string) {
  let names: string[];
  try {
    names = Intl.supportedValuesOf('timeZone');
  } catch {
    names = ['Europe/London', 'UTC'];
  }
  return names.includes(current) ? names : [current, ...names];
}

const dayTitle = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${date}T12:00:00Z`));

/** Each form field's control, so a message from either side lands beside the right one. */
const FIELD_IDS: Record<string, string> = {
  name: 'book-name',
  email: 'book-email',
  phone: 'book-phone',
  timeZone: 'book-timezone',
  message: 'book-message',
  counsellor: 'book-counsellor',
  office: 'book-office',
  mode: 'book-mode',
  topic: 'book-topic',
  start: 'book-times',
};

/**
 * Staff book a free consultation for someone (on the phone, at the desk): find a student or job
 * seeker by name or e-mail, or type a new visitor's details; choose the counsellor (or whoever is
 * free), office, way to meet, topic and a free time of a day, shown in the office's clocks with the
 * staff member's own beside them. The server decides with the statement public bookings use: a time
 * taken meanwhile is refused in here, and the free times are asked for again.
 */
export function BookOnBehalf({
  open,
  onClose,
  onBooked,
  counsellors,
  offices,
  staffZone,
  date,
}: {
  open: boolean;
  onClose: () => void;
  onBooked: (booked: BookedOnBehalf) => void;
  counsellors: CounsellorRow[];
  offices: Office[];
  staffZone: string;
  /** The day to offer first (the calendar's day), or today. */
  date: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Book a consultation"
      className="modal--wide book-on-behalf"
      dismissible={!busy}
    >
      <BookingForm
        counsellors={counsellors.filter((c) => c.isActive)}
        offices={offices}
        staffZone={staffZone}
        date={date}
        onBusy={setBusy}
        onBooked={onBooked}
        onCancel={onClose}
      />
    </Modal>
  );
}

function BookingForm({
  counsellors,
  offices,
  staffZone,
  date: firstDate,
  onBusy,
  onBooked,
  onCancel,
}: {
  counsellors: CounsellorRow[];
  offices: Office[];
  staffZone: string;
  date: string;
  onBusy: (busy: boolean) => void;
  onBooked: (booked: BookedOnBehalf) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [needle, setNeedle] = useState('');
  const [person, setPerson] = useState<BookingPerson | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [counsellor, setCounsellor] = useState('');
  const [office, setOffice] = useState(offices[0]?.id ?? '');
  const [mode, setMode] = useState<ConsultationMode>('video');
  const [topic, setTopic] = useState<ConsultationTopic>('study');
  const officeZone = offices.find((o) => o.id === office)?.timeZone ?? 'UTC';
  const today = localDate(Date.now(), officeZone);
  const [date, setDate] = useState(firstDate < today ? today : firstDate);
  const [start, setStart] = useState<string | null>(null);
  const [timeZone, setTimeZone] = useState(officeZone);
  const [zoneTouched, setZoneTouched] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  // The dialog opens after its content mounts: focus the search once it has.
  useEffect(() => {
    const frame = requestAnimationFrame(() => searchRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  // Ask as typing pauses, not for every letter.
  useEffect(() => {
    const timer = setTimeout(() => setNeedle(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  // Someone on the phone to an office most likely keeps its clocks, until staff say otherwise.
  useEffect(() => {
    if (!zoneTouched) setTimeZone(officeZone);
  }, [officeZone, zoneTouched]);

  const people = useQuery({
    queryKey: ['admin', '/counsellors/people', needle],
    queryFn: () =>
      adminApi(`/counsellors/people?${new URLSearchParams({ q: needle }).toString()}`, {
        schema: bookingPeopleSchema,
      }),
    enabled: needle.length >= 2,
  });

  const slotParams = new URLSearchParams({ from: date, to: date, tz: officeZone, office, mode, topic });
  if (counsellor) slotParams.set('counsellor', counsellor);
  const slots = useQuery({
    queryKey: ['admin', '/counsellors/slots', slotParams.toString()],
    queryFn: () => adminApi(`/counsellors/slots?${slotParams.toString()}`, { schema: slotsResponse }),
    enabled: Boolean(office && date >= today),
    staleTime: 0,
  });
  const offered = slots.data?.slots ?? [];
  const chosen = offered.find((s) => s.start === start) ?? null;

  const clear = (field: string) =>
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _gone, ...rest } = e;
      return rest;
    });
  /** A change of what the free times depend on: the time chosen may no longer be one. */
  const changeChoice = (apply: () => void) => {
    apply();
    setStart(null);
  };

  const showErrors = (found: Record<string, string>, summary: string) => {
    setErrors(found);
    setProblem(summary);
    const ids = Object.keys(FIELD_IDS)
      .filter((f) => found[f])
      .map((f) => FIELD_IDS[f]!);
    requestAnimationFrame(() => {
      const first = ids.map((id) => document.getElementById(id)).find(Boolean);
      // A group of times takes focus on its first time; with none offered, the summary does.
      const control = first?.matches('input, select, textarea') ? first : first?.querySelector('input');
      (control ?? problemRef.current)?.focus();
    });
  };

  const book = useMutation({
    mutationFn: (body: StaffBookingInput) =>
      adminApi('/counsellors/meetings', { method: 'POST', body, schema: bookedResponse }),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', '/counsellors/slots'] });
      onBooked({
        id: answer.consultation.id,
        name: name.trim(),
        start: answer.consultation.start,
        counsellor: answer.consultation.counsellor.name,
        office: offices.find((o) => o.id === office)!,
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        // Someone else took the time meanwhile: say so here, and offer the times still free.
        setStart(null);
        setErrors({});
        setProblem(error.message);
        void slots.refetch();
        requestAnimationFrame(() => problemRef.current?.focus());
        return;
      }
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        showErrors(error.fields, error.message);
        return;
      }
      setProblem(errorText(error));
      requestAnimationFrame(() => problemRef.current?.focus());
    },
  });

  const submit = () => {
    setProblem(null);
    const body: StaffBookingInput = {
      start: chosen?.start ?? '',
      mode,
      office,
      topic,
      name,
      email,
      phone,
      message: message.trim() || undefined,
      timeZone,
      counsellor: counsellor || undefined,
    };
    const checked = staffBookingSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!chosen) found.start = 'Choose a free time';
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key !== 'start') found[key] ??= issue.message;
      }
    if (Object.keys(found).length > 0) {
      showErrors(found, 'Please correct the fields marked below.');
      return;
    }
    book.mutate(body);
  };

  const choose = (p: BookingPerson) => {
    setPerson(p);
    setName(p.name);
    setEmail(p.email);
    setPhone(p.phone);
    for (const f of ['name', 'email', 'phone']) clear(f);
    setSearch('');
    setNeedle('');
    requestAnimationFrame(() => document.getElementById('book-chosen')?.focus());
  };

  const found = needle.length >= 2 ? (people.data?.people ?? []) : [];
  const otherZone = staffZone !== officeZone;
  return (
    <AdminForm onSubmit={submit} noValidate aria-label="Book a consultation for someone">
      <div aria-live="assertive">
        {problem && (
          <div className="admin-error admin-error--box" role="alert" tabIndex={-1} ref={problemRef}>
            {problem}
          </div>
        )}
      </div>
      <fieldset className="admin-fieldset">
        <legend>Who it is for</legend>
        <div className="field-stack admin-field">
          <label htmlFor="book-search">Find a student or job seeker</label>
          <input
            id="book-search"
            ref={searchRef}
            type="search"
            autoComplete="off"
            value={search}
            aria-describedby="book-search-hint"
            onChange={(e) => setSearch(e.target.value)}
          />
          <p id="book-search-hint" className="admin-muted">
            Part of their name or e-mail. For someone new, type their details below.
          </p>
        </div>
        <div aria-live="polite">
          {needle.length >= 2 && people.isPending && <p className="admin-loading">Searching…</p>}
          {needle.length >= 2 && people.isError && <p className="admin-error">{errorText(people.error)}</p>}
          {needle.length >= 2 && people.isSuccess && found.length === 0 && (
            <p className="admin-muted">No student or job seeker matches “{needle}”.</p>
          )}
          {found.length > 0 && (
            <ul className="book-people" aria-label="People found">
              {found.map((p) => (
                <li key={`${p.type}-${p.id}`}>
                  <button
                    type="button"
                    className="admin-button admin-button--quiet"
                    onClick={() => choose(p)}
                  >
                    {p.name} <span className="admin-mono">{p.email}</span>{' '}
                    <span className="admin-muted">({p.type === 'student' ? 'student' : 'job seeker'})</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {person && (
          <p id="book-chosen" className="admin-success" tabIndex={-1}>
            Booking for {person.name}, {person.type === 'student' ? 'student' : 'job seeker'}.
          </p>
        )}
        <div className="book-grid">
          <TextField
            look={adminLook}
            id="book-name"
            label="Name"
            required
            autoComplete="off"
            value={name}
            error={errors.name}
            onChange={(e) => {
              setName(e.target.value);
              clear('name');
            }}
          />
          <TextField
            look={adminLook}
            id="book-email"
            label="E-mail"
            type="email"
            required
            autoComplete="off"
            hint="The confirmation and its calendar invitation go here."
            value={email}
            error={errors.email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (person && e.target.value !== person.email) setPerson(null);
              clear('email');
            }}
          />
          <TextField
            look={adminLook}
            id="book-phone"
            label="Phone"
            type="tel"
            required
            autoComplete="off"
            value={phone}
            error={errors.phone}
            onChange={(e) => {
              setPhone(e.target.value);
              clear('phone');
            }}
          />
          <SelectField
            look={adminLook}
            id="book-timezone"
            label="Their time zone"
            hint="Their e-mails give the time in it."
            value={timeZone}
            error={errors.timeZone}
            options={zoneNames(timeZone).map((z) => ({ value: z, label: z.replaceAll('_', ' ') }))}
            onChange={(e) => {
              setTimeZone(e.target.value);
              setZoneTouched(true);
            }}
          />
        </div>
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>The meeting</legend>
        <div className="book-grid">
          <SelectField
            look={adminLook}
            id="book-counsellor"
            label="Counsellor"
            value={counsellor}
            error={errors.counsellor}
            options={[
              { value: '', label: 'Any free counsellor' },
              ...counsellors.map((c) => ({ value: c.id, label: c.name })),
            ]}
            onChange={(e) => changeChoice(() => setCounsellor(e.target.value))}
          />
          <SelectField
            look={adminLook}
            id="book-office"
            label="Office"
            value={office}
            error={errors.office}
            options={offices.map((o) => ({ value: o.id, label: `${o.name} (${o.timeZone})` }))}
            onChange={(e) => changeChoice(() => setOffice(e.target.value))}
          />
          <SelectField
            look={adminLook}
            id="book-mode"
            label="How they meet"
            value={mode}
            error={errors.mode}
            options={consultationModes.map((m) => ({ value: m, label: consultationModeLabels[m] }))}
            onChange={(e) => changeChoice(() => setMode(e.target.value as ConsultationMode))}
          />
          <SelectField
            look={adminLook}
            id="book-topic"
            label="Topic"
            value={topic}
            error={errors.topic}
            options={consultationTopics.map((t) => ({ value: t, label: consultationTopicLabels[t] }))}
            onChange={(e) => changeChoice(() => setTopic(e.target.value as ConsultationTopic))}
          />
          <TextField
            look={adminLook}
            id="book-date"
            label="Day"
            type="date"
            min={today}
            value={date}
            onChange={(e) => changeChoice(() => setDate(e.target.value || today))}
          />
        </div>
        <div className="book-day-nav">
          <button
            type="button"
            className="admin-button admin-button--quiet"
            disabled={date <= today}
            onClick={() => changeChoice(() => setDate(addDays(date, -1)))}
          >
            Day before
          </button>
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() => changeChoice(() => setDate(addDays(date, 1)))}
          >
            Day after
          </button>
        </div>
        <fieldset
          id="book-times"
          className="admin-fieldset book-times"
          aria-describedby={[errors.start ? 'book-times-error' : '', 'book-times-zones']
            .filter(Boolean)
            .join(' ')}
        >
          <legend>Free times on {dayTitle(date)}</legend>
          <p id="book-times-zones" className="admin-muted">
            In the office&apos;s time ({officeZone}){otherZone && <>, with yours ({staffZone}) beside each</>}
            .
          </p>
          {slots.isPending && slots.fetchStatus !== 'idle' && (
            <p className="admin-loading" role="status">
              Loading free times…
            </p>
          )}
          {slots.isError && <p className="admin-error">{errorText(slots.error)}</p>}
          {slots.isSuccess && offered.length === 0 && (
            <p className="admin-muted" role="status">
              No free times that day. Try another day, counsellor or way to meet.
            </p>
          )}
          {offered.length > 0 && (
            <div className="book-times__list">
              {offered.map((s) => (
                <label key={s.start} className="admin-check book-time" htmlFor={`book-time-${s.start}`}>
                  <input
                    id={`book-time-${s.start}`}
                    type="radio"
                    name="book-time"
                    checked={start === s.start}
                    onChange={() => {
                      setStart(s.start);
                      clear('start');
                    }}
                  />
                  <span>
                    {timeInZone(new Date(s.start), officeZone)}{' '}
                    {zoneAbbreviation(new Date(s.start), officeZone)}
                    {otherZone && (
                      <span className="admin-muted"> · {timeInZone(new Date(s.start), staffZone)} yours</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
          )}
          {errors.start && (
            <p id="book-times-error" className="admin-error">
              {errors.start}
            </p>
          )}
        </fieldset>
        <TextArea
          look={adminLook}
          id="book-message"
          label="Message (optional)"
          hint="What they would like to talk about: the counsellor sees it."
          rows={3}
          value={message}
          error={errors.message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </fieldset>
      <div className="modal__actions">
        <button
          type="button"
          className="admin-button admin-button--quiet"
          disabled={book.isPending}
          onClick={onCancel}
        >
          Cancel
        </button>
        <button type="submit" className="admin-button" disabled={book.isPending}>
          {book.isPending ? 'Booking…' : 'Book and e-mail them'}
        </button>
      </div>
    </AdminForm>
  );
}
