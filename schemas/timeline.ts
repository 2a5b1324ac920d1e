import { z } from 'zod';
import { pipelineNames } from './pipelines.ts';
import { apiPaths } from './paths.ts';
import { consultationModes, consultationTopics, meetingPersonStates } from './consultation-rules.ts';

/**
 * The timeline each person sees for their program applications, partner requests and job
 * applications: every status with its date and person-facing label, and what happens next.
 * GET …/me/timeline answers with `timelineResponseSchema`; POST …/me/timeline/seen marks a visit.
 */

export const timelineEventSchema = z.object({
  status: z.string(),
  /** The person-facing label (schemas/pipelines.ts). */
  label: z.string(),
  at: z.string(),
  /** The note staff wrote for the person with this change, if any. */
  note: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelineItemSchema = z.object({
  id: z.string(),
  pipeline: z.enum(pipelineNames as [string, ...string[]]),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** A page about the thing applied to (the program, the job), if it has one. */
  href: z.string().nullable(),
  status: z.string(),
  label: z.string(),
  /** What happens next, for the person. */
  next: z.string(),
  final: z.boolean(),
  /** Something the person must do or know about this item (a job application held until the e-mail is confirmed). */
  notice: z.string().nullable(),
  createdAt: z.string(),
  /** When the status last changed (or the item was created): the dashboards sort by it, newest first. */
  lastChangeAt: z.string(),
  /** Oldest first: the first status, then each change. */
  events: z.array(timelineEventSchema),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/** A free consultation booked with the person's confirmed address, as their timeline shows it. */
export const meetingItemSchema = z.object({
  id: z.string(),
  state: z.enum(meetingPersonStates),
  /** The person-facing label of the state (schemas/consultation-rules.ts). */
  label: z.string(),
  next: z.string(),
  start: z.string(),
  end: z.string(),
  /** The zone the person booked in: the times are shown in it. */
  timeZone: z.string(),
  mode: z.enum(consultationModes),
  topic: z.enum(consultationTopics),
  counsellor: z.string(),
  office: z.object({ name: z.string(), city: z.string(), timeZone: z.string() }),
  /** The signed link to see, move or cancel it, while it still works. */
  manageUrl: z.string().nullable(),
  /** When it last changed: the dashboards mark it as an update after the last visit. */
  lastChangeAt: z.string(),
  /** Oldest first: booked, each move, then held or missed. */
  events: z.array(z.object({ label: z.string(), at: z.string() })),
});
export type MeetingItem = z.infer<typeof meetingItemSchema>;

export const timelineResponseSchema = z.object({
  success: z.literal(true),
  /** The person's previous visit (POST …/seen), or null on the first. */
  lastVisit: z.string().nullable(),
  items: z.array(timelineItemSchema),
  /** Their free consultations (by their confirmed address), latest first; empty until it is confirmed. */
  meetings: z.array(meetingItemSchema),
});
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;

export const timelineSeenResponseSchema = z.object({ success: z.literal(true), seenAt: z.string() });
export type TimelineSeenResponse = z.infer<typeof timelineSeenResponseSchema>;

/** The timeline paths of each account type (relative to the site). */
export const timelinePaths = {
  student: `${apiPaths.users}/me/timeline`,
  partner: `${apiPaths.partner}/me/timeline`,
  applicant: `${apiPaths.jobApplicants}/me/timeline`,
} as const;

/** Whether an item changed after the person's last visit (everything is new on a first visit with history). */
export function changedSince(item: Pick<TimelineItem, 'lastChangeAt'>, lastVisit: string | null) {
  return lastVisit !== null && Date.parse(item.lastChangeAt) > Date.parse(lastVisit);
}
