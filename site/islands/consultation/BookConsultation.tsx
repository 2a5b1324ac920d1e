import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { withQuery } from '#site/islands/common/with-query.tsx';
import { TextArea, TextField, type FieldLook } from '#site/islands/common/fields.tsx';
import { useHydrated } from '#site/islands/common/use-hydrated.ts';
import { api, ApiError } from '#site/lib/api.ts';
import {
  bookingRules,
  consultationModeLabels,
  consultationModes,
  consultationTopicLabels,
  consultationTopics,
  type ConsultationMode,
  type ConsultationTopic,
} from '#schemas/consultation-rules.ts';
import { ruleMessages, type TextRule } from '#schemas/contact-rules.ts';
import {
  bookedAnswer,
  rememberedZone,
  SlotPicker,
  ZonePicker,
  when,
  type OfferedSlot,
  type OfficeZone,
} from './slots.tsx';
import { storageKeys } from '#site/lib/storage.ts';

/** Whether a student's or job seeker's session is stored: only then is their account read. */
const signedIn = () =>
  [storageKeys.userToken, storageKeys.token, storageKeys.applicantToken].some((k) => localStorage.getItem(k));

const look: FieldLook = {
  field: 'field',
  hint: 'field__hint',
  error: 'field__error',
  marker: <span aria-hidden="true"> *</span>,
};

type Field = keyof typeof bookingRules;
const fields = Object.keys(bookingRules) as Field[];

/** What is wrong with a field's value, by the same rules the route checks. */
function problem(rule: TextRule, value: string) {
  const text = value.trim();
  if (!text) return rule.required ? ruleMessages.required(rule) : null;
  if (text.length > rule.max) return ruleMessages.tooLong(rule);
  return rule.problem?.(text) ?? null;
}

/** The topic a link asked for (`?topic=work`), if it is one. */
function topicOfUrl(): ConsultationTopic | null {
  const asked = new URLSearchParams(window.location.search).get('topic');
  return consultationTopics.find((t) => t === asked) ?? null;
}

interface Booked {
  start: string;
  end: string;
  counsellor: string;
  manageUrl: string;
}

/**
 * /book-consultation: choose what to talk about and how to meet, a free time in your own zone
 * (detected, changeable, remembered), then your details. The times load after the page has painted.
 */
function BookConsultation({ offices }: { offices: OfficeZone[] }) {
  const hydrated = useHydrated();
  const client = useQueryClient();
  const [zone, setZone] = useState('Europe/London');
  const [topic, setTopic] = useState<ConsultationTopic>('study');
  const [mode, setMode] = useState<ConsultationMode>('video');
  const [office, setOffice] = useState('');
  const [slot, setSlot] = useState<OfferedSlot | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    phone: '',
    country: '',
    message: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<Booked | null>(null);
  const done = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setZone(rememberedZone());
    const asked = topicOfUrl();
    if (asked) setTopic(asked);
    // A signed-in student or job seeker starts with their own details (visitors type theirs). The
    // sessions' code loads only for them: a visitor's page ships none of it.
    if (signedIn())
      void import('./signed-in-details.ts').then(async ({ prefill, signedInDetails }) => {
        const details = await signedInDetails();
        if (details) setValues((typed) => prefill(typed, details));
      });
  }, []);
  useEffect(() => {
    if (booked) done.current?.focus();
  }, [booked]);

  // In person needs an office; the other ways may be with any office.
  const officeFilter = mode === 'in_person' ? office || offices[0]?.id : office || undefined;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure(null);
    const found = Object.fromEntries(
      fields.map((f) => [f, problem(bookingRules[f], values[f])]).filter(([, m]) => m),
    ) as Partial<Record<Field, string>>;
    setErrors(found);
    if (!slot) {
      setFailure('Choose a time first.');
      return;
    }
    const first = fields.find((f) => found[f]);
    if (first) {
      document.getElementById(`consult-${first}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await api('/api/consultations', {
        method: 'POST',
        schema: bookedAnswer,
        body: {
          start: slot.start,
          mode,
          office: slot.office,
          topic,
          timeZone: zone,
          ...Object.fromEntries(fields.map((f) => [f, values[f].trim()])),
        },
      });
      setBooked({
        start: answer.consultation.start,
        end: answer.consultation.end,
        counsellor: answer.consultation.counsellor.name,
        manageUrl: answer.manageUrl,
      });
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setFailure(error.message);
        if (error.status === 409) {
          setSlot(null);
          void client.invalidateQueries({ queryKey: ['consultation-slots'] });
        }
      } else setFailure('We could not reach the server. Please check your connection and try again.');
    } finally {
      setSending(false);
    }
  }

  if (booked)
    return (
      <div className="consult-done card card__body" role="status">
        <h2 ref={done} tabIndex={-1}>
          Your consultation is booked
        </h2>
        <p>
          <strong>{when(booked.start, zone)}</strong>, with {booked.counsellor}.
        </p>
        <p>We have e-mailed you the details and a calendar invitation.</p>
        <p>
          <a className="btn btn--primary" href={booked.manageUrl}>
            See, move or cancel it
          </a>
        </p>
      </div>
    );

  return (
    <form className="consult-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="consult-choice">
        <legend>What would you like to talk about?</legend>
        {consultationTopics.map((t) => (
          <label key={t} className="consult-option">
            <input type="radio" name="topic" value={t} checked={topic === t} onChange={() => setTopic(t)} />
            {consultationTopicLabels[t]}
          </label>
        ))}
      </fieldset>
      <fieldset className="consult-choice">
        <legend>How would you like to meet?</legend>
        {consultationModes.map((m) => (
          <label key={m} className="consult-option">
            <input
              type="radio"
              name="mode"
              value={m}
              checked={mode === m}
              onChange={() => {
                setMode(m);
                setSlot(null);
              }}
            />
            {consultationModeLabels[m]}
          </label>
        ))}
      </fieldset>
      <div className="consult-filters">
        <div className="field">
          <label htmlFor="consult-office">Office</label>
          <select
            id="consult-office"
            value={mode === 'in_person' ? (officeFilter ?? '') : office}
            onChange={(e) => {
              setOffice(e.target.value);
              setSlot(null);
            }}
          >
            {mode !== 'in_person' && <option value="">Any office</option>}
            {offices.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name} ({o.city})
              </option>
            ))}
          </select>
        </div>
        {hydrated && <ZonePicker id="consult-zone" zone={zone} onChange={setZone} />}
      </div>
      <h2 className="consult-heading">Choose a time</h2>
      {hydrated ? (
        <SlotPicker
          zone={zone}
          mode={mode}
          topic={topic}
          office={officeFilter}
          offices={offices}
          selected={slot}
          onSelect={setSlot}
        />
      ) : (
        <p className="consult-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading free times…
        </p>
      )}
      <h2 className="consult-heading">Your details</h2>
      <div className="consult-details">
        {(['name', 'email', 'phone', 'country'] as const).map((f) => (
          <TextField
            key={f}
            look={look}
            id={`consult-${f}`}
            name={f}
            type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
            autoComplete={
              f === 'name' ? 'name' : f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'country-name'
            }
            label={bookingRules[f].label}
            required={bookingRules[f].required}
            value={values[f]}
            error={errors[f]}
            onChange={(e) => setValues({ ...values, [f]: e.target.value })}
          />
        ))}
        <TextArea
          look={look}
          id="consult-message"
          name="message"
          label="Anything we should know before we meet?"
          rows={3}
          value={values.message}
          error={errors.message}
          onChange={(e) => setValues({ ...values, message: e.target.value })}
        />
      </div>
      {slot && (
        <p className="consult-chosen" aria-live="polite">
          Your time: <strong>{when(slot.start, zone)}</strong>
        </p>
      )}
      {failure && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Booking…' : 'Book the consultation'}
      </button>
    </form>
  );
}

export default withQuery(BookConsultation);
