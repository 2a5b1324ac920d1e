import { schemaFrom } from '#site/lib/api.ts';
import { studentSession } from '#site/lib/session.ts';
import { applicantApi, usableApplicantToken } from '../recruitment/applicant-session.ts';
import { recruitmentContract } from '../recruitment/contract.ts';
import { usersContract } from '../student/contract.ts';

/** What the booking form can take from the signed-in person's account. */
export interface SignedInDetails {
  name: string;
  email: string;
  phone: string;
}

/**
 * The signed-in student's or job seeker's name, e-mail and phone from their account, for the
 * booking form to start with; null for a visitor, or when the account cannot be read (the form
 * then simply starts empty: booking needs no account).
 */
export async function signedInDetails(): Promise<SignedInDetails | null> {
  try {
    if (studentSession.getToken()) {
      const { user } = await studentSession.call('/api/users/profile', {
        schema: schemaFrom(usersContract, 'profileResponse'),
      });
      return { name: user.fullName, email: user.email, phone: user.contactNumber };
    }
    if (usableApplicantToken()) {
      const me = await applicantApi('/api/job-applicants/me', {
        schema: schemaFrom(recruitmentContract, 'applicantProfileSchema'),
      });
      return { name: me.fullName, email: me.email, phone: me.phone };
    }
  } catch {
    // A session that ended, or no network: the visitor types their details.
  }
  return null;
}

/** The details put into the fields the person has not typed in yet. */
export function prefill<T extends Record<'name' | 'email' | 'phone', string>>(
  values: T,
  details: SignedInDetails,
): T {
  return {
    ...values,
    name: values.name || details.name,
    email: values.email || details.email,
    phone: values.phone || details.phone,
  };
}
