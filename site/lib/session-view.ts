// The keys and paths one by one, not the `storageKeys` and `pagePaths` objects: this module is in
// the header's script, in every page's script (scripts/build/page-scripts.ts).
import { PARTNER_KEY, PARTNER_TOKEN_KEY, TOKEN_KEY, USER_KEY, USER_TOKEN_KEY, readJson } from './storage.ts';
import { PARTNER_DASHBOARD_PATH, STUDENT_DASHBOARD_PATH } from '#schemas/paths.ts';

/** What the header shows for a stored session (spec 1 sections 2.2 and 4). */
export interface SessionView {
  kind: 'student' | 'partner';
  displayName: string;
  email: string;
  label: 'Student Account' | 'Partner Account';
  profileLabel: 'Student Profile' | 'Partner Dashboard';
  profileHref: string;
}

interface StoredStudent {
  id?: string;
  _id?: string;
  name?: string;
  fullName?: string;
  email?: string;
}
interface StoredPartner {
  fullName?: string;
  name?: string;
  companyName?: string;
  ownerEmail?: string;
  email?: string;
}

/**
 * Reads the stored session: the student record wins over the partner record; an unparsable
 * record is deleted (readJson). A record only counts with its token beside it.
 */
export function readSession(): SessionView | null {
  const student = readJson<StoredStudent>(USER_KEY);
  const studentToken = localStorage.getItem(USER_TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY);
  if (student && typeof student === 'object' && studentToken) {
    if (!(student.id ?? student._id) || !(student.name ?? student.fullName) || !student.email) {
      console.warn('Stored student record is missing id, name or email');
    }
    return {
      kind: 'student',
      displayName: student.fullName ?? student.name ?? 'Student',
      email: student.email ?? '',
      label: 'Student Account',
      profileLabel: 'Student Profile',
      profileHref: STUDENT_DASHBOARD_PATH,
    };
  }
  const partner = readJson<StoredPartner>(PARTNER_KEY);
  if (partner && typeof partner === 'object' && localStorage.getItem(PARTNER_TOKEN_KEY)) {
    return {
      kind: 'partner',
      displayName: partner.companyName ?? partner.fullName ?? partner.name ?? 'Partner',
      email: partner.ownerEmail ?? partner.email ?? '',
      label: 'Partner Account',
      profileLabel: 'Partner Dashboard',
      profileHref: PARTNER_DASHBOARD_PATH,
    };
  }
  return null;
}

/** Logout: removes every session key (spec 1 section 2.2). */
export function clearSession() {
  for (const key of [USER_TOKEN_KEY, TOKEN_KEY, USER_KEY, PARTNER_TOKEN_KEY, PARTNER_KEY])
    localStorage.removeItem(key);
}
