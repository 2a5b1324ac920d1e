import { describe, expect, it } from 'vitest';
import { registrationSteps } from '#schemas/partner-text.ts';
import { draftOf, empty, parseDraft } from './register-draft.ts';

describe('partner registration draft (kept in session storage)', () => {
  it('never keeps the passwords or the terms box', () => {
    const draft = draftOf(2, {
      ...empty,
      companyName: 'Acme',
      password: 'secret1',
      confirmPassword: 'secret1',
      agreeToTerms: true,
    });
    expect(draft.step).toBe(2);
    expect(draft.values.companyName).toBe('Acme');
    expect(JSON.stringify(draft)).not.toMatch(/secret1|password|agreeToTerms/);
  });

  it('reads back what it stored', () => {
    const stored = JSON.stringify(draftOf(1, { ...empty, ownerEmail: 'o@acme.example' }));
    expect(parseDraft(stored)).toEqual({
      step: 1,
      values: draftOf(1, { ...empty, ownerEmail: 'o@acme.example' }).values,
    });
  });

  it('drops unknown fields, non-text values and anything named like a password', () => {
    const draft = parseDraft(
      JSON.stringify({ step: 0, values: { companyName: 'Acme', password: 'x', evil: 'y', companyHQ: 3 } }),
    );
    expect(draft?.values).toEqual({ companyName: 'Acme' });
  });

  it('keeps the step within the wizard', () => {
    expect(parseDraft(JSON.stringify({ step: 99, values: {} }))?.step).toBe(registrationSteps.length - 1);
    expect(parseDraft(JSON.stringify({ step: -3, values: {} }))?.step).toBe(0);
    expect(parseDraft(JSON.stringify({ step: 1.7, values: {} }))?.step).toBe(1);
  });

  it('ignores nothing stored, broken JSON and the wrong shape', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{oops')).toBeNull();
    expect(parseDraft(JSON.stringify({ step: '1', values: {} }))).toBeNull();
    expect(parseDraft(JSON.stringify({ step: 1 }))).toBeNull();
  });
});
