import { describe, expect, it } from 'vitest';
import { auditValues } from './audit-text.ts';

// The audit entry's before and after as the back office shows them: labelled values in words.
describe('auditValues', () => {
  it("names a pipeline's status in staff words, not its code", () => {
    const entry = {
      action: 'subscription.status',
      entity: 'subscription',
      entityId: 'a1',
      before: { status: 'submitted' },
      after: { status: 'in_review' },
    };
    expect(auditValues(entry, 'before')).toEqual([{ label: 'Status', value: 'Submitted' }]);
    expect(auditValues(entry, 'after')).toEqual([{ label: 'Status', value: 'In review' }]);
  });

  it('says yes or no, names known keys and puts unknown ones in words', () => {
    const entry = {
      action: 'account.erase',
      entity: 'applicant',
      entityId: null,
      before: null,
      after: { files: 2, addressRows: true, someNewKey: false },
    };
    expect(auditValues(entry, 'before')).toEqual([]);
    expect(auditValues(entry, 'after')).toEqual([
      { label: 'Files deleted', value: '2' },
      { label: 'Mail and payments under the address deleted', value: 'Yes' },
      { label: 'Some new key', value: 'No' },
    ]);
  });

  it('lists only what an edit changed, nested values under their parent, lists joined', () => {
    const entry = {
      action: 'content.update',
      entity: 'countries',
      entityId: 'france',
      before: { name: 'France', capital: 'Paris', costs: { rent: 700 }, tags: ['eu'] },
      after: { name: 'France', capital: 'Paris', costs: { rent: 750 }, tags: ['eu', 'schengen'] },
    };
    expect(auditValues(entry, 'after')).toEqual([
      { label: 'Costs: Rent', value: '750' },
      { label: 'Tags', value: 'eu, schengen' },
    ]);
    expect(auditValues(entry, 'before')).toEqual([
      { label: 'Costs: Rent', value: '700' },
      { label: 'Tags', value: 'eu' },
    ]);
  });

  it('a sign-in: how, in words; sizes and times readable', () => {
    expect(
      auditValues(
        { action: 'staff.login', entity: 'staff', entityId: 's', before: null, after: { method: 'totp' } },
        'after',
      ),
    ).toEqual([{ label: 'Signed in with', value: 'password and authenticator app' }]);
    expect(
      auditValues(
        {
          action: 'upload.image',
          entity: 'upload',
          entityId: null,
          before: null,
          after: { size: 4_900_000, when: '2026-12-07T17:03:00.000Z' },
        },
        'after',
      ),
    ).toEqual([
      { label: 'Size', value: '4.7 MB' },
      { label: 'When', value: '2026-12-07 17:03 UTC' },
    ]);
  });
});
