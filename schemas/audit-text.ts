// The audit log as sentences: "Amina Rahman's application to MSc Data Science
// moved from In review to Offer", not `subscription.status`. One definition for the back office's
// list, its detail panel and the CSV export. No zod: the back office island imports it.
import { pipelineNames, staffLabel, type Pipeline } from './pipelines.ts';
import { consultationStatusLabels, type ConsultationStatus } from './consultation-rules.ts';

/** What one content kind is called in a sentence (the entity of `content.*` entries). */
const contentNouns: Record<string, string> = {
  countries: 'country',
  universities: 'university',
  departments: 'department',
  subjects: 'program',
  jobs: 'job',
  services: 'service',
  features: 'feature',
  offices: 'office',
  team: 'team member',
  countryCosts: 'country costs',
  cityCosts: 'city living cost',
  exchangeRates: 'exchange rate',
  site: 'site settings',
};

/** The audit entry as the sentence builder reads it. */
export interface AuditFacts {
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  /** What the entry is about in words, looked up by the server: "Amina Rahman's application to MSc Data Science". */
  subject?: string | null | undefined;
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' && key in value ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A content item's name from its stored form (name, title, position), else its id. */
function contentName(e: AuditFacts) {
  for (const source of [e.after, e.before])
    for (const key of ['name', 'title', 'position', 'companyName']) {
      const found = text(field(source, key));
      if (found) return found;
    }
  return e.entityId ?? '';
}

const isPipeline = (entity: string): entity is Pipeline => (pipelineNames as string[]).includes(entity);

/** The sentence for one audit entry. The actor is its own column ("Who"), so the sentence leaves it out. */
export function describeAudit(e: AuditFacts): string {
  const about = e.subject ?? (e.entityId ? `${e.entity} ${e.entityId}` : e.entity);
  const [area, verb] = e.action.split('.', 2) as [string, string | undefined];
  if (verb === 'status' && isPipeline(e.entity)) {
    const from = text(field(e.before, 'status'));
    const to = text(field(e.after, 'status'));
    if (to)
      return `${about} moved ${from ? `from ${staffLabel(e.entity, from)} ` : ''}to ${staffLabel(e.entity, to)}`;
  }
  if (area === 'content' && verb) {
    const noun = contentNouns[e.entity] ?? e.entity;
    const name = e.entity === 'site' ? '' : ` “${contentName(e)}”`;
    const done = { create: 'Added', update: 'Edited', retire: 'Retired', restore: 'Restored' }[verb];
    if (done) return `${done} the ${noun}${name}`;
  }
  switch (e.action) {
    case 'job_application.cv_download':
      return `Downloaded the CV of ${about}`;
    case 'subscription.document_download':
      return `Opened a document of ${about}`;
    case 'inbox.status': {
      const to = text(field(e.after, 'status'));
      return `Marked the message from ${about} as ${to ?? 'changed'}`;
    }
    case 'inbox.reply':
      return `Replied by e-mail to ${about}`;
    case 'publish.request':
      return 'Asked for the site to be published';
    case 'staff.create':
      return `Added the staff member ${about}${text(field(e.after, 'role')) ? ` (${text(field(e.after, 'role'))})` : ''}`;
    case 'staff.update':
      return `Changed the staff account of ${about}`;
    case 'staff.password':
      return `Set a new password for ${about}`;
    case 'staff.mfa_reset':
      return `Reset two-step sign-in for ${about}`;
    case 'staff.mfa_enabled':
      return 'Turned on two-step sign-in';
    case 'staff.recovery_codes':
      return 'Made new recovery codes';
    case 'staff.login':
      return 'Signed in to the back office';
    case 'staff.login_failed':
      return 'Failed to sign in (wrong password)';
    case 'staff.mfa_failed':
      return 'Failed to sign in (wrong two-step code)';
    case 'mail.retry':
      return e.subject ? `Sent ${e.subject} again` : 'Sent a failed e-mail again';
    case 'upload.image':
      return 'Uploaded an image';
    case 'privacy.search':
      return "Searched for a person's data by e-mail";
    case 'privacy.export':
      return `Downloaded the data of ${about}`;
    case 'privacy.erase':
      return 'Erased an account';
    case 'account.erase':
      return 'A person erased their own account';
    case 'consultation.book':
      return `Booked ${about} for the person`;
    case 'consultation.self_book':
      return `The person booked ${about}`;
    case 'consultation.self_reschedule': {
      const to = text(field(e.after, 'start'));
      return `The person moved ${about}${to ? ` to ${to.slice(0, 16).replace('T', ' ')} UTC` : ''}`;
    }
    case 'consultation.self_cancel':
      return `The person cancelled ${about}`;
    case 'consultation.record': {
      const status = text(field(e.after, 'status'));
      const label =
        status && status in consultationStatusLabels
          ? consultationStatusLabels[status as ConsultationStatus]
          : undefined;
      const notes = field(e.after, 'notes') !== undefined;
      return `${label ? `Recorded ${about} as ${label}` : `Wrote notes on ${about}`}${label && notes ? ', with notes' : ''}`;
    }
    case 'consultation.reassign': {
      const from = text(field(e.before, 'counsellor'));
      const to = text(field(e.after, 'counsellor'));
      return `Gave ${about} to ${to ?? 'another counsellor'}${from ? ` (it was with ${from})` : ''}`;
    }
    case 'consultation.export': {
      const from = text(field(e.after, 'from'));
      const to = text(field(e.after, 'to'));
      return `Downloaded the consultations${from && to ? ` from ${from} to ${to}` : ''} as CSV`;
    }
    case 'counsellor.create':
      return `Added ${about}`;
    case 'counsellor.update':
      return `Changed the hours and rules of ${about}`;
    case 'closure.create': {
      const date = text(field(e.after, 'date'));
      return `Took ${date ?? 'a day'} out of the consultations calendar`;
    }
    case 'closure.delete':
      return 'Gave back a day taken out of the consultations calendar';
  }
  // An action this list does not know yet: its words, not its code.
  return `${e.action.replace(/[._]/g, ' ')}: ${about}`;
}

/** One value of an entry's before or after, as the detail panel lists it: "Status" "In review". */
interface AuditValue {
  label: string;
  value: string;
}

/** What a stored key is called: the keys the routes record (functions/routes/admin, the privacy service). */
const keyLabels: Record<string, string> = {
  status: 'Status',
  method: 'Signed in with',
  enrolled: 'Two-step sign-in set up at this sign-in',
  reason: 'Reason',
  email: 'E-mail address',
  files: 'Files deleted',
  addressRows: 'Mail and payments under the address deleted',
  found: 'Accounts found',
  name: 'Name',
  size: 'Size',
  url: 'Address',
  role: 'Role',
  via: 'Added through',
  counsellor: 'Counsellor',
  counsellorId: 'Counsellor id',
  notes: 'Notes',
  start: 'Starts',
  from: 'From',
  to: 'To',
  rows: 'Rows',
  active: 'Shown on the site',
  date: 'Date',
};

/** Stored values that are codes, in words, by key. */
const valueWords: Record<string, Record<string, string>> = {
  method: {
    totp: 'password and authenticator app',
    password: 'password only',
    'recovery code': 'password and a recovery code',
  },
  reason: { deactivated: 'the staff account is switched off' },
};

/** "addressRows" → "Address rows": a key no list above knows, in words. */
const wordsOf = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One stored value in words: labels for statuses, Yes/No, sizes, times in UTC, lists joined. */
function valueText(e: Pick<AuditFacts, 'entity'>, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (key === 'size') {
      if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(1)} MB`;
      if (value >= 1024) return `${Math.round(value / 1024)} KB`;
      return `${value} bytes`;
    }
    return value.toLocaleString('en-GB');
  }
  if (typeof value === 'string') {
    if (key === 'status' && isPipeline(e.entity)) return staffLabel(e.entity, value);
    if (key === 'status' && value in consultationStatusLabels)
      return consultationStatusLabels[value as ConsultationStatus];
    const word = valueWords[key]?.[value];
    if (word) return word;
    if (ISO_TIME.test(value)) return `${value.slice(0, 16).replace('T', ' ')} UTC`;
    return value;
  }
  if (Array.isArray(value))
    return value.length ? value.map((item) => valueText(e, key, item)).join(', ') : 'none';
  return JSON.stringify(value);
}

/** A record's values as labelled lines; a nested record's values under "Outer: inner". */
function valuesOf(e: Pick<AuditFacts, 'entity'>, record: Record<string, unknown>, prefix = ''): AuditValue[] {
  return Object.entries(record).flatMap(([key, value]) => {
    const label = `${prefix}${keyLabels[key] ?? wordsOf(key)}`;
    if (value && typeof value === 'object' && !Array.isArray(value))
      return valuesOf(e, value as Record<string, unknown>, `${label}: `);
    return [{ label, value: valueText(e, key, value) }];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * An entry's before or after as labelled values in words, for staff who do not read JSON ("Status:
 * In review", not `"status": "in_review"`). When both sides are records (an edit), each side lists
 * only what changed: a whole stored item would bury the one field that did. Empty: nothing recorded.
 */
export function auditValues(e: AuditFacts, side: 'before' | 'after'): AuditValue[] {
  const own = e[side];
  if (own === null || own === undefined) return [];
  if (!isRecord(own)) return [{ label: 'Value', value: valueText(e, '', own) }];
  const other = side === 'before' ? e.after : e.before;
  if (!isRecord(other)) return valuesOf(e, own);
  const changed = Object.fromEntries(
    Object.entries(own).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(other[key])),
  );
  return valuesOf(e, Object.keys(changed).length ? changed : own);
}
