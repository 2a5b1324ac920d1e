import { registrationSteps } from '#schemas/partner-text.ts';
import type { PartnerRegisterForm } from '#schemas/partner.ts';

export const empty: PartnerRegisterForm = {
  companyName: '',
  companyHQ: '',
  ownerFirstName: '',
  ownerLastName: '',
  ownerEmail: '',
  ownerPhoneNumber: '',
  ownerDesignation: '',
  ownerNationality: '',
  contactFirstName: '',
  contactLastName: '',
  contactDesignation: '',
  contactPhoneNumber: '',
  contactEmail: '',
  password: '',
  confirmPassword: '',
  agreeToTerms: false,
};

/**
 * The wizard's progress, kept in session storage so leaving the page (a link, a reload, the back
 * button) and coming back loses nothing. Session storage, not local storage: it lives as long as
 * the tab, so a half-finished registration with the owner's name, e-mail and phone does not stay
 * on a shared computer after the tab is closed, and two registrations in two tabs do not overwrite
 * each other. The password and its confirmation are never written anywhere, and the terms box is
 * not either: agreeing is done at the moment of registering.
 */
export const DRAFT_KEY = 'partnerRegistrationDraft';
type Draft = {
  step: number;
  values: Omit<PartnerRegisterForm, 'password' | 'confirmPassword' | 'agreeToTerms'>;
};

/** A stored draft, checked: unknown or password fields dropped, the step kept within the wizard. */
export function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<Draft>;
    if (typeof draft.step !== 'number' || !draft.values || typeof draft.values !== 'object') return null;
    const values = Object.fromEntries(
      Object.entries(draft.values).filter(
        ([k, v]) => k in empty && typeof v === 'string' && !/password/i.test(k),
      ),
    ) as Draft['values'];
    return { step: Math.min(Math.max(0, Math.trunc(draft.step)), registrationSteps.length - 1), values };
  } catch {
    return null;
  }
}

/** What is stored of the wizard: its step and every value but the passwords and the terms box. */
export function draftOf(step: number, values: PartnerRegisterForm): Draft {
  const { password: _p, confirmPassword: _c, agreeToTerms: _a, ...kept } = values;
  return { step, values: kept };
}

export function readDraft(): Draft | null {
  try {
    return parseDraft(sessionStorage.getItem(DRAFT_KEY));
  } catch {
    return null;
  }
}

export function writeDraft(step: number, values: PartnerRegisterForm) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draftOf(step, values)));
  } catch {
    // Storage full or blocked (private mode): the wizard still works, only without the safety net.
  }
}
