import { z } from 'zod';
import {
  CONSULTATION_MESSAGES,
  SLOT_RANGE_MAX_DAYS,
  bookingRules,
  consultationModes,
  consultationStatuses,
  consultationTopics,
} from './consultation-rules.ts';
import { ruleMessages, type TextRule } from './contact-rules.ts';
import { daysBetween, isDate, isTimeZone } from './zoned-time.ts';

/**
 * Free consultations with a counsellor: `GET /api/consultations/slots`, `POST /api/consultations`,
 * and the manage link's `GET /api/consultations/{id}`, `POST …/{id}/reschedule`, `POST …/{id}/cancel`.
 * Every time on the wire is an ISO 8601 instant in UTC (`…Z`); zones are IANA names.
 */

export * from './consultation-rules.ts';

const timeZone = z
  .string({ error: CONSULTATION_MESSAGES.timeZone })
  .max(64, CONSULTATION_MESSAGES.timeZone)
  .refine(isTimeZone, CONSULTATION_MESSAGES.timeZone);

const date = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isDate, `${label} must be a date like 2027-01-31`);

/** An instant as the API writes it: ISO 8601 in UTC with a `Z`. */
const instant = z.iso.datetime({ message: 'start must be a time like 2027-01-31T09:30:00Z' });

export const slotsQuery = z
  .object({
    from: date('from'),
    to: date('to'),
    tz: timeZone,
    office: z.string().max(100).optional(),
    mode: z.enum(consultationModes, 'mode must be in_person, video or phone').optional(),
    topic: z.enum(consultationTopics, 'topic must be study, work or partner').optional(),
  })
  .refine((q) => daysBetween(q.from, q.to) >= 0, { message: CONSULTATION_MESSAGES.order, path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < SLOT_RANGE_MAX_DAYS, {
    message: CONSULTATION_MESSAGES.range,
    path: ['to'],
  });
export type SlotsQuery = z.infer<typeof slotsQuery>;

export const slotSchema = z.object({
  start: z.string(),
  end: z.string(),
  office: z.string(),
  mode: z.enum(consultationModes),
});
export type Slot = z.infer<typeof slotSchema>;

/** An office where consultations are held, with the zone its clocks keep. */
export const consultationOfficeSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  timeZone: z.string(),
});
export type ConsultationOffice = z.infer<typeof consultationOfficeSchema>;

export const slotsResponse = z.object({
  success: z.literal(true),
  timeZone: z.string(),
  slots: z.array(slotSchema),
  /** The offices the slots name (their zones put each slot's office time beside it). */
  offices: z.array(consultationOfficeSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponse>;

const required = (r: TextRule) =>
  z
    .string({ error: ruleMessages.required(r) })
    .trim()
    .min(1, ruleMessages.required(r))
    .max(r.max, ruleMessages.tooLong(r))
    .superRefine((value, ctx) => {
      const problem = value ? r.problem?.(value) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
const optional = (r: TextRule) =>
  z
    .string({ error: ruleMessages.notText(r) })
    .trim()
    .max(r.max, ruleMessages.tooLong(r))
    .optional();

export const bookingSchema = z.object({
  start: instant,
  mode: z.enum(consultationModes, 'Choose how you would like to meet'),
  office: z.string().max(100).optional(),
  topic: z.enum(consultationTopics, 'Choose what you would like to talk about'),
  name: required(bookingRules.name),
  email: required(bookingRules.email),
  phone: required(bookingRules.phone),
  country: optional(bookingRules.country),
  message: optional(bookingRules.message),
  timeZone,
});
export type BookingInput = z.input<typeof bookingSchema>;
/** A booking request as the routes read it, validated. */
export type BookingRequest = z.output<typeof bookingSchema>;

export const consultationIdParam = z.object({ id: z.string().min(1).max(100) });

/** The manage link's signed token. */
const manageToken = z.string({ error: CONSULTATION_MESSAGES.invalidLink }).min(1).max(2000);

export const manageQuery = z.object({ t: manageToken });
export const rescheduleSchema = z.object({ t: manageToken, start: instant });
export const cancelSchema = z.object({
  t: manageToken,
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
});

/** A meeting as the person sees it through their manage link. */
export const consultationViewSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(consultationStatuses),
  mode: z.enum(consultationModes),
  topic: z.enum(consultationTopics),
  office: consultationOfficeSchema,
  counsellor: z.object({ name: z.string() }),
  name: z.string(),
  timeZone: z.string(),
  /** The video room (video meetings only). */
  videoLink: z.string().nullable(),
  /** Whether it can still be moved or cancelled (booked, not yet started). */
  changeable: z.boolean(),
});
export type ConsultationView = z.infer<typeof consultationViewSchema>;

export const bookedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  consultation: z.object({
    id: z.string(),
    start: z.string(),
    end: z.string(),
    status: z.literal('booked'),
    counsellor: z.object({ name: z.string() }),
  }),
  /** The manage page, with its signed token (also in the e-mail). */
  manageUrl: z.string(),
});
export type BookedResponse = z.infer<typeof bookedResponse>;

export const consultationResponse = z.object({
  success: z.literal(true),
  consultation: consultationViewSchema,
});
export type ConsultationResponse = z.infer<typeof consultationResponse>;

export const consultationChangedResponse = consultationResponse.extend({ message: z.string() });
export type ConsultationChangedResponse = z.infer<typeof consultationChangedResponse>;
