import type { ZodError, ZodType } from 'zod';
import { lazy, type Lazy } from '#site/lib/lazy.ts';
import type { FieldLook } from './fields.tsx';
import { studentLook } from '../student/fields.tsx';
import { partnerLook } from '../partner/fields.tsx';
import { rcLook } from '../recruitment/look.ts';

/** The rules of one door's reset (its contract in schemas/): the request, the reset, the answer. */
export interface ResetRules {
  forgot: ZodType<{ email: string }>;
  reset: ZodType;
  answer: ZodType<{ message: string }>;
  fieldErrors: (error: ZodError) => Record<string, string>;
}

/** The classes one area draws the reset with (each page ships only its own area's stylesheet). */
interface ResetLook {
  fields: FieldLook;
  /** The form, which is the card where the door is a page of its own. */
  form?: string;
  heading: 'h1' | 'h3';
  title?: string;
  eyebrow?: string;
  lead: string;
  /** Around the status line, announced when it fills. */
  live?: string;
  notice: (kind: 'info' | 'success') => string;
  failure: string;
  button: string;
  again: string;
  /** Under the form: its links, or the Back button of a door inside a window. */
  links: string;
}

/**
 * One door's forgotten-password screen: where it sends the two requests, what its code field is
 * called, its words and its look. The flow (request a code, then code and new password, then done)
 * is PasswordReset.tsx's, the same at every door; the server's is functions/lib/password-reset-routes.ts.
 */
export interface ResetDoor {
  /** The door's API prefix: `${api}/forgot-password` and `${api}/reset-password`. */
  api: string;
  /** The field the door's reset request names the code by (the specs' contract). */
  codeField: 'otp' | 'code';
  rules: Lazy<ResetRules>;
  /**
   * 'fields': each message beside its field (the door's pages); 'line': the first message in one
   * line above the button, as every form of the job application window shows them.
   */
  errors: 'fields' | 'line';
  look: ResetLook;
  text: {
    eyebrow?: string;
    lead: string;
    send: string;
    sending: string;
    newPassword: string;
    save: string;
    saving: string;
    again: string;
    /** What a failure without a message of the server's says. */
    failure: string;
    /** A second password field that must match the first. */
    confirm?: { label: string; required: string; mismatch: string };
    /** The way on once the password is set, where the door is a page of its own. */
    done?: { label: string; href: string };
    /** Links under the form, after `lead`; a door shown inside a window gets a Back button instead. */
    footer: { lead?: string; links: { label: string; href: string }[] } | { back: string };
  };
}

/** A door's rules from its contract module, which names the two requests' schemas its own way. */
const rulesFrom = <M extends Pick<ResetRules, 'fieldErrors'> & { messageResponse: ResetRules['answer'] }>(
  load: () => Promise<M>,
  pick: (m: M) => Pick<ResetRules, 'forgot' | 'reset'>,
) =>
  lazy(async (): Promise<ResetRules> => {
    const m = await load();
    return { ...pick(m), answer: m.messageResponse, fieldErrors: m.fieldErrors };
  });

/** The students' and job seekers' rules (schemas/users.ts): the code is `otp`. */
const usersRules = rulesFrom(
  () => import('#schemas/users.ts'),
  (m) => ({ forgot: m.forgotPasswordSchema, reset: m.resetPasswordSchema }),
);
const partnerRules = rulesFrom(
  () => import('#schemas/partner.ts'),
  (m) => ({ forgot: m.partnerEmailSchema, reset: m.partnerResetSchema }),
);

const FAILED = 'An error occurred. Please try again later.';

export const resetDoors = {
  /** /forgot-password */
  student: {
    api: '/api/users',
    codeField: 'otp',
    rules: usersRules,
    errors: 'fields',
    look: {
      fields: studentLook,
      form: 'st-card st-auth',
      heading: 'h1',
      lead: 'st-lead',
      notice: (kind) => `st-notice st-notice--${kind}`,
      failure: 'st-notice st-notice--error',
      button: 'st-button',
      again: 'st-link',
      links: 'st-alt',
    },
    text: {
      lead: 'Enter the e-mail address of your student account. We will e-mail you a 6-digit code.',
      send: 'Send Code',
      sending: 'Sending...',
      newPassword: 'New Password',
      save: 'Set New Password',
      saving: 'Saving...',
      again: 'Send a new code',
      failure: FAILED,
      done: { label: 'Go to login', href: '/login' },
      footer: { lead: 'Remembered it?', links: [{ label: 'Back to login', href: '/login' }] },
    },
  },
  /** /partner-forgot-password */
  partner: {
    api: '/api/partner',
    codeField: 'code',
    rules: partnerRules,
    errors: 'fields',
    look: {
      fields: partnerLook,
      form: 'pt-card pt-narrow',
      heading: 'h1',
      title: 'pt-title',
      eyebrow: 'pt-eyebrow',
      lead: 'pt-muted',
      live: 'pt-live',
      notice: () => 'pt-banner pt-banner-info',
      failure: 'pt-banner pt-banner-error',
      button: 'pt-button pt-button-block',
      again: 'pt-link-button',
      links: 'pt-links',
    },
    text: {
      eyebrow: 'Partner area',
      lead: 'Enter the owner email of your partner account. We will e-mail you a 6-digit code.',
      send: 'Send reset code',
      sending: 'Sending...',
      newPassword: 'New password',
      save: 'Set new password',
      saving: 'Saving...',
      again: 'Use a different email or get a new code',
      failure: 'Something went wrong. Please try again.',
      confirm: {
        label: 'Confirm new password',
        required: 'Confirm password is required',
        mismatch: 'Passwords must match',
      },
      done: { label: 'Go to partner login', href: '/login-partner-account' },
      footer: {
        links: [
          { label: 'Back to partner login', href: '/login-partner-account' },
          { label: 'Become a partner', href: '/become-our-partner-registerhere' },
        ],
      },
    },
  },
  /** "Forgot password?" in the job application window and on My applications. */
  applicant: {
    api: '/api/job-applicants',
    codeField: 'otp',
    rules: usersRules,
    errors: 'line',
    look: {
      fields: rcLook,
      form: 'rc-auth',
      heading: 'h3',
      title: 'rc-modal__subtitle',
      lead: 'rc-muted',
      notice: () => 'rc-notice',
      failure: 'rc-error',
      button: 'rc-btn rc-btn--primary rc-btn--block',
      again: 'link-button standalone-link',
      links: 'rc-switch',
    },
    text: {
      lead: 'Enter the e-mail address of your applicant account. We will e-mail you a 6-digit code.',
      send: 'Send code',
      sending: 'Please wait...',
      newPassword: 'New password',
      save: 'Set new password',
      saving: 'Please wait...',
      again: 'Send a new code',
      failure: FAILED,
      footer: { back: 'Back to login' },
    },
  },
} satisfies Record<string, ResetDoor>;

export type ResetDoorName = keyof typeof resetDoors;
