import { readJson, storageKeys } from './storage.ts';
import { pagePaths } from '#schemas/paths.ts';

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
  const student = readJson<StoredStudent>(storageKeys.user);
  const studentToken = localStorage.getItem(storageKeys.userToken) ?? localStorage.getItem(storageKeys.token);
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
      profileHref: pagePaths.studentDashboard,
    };
  }
  const partner = readJson<StoredPartner>(storageKeys.partner);
  if (partner && typeof partner === 'object' && localStorage.getItem(storageKeys.partnerToken)) {
    return {
      kind: 'partner',
      displayName: partner.companyName ?? partner.fullName ?? partner.name ?? 'Partner',
      email: partner.ownerEmail ?? partner.email ?? '',
      label: 'Partner Account',
      profileLabel: 'Partner Dashboard',
      profileHref: pagePaths.partnerDashboard,
    };
  }
  return null;
}

/** Logout: removes every session key (spec 1 section 2.2). */
export function clearSession() {
  for (const key of [
    storageKeys.userToken,
    storageKeys.token,
    storageKeys.user,
    storageKeys.partnerToken,
    storageKeys.partner,
  ])
    localStorage.removeItem(key);
}
