import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { REQUEST_MESSAGES, degreeOptions, documentTypes, employmentTypes } from '#schemas/partner-text.ts';
import { useLazy } from '#site/lib/lazy.ts';
import { partnerContract } from './contract.ts';
import { CheckboxField, SelectField, TextArea, TextField } from './fields.tsx';
import type { CachedPartner } from './session.ts';
import { blank, payload, validateValues, type Contract, type Kind, type Values } from './request-payload.ts';
import { apiPaths } from '#schemas/paths.ts';
import { useToast } from '../common/toast.tsx';
import { focusFirstOnPage } from '#site/lib/focus-first.ts';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const degreeChoices = degreeOptions.map((d) => ({ value: d, label: capitalise(d) }));
const employmentChoices = employmentTypes.map((t) => ({ value: t, label: capitalise(t.replace('-', ' ')) }));
const today = () => new Date().toISOString().slice(0, 10);
interface FormProps {
  kind: Kind;
  token: string;
  partner: CachedPartner | null;
  onSessionExpired: () => void;
}

/** The Student Admission and Hire Employees forms (spec 2 sections 3 and 5). */
export function RequestForm({ kind, token, partner, onSessionExpired }: FormProps) {
  const [values, setValues] = useState<Values>(() => blank(kind, partner ?? {}));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const toast = useToast();
  const client = useQueryClient();
  const messages = REQUEST_MESSAGES[kind];

  const [contract, loadContract, warmContract] = useLazy(partnerContract);
  const { errors } = contract
    ? validateValues(contract, kind, values)
    : { errors: {} as Record<string, string> };
  const err = (f: string) => (submitted || touched[f] ? errors[f] : undefined);
  const set = (f: string, v: string | boolean | string[]) => setValues((prev) => ({ ...prev, [f]: v }));
  const text = (f: string) => String(values[f] ?? '');
  const touch = (f: string) => () => setTouched((t) => ({ ...t, [f]: true }));

  const submit = useMutation({
    mutationFn: (body: object) =>
      api(`${apiPaths.partnerRequests}/submit`, {
        method: 'POST',
        token,
        body: { ...body },
        schema: schemaFrom(partnerContract, 'requestSubmittedResponse'),
      }),
    onSuccess: (res) => {
      if (!res?.success) {
        toast('error', res?.message || messages.failure);
        return;
      }
      toast('success', res.message || messages.success);
      setValues(blank(kind, partner ?? {}));
      setTouched({});
      setSubmitted(false);
      void client.invalidateQueries({ queryKey: ['partner', 'requests'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return onSessionExpired();
      toast('error', error instanceof ApiError ? error.message || messages.failure : REQUEST_MESSAGES.error);
    },
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!partner?._id) {
      toast('error', REQUEST_MESSAGES.missingPartner);
      return;
    }
    if (!partner.companyName) {
      toast('error', REQUEST_MESSAGES.incompleteProfile);
      return;
    }
    setSubmitted(true);
    let c: Contract;
    try {
      c = await loadContract();
    } catch {
      toast('error', REQUEST_MESSAGES.error);
      return;
    }
    const result = validateValues(c, kind, values);
    if (!result.ok) {
      focusFirstOnPage(Object.keys(result.errors).map((f) => `${kind}-${f}`));
      return;
    }
    submit.mutate(payload(kind, values));
  };

  const id = (f: string) => `${kind}-${f}`;
  /** What ties a control to field `f` of the request: its id, value, error and handlers. */
  const bind = (f: string) => ({
    id: id(f),
    value: text(f),
    error: err(f),
    onChange: (v: string) => set(f, v),
    onBlur: touch(f),
  });
  const field = (
    f: string,
    label: string,
    opts: {
      required?: boolean;
      type?: 'text' | 'email' | 'tel' | 'number' | 'date';
      placeholder?: string;
      min?: number | string;
      max?: number | string;
      step?: number | string;
      hint?: ReactNode;
      inputMode?: 'numeric' | 'decimal';
    } = {},
  ) => <TextField label={label} {...bind(f)} {...opts} />;
  const area = (f: string, label: string, required = false, placeholder?: string) => (
    <TextArea label={label} {...bind(f)} required={required} {...(placeholder ? { placeholder } : {})} />
  );

  const title = kind === 'student' ? 'Student Admission Request' : 'Hire Employees';
  return (
    <section aria-labelledby={`${kind}-title`}>
      <div className="pt-panel-head">
        <h2 id={`${kind}-title`}>{title}</h2>
      </div>
      <p className="pt-muted">
        {kind === 'student'
          ? 'Tell us about the course you want students for. Fields marked * are required.'
          : 'Tell us about the role you need to fill. Fields marked * are required.'}
      </p>
      <form onFocus={warmContract} onSubmit={onSubmit} noValidate aria-label={title}>
        <div className="pt-grid">
          {field('companyName', 'Company Name', { placeholder: 'Your company' })}
          {kind === 'student' ? (
            <>
              {field('courseName', 'Course Name', {
                required: true,
                placeholder: 'e.g. BSc Computer Science',
              })}
              <SelectField
                label="Degree"
                required
                {...bind('degree')}
                options={degreeChoices}
                placeholder="Select a degree"
              />
              {field('department', 'Department', { required: true, placeholder: 'e.g. Computer Science' })}
              {field('duration', 'Duration', { placeholder: 'e.g. 4 years' })}
              {field('totalSeats', 'Total Seats', {
                required: true,
                type: 'number',
                min: 1,
                step: 1,
                inputMode: 'numeric',
                placeholder: 'e.g. 50',
              })}
              {field('admissionFee', 'Admission Fee', { placeholder: 'e.g. 50,000 BDT' })}
              {field('semesterFee', 'Semester Fee', { placeholder: 'e.g. 30,000 BDT' })}
              {field('minimumGPA', 'Minimum GPA', {
                type: 'number',
                min: 0,
                max: 5,
                step: 0.1,
                inputMode: 'decimal',
                placeholder: 'e.g. 3.5',
                hint: 'From 0 to 5, in steps of 0.1.',
              })}
              {field('location', 'Location', { required: true, placeholder: 'e.g. Dhaka, Bangladesh' })}
              {field('applicationDeadline', 'Application Deadline', {
                required: true,
                type: 'date',
                min: today(),
              })}
              {area('courseDescription', 'Course Description', true, 'What the course covers')}
              {area('eligibilityCriteria', 'Eligibility Criteria', true, 'Who can apply')}
              <CheckboxField
                id={id('entranceExamRequired')}
                label="Entrance exam required"
                checked={values.entranceExamRequired === true}
                onChange={(v) => set('entranceExamRequired', v)}
              />
              {values.entranceExamRequired === true && (
                <>
                  {field('examDate', 'Exam Date', { type: 'date', min: today() })}
                  {area('examDetails', 'Exam Details', false, 'Subjects, format, venue')}
                </>
              )}
              <fieldset className="pt-fieldset pt-field-wide">
                <legend>Required Documents</legend>
                <div className="pt-checks">
                  {documentTypes.map((d) => {
                    const list = (values.requiredDocuments as string[]) ?? [];
                    const checked = list.includes(d);
                    return (
                      <div className="pt-check" key={d}>
                        <input
                          id={id(`doc-${d.replace(/\W+/g, '-')}`)}
                          type="checkbox"
                          checked={checked}
                          onChange={() =>
                            set('requiredDocuments', checked ? list.filter((x) => x !== d) : [...list, d])
                          }
                        />
                        <label htmlFor={id(`doc-${d.replace(/\W+/g, '-')}`)}>{d}</label>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            </>
          ) : (
            <>
              {field('jobTitle', 'Job Title', { required: true, placeholder: 'e.g. Care Assistant' })}
              {field('department', 'Department', { required: true, placeholder: 'e.g. Operations' })}
              <SelectField
                label="Employment Type"
                required
                {...bind('employmentType')}
                options={employmentChoices}
                placeholder="Select an employment type"
              />
              {field('salaryRange', 'Salary Range', {
                required: true,
                placeholder: 'e.g. 40,000 - 60,000 BDT',
              })}
              {field('numberOfPositions', 'Number of Positions', {
                required: true,
                type: 'number',
                min: 1,
                step: 1,
                inputMode: 'numeric',
                placeholder: 'e.g. 3',
              })}
              {field('location', 'Location', { required: true, placeholder: 'e.g. London, United Kingdom' })}
              {field('applicationDeadline', 'Application Deadline', {
                required: true,
                type: 'date',
                min: today(),
              })}
              {field('requiredExperience', 'Required Experience', {
                required: true,
                placeholder: 'e.g. 2 years',
              })}
              {area('jobDescription', 'Job Description', true, 'What the job involves')}
              {area(
                'requiredQualifications',
                'Required Qualifications',
                true,
                'Degrees, certificates, licences',
              )}
              {field('skillsRequired', 'Skills Required', {
                placeholder: 'e.g. Communication, Teamwork, Excel',
                hint: 'Separate skills with commas.',
              })}
              {area('jobResponsibilities', 'Job Responsibilities')}
              {area('benefits', 'Benefits')}
            </>
          )}
          {field('contactEmail', 'Contact Email', {
            required: true,
            type: 'email',
            placeholder: 'contact@company.com',
          })}
          {field('contactPhone', 'Contact Phone', {
            required: true,
            type: 'tel',
            placeholder: '+44 20 7946 0000',
          })}
        </div>
        <div className="pt-actions">
          <button type="submit" className="pt-button" disabled={submit.isPending}>
            {submit.isPending
              ? 'Submitting...'
              : kind === 'student'
                ? 'Submit Admission Request'
                : 'Submit Hiring Request'}
          </button>
        </div>
      </form>
    </section>
  );
}
