/**
 * Every workflow (pipeline) of the product, defined once: its statuses, the moves staff may make,
 * the label staff read in the back office, the label the person reads on their dashboard and in
 * e-mails, what happens next for the person, and the page they follow it on. The database enums
 * (db/schema), the status service (functions/services/recruitment/status.ts), the back office and the three
 * dashboards import from here. Where each pipeline lives in the database (table, status column, owner,
 * title) is db/queries/pipeline-registry.ts.
 *
 * The two labels differ on purpose: staff work a queue ("Rejected", "Offer"), the person reads news
 * about themselves ("Not selected", "Offer received").
 */

import { pagePaths } from './paths.ts';

export interface Stage {
  /** What staff read in the back office lists, filters and history. */
  staffLabel: string;
  /** What the person reads on their dashboard, timeline and status e-mails. */
  personLabel: string;
  /** What happens next, from the person's side (empty at a final status that needs nothing). */
  next: string;
}

interface PipelineDefinition<S extends string> {
  /** Status values in their natural order (the database enum). */
  statuses: readonly S[];
  /** The status a new item starts in. */
  initial: S;
  stages: Record<S, Stage>;
  /** The moves staff may make; a status with none is final. */
  transitions: Record<S, readonly S[]>;
  /** The page where the person follows it (status e-mails link here, to the item's timeline). */
  page: string;
  /** What one item is called, for the person: 'application', 'request'. */
  noun: string;
}

const define = <S extends string>(p: PipelineDefinition<S>) => p;

export const programApplicationStatuses = [
  'submitted',
  'in_review',
  'offer',
  'enrolled',
  'declined',
] as const;
export type ProgramApplicationStatus = (typeof programApplicationStatuses)[number];

export const partnerApprovalStatuses = ['pending', 'approved', 'suspended'] as const;

export const partnerRequestStatuses = ['submitted', 'in_review', 'approved', 'declined'] as const;
export type PartnerRequestStatus = (typeof partnerRequestStatuses)[number];

export const jobApplicationStatuses = ['received', 'shortlisted', 'interview', 'offer', 'rejected'] as const;
export type JobApplicationStatus = (typeof jobApplicationStatuses)[number];

/** Job application statuses at which the application is put in front of the employer (only once the applicant's e-mail is confirmed). */
export const jobApplicationForwardingStatuses = [
  'shortlisted',
  'interview',
  'offer',
] as const satisfies readonly JobApplicationStatus[];

export const pipelines = {
  /**
   * A student's application to a program (a program application; SQL table `subscriptions`). The key
   * stays 'subscription' because it is stored: status_changes.entity, audit_log.entity and action
   * ('subscription.status') and the timeline API's `pipeline` field carry it. Renaming it needs a
   * data migration; everything else in code says application.
   */
  subscription: define({
    statuses: programApplicationStatuses,
    initial: 'submitted',
    page: pagePaths.studentDashboard,
    noun: 'application',
    stages: {
      submitted: {
        staffLabel: 'Submitted',
        personLabel: 'Submitted',
        next: 'An adviser checks your application and documents, usually within five working days.',
      },
      in_review: {
        staffLabel: 'In review',
        personLabel: 'Being reviewed',
        next: 'We are preparing your application for the university and will ask you if a document is missing.',
      },
      offer: {
        staffLabel: 'Offer',
        personLabel: 'Offer received',
        next: 'Read the offer and its conditions; your adviser will help you accept it and plan your visa.',
      },
      enrolled: {
        staffLabel: 'Enrolled',
        personLabel: 'Enrolled',
        next: 'You are enrolled. Your adviser stays in touch to help with travel and arrival.',
      },
      declined: {
        staffLabel: 'Declined',
        personLabel: 'Not successful',
        next: 'This application has ended. Your adviser can suggest other programs that suit you.',
      },
    },
    transitions: {
      submitted: ['in_review', 'declined'],
      in_review: ['offer', 'declined'],
      offer: ['enrolled', 'declined'],
      enrolled: [],
      declined: [],
    },
  }),
  /** A partner account's approval by staff. */
  partner: define({
    statuses: partnerApprovalStatuses,
    initial: 'pending',
    page: pagePaths.partnerDashboard,
    noun: 'partner account',
    stages: {
      pending: {
        staffLabel: 'Awaiting approval',
        personLabel: 'Awaiting approval',
        next: 'Our team reviews new partner accounts within two working days.',
      },
      approved: {
        staffLabel: 'Approved',
        personLabel: 'Approved',
        next: 'You can send admission and hiring requests.',
      },
      suspended: {
        staffLabel: 'Suspended',
        personLabel: 'Suspended',
        next: 'Please contact us to restore your account.',
      },
    },
    transitions: {
      pending: ['approved', 'suspended'],
      approved: ['suspended'],
      suspended: ['approved'],
    },
  }),
  /** A partner's admission or hiring request. */
  partner_request: define({
    statuses: partnerRequestStatuses,
    initial: 'submitted',
    page: pagePaths.partnerDashboard,
    noun: 'request',
    stages: {
      submitted: {
        staffLabel: 'Submitted',
        personLabel: 'Submitted',
        next: 'Our team reviews your request, usually within two working days.',
      },
      in_review: {
        staffLabel: 'In review',
        personLabel: 'Being reviewed',
        next: 'We are matching your request and will contact you to agree the details.',
      },
      approved: {
        staffLabel: 'Approved',
        personLabel: 'Accepted',
        next: 'Your account manager will contact you to start the work.',
      },
      declined: {
        staffLabel: 'Declined',
        personLabel: 'Declined',
        next: 'We cannot take this request on. Reply to our e-mail if you would like to discuss it.',
      },
    },
    transitions: {
      submitted: ['in_review', 'declined'],
      in_review: ['approved', 'declined'],
      approved: [],
      declined: [],
    },
  }),
  /** A job seeker's application to a job. */
  job_application: define({
    statuses: jobApplicationStatuses,
    initial: 'received',
    page: pagePaths.applicantDashboard,
    noun: 'application',
    stages: {
      received: {
        staffLabel: 'Received',
        personLabel: 'Received',
        next: 'A recruiter reads your CV and cover letter, usually within five working days.',
      },
      shortlisted: {
        staffLabel: 'Shortlisted',
        personLabel: 'Shortlisted',
        next: 'The employer is looking at your profile. We will contact you about an interview.',
      },
      interview: {
        staffLabel: 'Interview',
        personLabel: 'Interview stage',
        next: 'Prepare for your interview; your recruiter sends the time and place.',
      },
      offer: {
        staffLabel: 'Offer',
        personLabel: 'Offer received',
        next: 'Your recruiter will go through the offer and the start date with you.',
      },
      rejected: {
        staffLabel: 'Rejected',
        personLabel: 'Not selected',
        next: 'The employer chose another candidate. Your other applications and job alerts carry on.',
      },
    },
    transitions: {
      received: ['shortlisted', 'rejected'],
      shortlisted: ['interview', 'rejected'],
      interview: ['offer', 'rejected'],
      offer: [],
      rejected: [],
    },
  }),
} as const;

export type Pipeline = keyof typeof pipelines;
export const pipelineNames = Object.keys(pipelines) as Pipeline[];

/** The stage of a status in a pipeline, or undefined for a status it does not know. */
export function stageOf(pipeline: Pipeline, status: string): Stage | undefined {
  return (pipelines[pipeline].stages as Record<string, Stage>)[status];
}

/** The label staff read (back office). */
export const staffLabel = (pipeline: Pipeline, status: string) =>
  stageOf(pipeline, status)?.staffLabel ?? status;

/** The label the person reads (dashboards, timelines, e-mails). */
export const personLabel = (pipeline: Pipeline, status: string) =>
  stageOf(pipeline, status)?.personLabel ?? status;

/** The moves allowed from a status (none: final, or unknown). */
export const nextStatuses = (pipeline: Pipeline, status: string): readonly string[] =>
  (pipelines[pipeline].transitions as Record<string, readonly string[]>)[status] ?? [];

/** A final status: no move leads out of it. */
export const isFinal = (pipeline: Pipeline, status: string) => nextStatuses(pipeline, status).length === 0;

/** The anchor of one item's timeline on its dashboard, e.g. `/my-applications#timeline-<id>`. */
export const timelinePath = (pipeline: Pipeline, id: string) =>
  `${pipelines[pipeline].page}#timeline-${encodeURIComponent(id)}`;

/**
 * What the one history of stage changes (SQL table `status_changes`) records moves of: the staff
 * pipelines above, plus the steps a student takes before applying (registered, profile complete),
 * the inbox's two kinds of enquiry and the consultations. Insight's funnels and trends read only this.
 */
export const historyEntities = [
  'subscription',
  'partner',
  'partner_request',
  'job_application',
  'student',
  'contact_message',
  'assistance_request',
  'consultation',
] as const satisfies readonly string[];
export type HistoryEntity = (typeof historyEntities)[number];

/** Who made a move: a staff member, the person themselves (applying, registering), or the system (a confirmation, a back-fill). */
export const historyActors = ['staff', 'person', 'system'] as const;
export type HistoryActor = (typeof historyActors)[number];

/** The stage a job application reaches when it is put in front of the employer (its forwarded_at). */
export const FORWARDED = 'forwarded';
