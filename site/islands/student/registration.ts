/** The registration form's own field names (spec 2 section 3); sent under the API's names. */
export interface RegistrationForm {
  fullname: string;
  academicstatus: string;
  contactnumber: string;
  email: string;
  address: string;
  password: string;
}

export const emptyRegistration: RegistrationForm = {
  fullname: '',
  academicstatus: '',
  contactnumber: '',
  email: '',
  address: '',
  password: '',
};

const apiToForm: Record<string, keyof RegistrationForm> = {
  fullName: 'fullname',
  academicStatus: 'academicstatus',
  contactNumber: 'contactnumber',
  email: 'email',
  currentAddress: 'address',
  password: 'password',
};

/** The body of POST /api/users/register/ from the form's values. */
export function registrationBody(form: RegistrationForm) {
  return {
    fullName: form.fullname,
    academicStatus: form.academicstatus,
    contactNumber: form.contactnumber,
    email: form.email,
    currentAddress: form.address,
    password: form.password,
  };
}

/** The contract's messages (keyed by the API's names) keyed by the form's names, to show beside its fields. */
export function formErrors(byApi: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(byApi).map(([k, v]) => [apiToForm[k] ?? k, v]));
}
