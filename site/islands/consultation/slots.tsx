import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, notInProduction, schemaFrom } from '#site/lib/api.ts';
import { storageKeys } from '#site/lib/storage.ts';
import type { ConsultationMode, ConsultationTopic } from '#schemas/consultation-rules.ts';
import {
  addDays,
  formatInZone,
  isTimeZone,
  localDate,
  timeInZone,
  zoneAbbreviation,
} from '#schemas/zoned-time.ts';
import '../../styles/consultation.css';

// Answers are checked against their schemas in development only: the page ships no zod.
const contract = () => (import.meta.env.DEV ? import('#schemas/consultations.ts') : notInProduction());
export const slotsAnswer = schemaFrom(contract, 'slotsResponse');
export const bookedAnswer = schemaFrom(contract, 'bookedResponse');
export const consultationAnswer = schemaFrom(contract, 'consultationResponse');
export const changedAnswer = schemaFrom(contract, 'consultationChangedResponse');

/** One slot as the API offers it. */
export interface OfferedSlot {
  start: string;
  end: string;
  office: string;
  mode: ConsultationMode;
}
export interface OfficeZone {
  id: string;
  name: string;
  city: string;
  timeZone: string;
}

/** The zone this browser keeps its clocks in, or London's when it does not say. */
export function browserZone() {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : 'Europe/London';
  } catch {
    return 'Europe/London';
  }
}

/** The zone the person chose before on this browser, else the browser's own. */
export function rememberedZone() {
  try {
    const saved = localStorage.getItem(storageKeys.consultationTimeZone);
    if (saved && isTimeZone(saved)) return saved;
  } catch {
    // Storage unavailable: the browser's zone.
  }
  return browserZone();
}

/** Keeps the person's choice of zone for their next visit. */
export function rememberZone(zone: string) {
  try {
    localStorage.setItem(storageKeys.consultationTimeZone, zone);
  } catch {
    // Storage unavailable: the choice lasts this visit.
  }
}

/** Every zone the browser knows, the chosen one included. */
export function zoneNames(current: string) {
  let names: string[];
  try {
    names = Intl.supportedValuesOf('timeZone');
  } catch {
    // A browser without the list: the offices' zones and UTC.
    names = ['Europe/London', 'Asia/Dhaka', 'Africa/Lagos', 'Europe/Tallinn', 'Europe/Sofia', 'UTC'];
  }
  return names.includes(current) ? names : [current, ...names];
}

/** The slots of a week, one query per week, zone and choice. */
export const slotsQuery = (p: {
  from: string;
  tz: string;
  mode: ConsultationMode;
  topic: ConsultationTopic;
  office?: string | undefined;
}) => {
  const to = addDays(p.from, 6);
  const params = new URLSearchParams({ from: p.from, to, tz: p.tz, mode: p.mode, topic: p.topic });
  if (p.office) params.set('office', p.office);
  return queryOptions({
    queryKey: ['consultation-slots', p.from, to, p.tz, p.mode, p.topic, p.office ?? ''],
    queryFn: () => api(`/api/consultations/slots?${params.toString()}`, { schema: slotsAnswer }),
    staleTime: 30_000,
  });
};

/** "Monday 7 December" in a zone. */
const dayLabel = (instant: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(instant),
  );

/** "07:30 GMT" */
export const clock = (instant: string | Date, zone: string) =>
  `${timeInZone(new Date(instant), zone)} ${zoneAbbreviation(new Date(instant), zone)}`;

/** "Monday, 1 March 2027 at 04:30 GMT" */
export const when = (instant: string | Date, zone: string) =>
  `${formatInZone(new Date(instant), zone)} ${zoneAbbreviation(new Date(instant), zone)}`;

/** The zone picker: the detected zone first, changeable, remembered. */
export function ZonePicker({
  zone,
  onChange,
  id,
}: {
  zone: string;
  onChange: (zone: string) => void;
  id: string;
}) {
  return (
    <div className="field consult-zone">
      <label htmlFor={id}>Times are shown in</label>
      <select
        id={id}
        value={zone}
        onChange={(e) => {
          rememberZone(e.target.value);
          onChange(e.target.value);
        }}
      >
        {zoneNames(zone).map((name) => (
          <option key={name} value={name}>
            {name.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A week of free times to choose from: one radio group (arrow keys move between times, Tab leaves
 * it), a fieldset a day, each time in the person's zone with the office's own time beside it when
 * the office keeps another. Loading, empty and error states are spoken.
 */
export function SlotPicker(props: {
  zone: string;
  mode: ConsultationMode;
  topic: ConsultationTopic;
  office?: string | undefined;
  offices: OfficeZone[];
  selected: OfferedSlot | null;
  onSelect: (slot: OfferedSlot) => void;
  /** A time to leave out (the meeting's own, when moving it). */
  exclude?: string | undefined;
}) {
  const today = localDate(Date.now(), props.zone);
  const [week, setWeek] = useState(0);
  const from = addDays(today, week * 7);
  const query = useQuery(
    slotsQuery({ from, tz: props.zone, mode: props.mode, topic: props.topic, office: props.office }),
  );
  const offices = new Map([...props.offices, ...(query.data?.offices ?? [])].map((o) => [o.id, o]));
  const slots = (query.data?.slots ?? []).filter((s) => s.start !== props.exclude);
  const days = new Map<string, OfferedSlot[]>();
  for (const s of slots) {
    const day = localDate(new Date(s.start), props.zone);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  return (
    <div className="consult-slots">
      <div className="consult-week">
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={week === 0}
          onClick={() => setWeek(week - 1)}
        >
          Previous week
        </button>
        <p className="consult-week__range" aria-live="polite">
          {dayLabel(`${from}T12:00:00Z`, 'UTC')} – {dayLabel(`${addDays(from, 6)}T12:00:00Z`, 'UTC')}
        </p>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={week >= 7}
          onClick={() => setWeek(week + 1)}
        >
          Next week
        </button>
      </div>
      {query.isPending && (
        <p className="consult-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading free times…
        </p>
      )}
      {query.isError && (
        <div className="alert alert--error" role="alert">
          <p>We could not load the free times. Please check your connection and try again.</p>
          <button type="button" className="btn btn--small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      {query.isSuccess && slots.length === 0 && (
        <p className="empty-state consult-empty" role="status">
          No free times this week. Try the next week, or another way to meet.
        </p>
      )}
      {slots.length > 0 && (
        <fieldset className="consult-days">
          <legend className="visually-hidden">Free times</legend>
          {[...days].map(([day, list]) => (
            <fieldset key={day} className="consult-day">
              <legend>{dayLabel(list[0]!.start, props.zone)}</legend>
              <div className="consult-day__times">
                {list.map((s) => {
                  const office = offices.get(s.office);
                  const id = `slot-${s.start}-${s.office}`;
                  const other = office && office.timeZone !== props.zone ? office : null;
                  return (
                    <label key={id} className="consult-time" htmlFor={id}>
                      <input
                        id={id}
                        type="radio"
                        name="consultation-slot"
                        checked={props.selected?.start === s.start && props.selected.office === s.office}
                        onChange={() => props.onSelect(s)}
                      />
                      <span className="consult-time__local">{timeInZone(new Date(s.start), props.zone)}</span>
                      {other && (
                        <span className="consult-time__office">
                          {timeInZone(new Date(s.start), other.timeZone)} in {other.city}
                        </span>
                      )}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </fieldset>
      )}
    </div>
  );
}
