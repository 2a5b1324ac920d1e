import { describe, expect, it } from 'vitest';
import { fieldErrors, registerSchema } from '#schemas/users.ts';
import { emptyRegistration, formErrors, registrationBody } from './registration.ts';

const filled = {
  fullname: 'Ada Lovelace',
  academicstatus: 'Graduate',
  contactnumber: '+44 20 7946 0000',
  email: 'ada@example.com',
  address: '12 Analytical Row, London',
  password: 'engine42',
};

describe('registration wizard: form to payload', () => {
  it('sends each value under the API name', () => {
    expect(registrationBody(filled)).toEqual({
      fullName: 'Ada Lovelace',
      academicStatus: 'Graduate',
      contactNumber: '+44 20 7946 0000',
      email: 'ada@example.com',
      currentAddress: '12 Analytical Row, London',
      password: 'engine42',
    });
  });

  it('builds a body the contract accepts', () => {
    expect(registerSchema.safeParse(registrationBody(filled)).success).toBe(true);
  });

  it("shows the contract's messages under the form's own field names", () => {
    const parsed = registerSchema.safeParse(registrationBody(emptyRegistration));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const errors = formErrors(fieldErrors(parsed.error));
    expect(errors.fullname).toBe('Full name is required');
    expect(errors.academicstatus).toBe('Academic status is required');
    expect(errors.contactnumber).toBe('Contact number is required');
    expect(errors).not.toHaveProperty('fullName');
    expect(errors).not.toHaveProperty('currentAddress');
  });

  it('keeps a key it does not know as it is', () => {
    expect(formErrors({ currentAddress: 'a', other: 'b' })).toEqual({ address: 'a', other: 'b' });
  });
});
