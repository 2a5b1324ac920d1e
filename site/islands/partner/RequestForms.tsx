import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, schemaFrom } from '#site/lib/api.ts';
import { REQUEST_MESSAGES, degreeOptions, documentTypes, employmentTypes } from '#schemas/partner-text.ts';
import { pipelines } from '#schemas/pipelines.ts';
import { formatDay } from '#schemas/total-cost.ts';
import { useLazy } from '#site/lib/lazy.ts';
import { partnerContract } from './contract.ts';
import { CheckboxField, SelectField, TextArea, TextField } from './fields.tsx';
import type { CachedPartner } from './session.ts';
import {
  blank,
  optionLabel,
  payload,
  requestLabels as labels,
  sentSummary,
  validateValues,
  type Contract,
  type Kind,
  type RequestField,
  type Values,
} from './request-payload.ts';
import { partnerRequestsQuery } from './requests-query.ts';
import { apiPaths } from '#schemas/paths.ts';
import { useToast } from '../common/toast.tsx';
import { focusFirstOnPage } from '#site/lib/focus-first.ts';
// Its own rules, since styles travel with what renders them: the success view's too.
import '../../styles/partner.css';

const degreeChoices = degreeOptions.map((d) => ({ value: d, label: optionLabel(d) }));
const employmentChoices = employmentTypes.map((t) => ({ value: t, label: optionLabel(t) }));
const today = () => new Date().toISOString().slice(0, 10);
interface FormProps {
  kind: Kind;
  token: string;
  partner: CachedPartner | null;
  onSessionExpired: () => void;
  /** Opens My Requests (the dashboard's tab). */
  onShowRequests: () => void;
}

/** A request the server accepted: its message and the values as they were sent. */
interface Sent {
  message: string;
  values: Values;
}

/** The Student Admission and Hire Employees forms (spec 2 sections 3 and 5). */
export function RequestForm({ kind, token, partner, onSessionExpired, onShowRequests }: FormProps) {
  const [values, setValues] = useState<Values>(() => blank(kind, partner ?? {}));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  // What was sent stays on screen (not in a toast that goes after 5 seconds) until the partner
  // chooses to send another request.
  const [sent, setSent] = useState<Sent | null>(null);
  const another = useRef(false);
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
    mutationFn: ({ body }: { body: object; values: Values }) =>
      api(`${apiPaths.partnerRequests}/submit`, {
        method: 'POST',
        token,
        body: { ...body },
        schema: schemaFrom(partnerContract, 'requestSubmittedResponse'),
      }),
    onSuccess: async (res, body) => {
      if (!res?.success) {
        toast('error', res?.message || messages.failure);
        return;
      }
      // My Requests reads this query: refetched (even while its tab is closed) before the success
      // view offers the way there, so the list opens with the new request in it.
      await client.invalidateQueries({ queryKey: partnerRequestsQuery(token).queryKey, refetchType: 'all' });
      setSent({ message: res.message || messages.success, values: body.values });
      setValues(blank(kind, partner ?? {}));
      setTouched({});
      setSubmitted(false);
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
    submit.mutate({ body: payload(kind, values), values });
  };

  const id = (f: string) => `${kind}-${f}`;
  // "Send another request": the new form opens at its first field to fill.
  useEffect(() => {
    if (sent || !another.current) return;
    another.current = false;
    document.getElementById(`${kind}-${kind === 'student' ? 'courseName' : 'jobTitle'}`)?.focus();
  }, [sent, kind]);

  if (sent)
    return (
      <RequestSent
        kind={kind}
        sent={sent}
        email={partner?.email || partner?.ownerEmail || null}
        onAnother={() => {
          another.current = true;
          setSent(null);
        }}
        onShowRequests={onShowRequests}
      />
    );

  /** What ties a control to field `f` of the request: its id, value, error and handlers. */
  const bind = (f: string) => ({
    id: id(f),
    value: text(f),
    error: err(f),
    onChange: (v: string) => set(f, v),
    onBlur: touch(f),
  });
  const field = (
    f: RequestField,
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
  ) => <TextField label={labels[f]} {...bind(f)} {...opts} />;
  const area = (f: RequestField, required = false, placeholder?: string) => (
    <TextArea label={labels[f]} {...bind(f)} required={required} {...(placeholder ? { placeholder } : {})} />
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
          {field('companyName', { placeholder: 'Your company' })}
          {kind === 'student' ? (
            <>
              {field('courseName', {
                required: true,
                placeholder: 'e.g. BSc Computer Science',
              })}
              <SelectField
                label={labels.degree}
                required
                {...bind('degree')}
                options={degreeChoices}
                placeholder="Select a degree"
              />
              {field('department', { required: true, placeholder: 'e.g. Computer Science' })}
              {field('duration', { placeholder: 'e.g. 4 years' })}
              {field('totalSeats', {
                required: true,
                type: 'number',
                min: 1,
                step: 1,
                inputMode: 'numeric',
                placeholder: 'e.g. 50',
              })}
              {field('admissionFee', { placeholder: 'e.g. 50,000 BDT' })}
              {field('semesterFee', { placeholder: 'e.g. 30,000 BDT' })}
              {field('minimumGPA', {
                type: 'number',
                min: 0,
                max: 5,
                step: 0.1,
                inputMode: 'decimal',
                placeholder: 'e.g. 3.5',
                hint: 'From 0 to 5, in steps of 0.1.',
              })}
              {field('location', { required: true, placeholder: 'e.g. Dhaka, Bangladesh' })}
              {field('applicationDeadline', {
                required: true,
                type: 'date',
                min: today(),
              })}
              {area('courseDescription', true, 'What the course covers')}
              {area('eligibilityCriteria', true, 'Who can apply')}
              <CheckboxField
                id={id('entranceExamRequired')}
                label={labels.entranceExamRequired}
                checked={values.entranceExamRequired === true}
                onChange={(v) => set('entranceExamRequired', v)}
              />
              {values.entranceExamRequired === true && (
                <>
                  {field('examDate', { type: 'date', min: today() })}
                  {area('examDetails', false, 'Subjects, format, venue')}
                </>
              )}
              <fieldset className="pt-fieldset pt-field-wide">
                <legend>{labels.requiredDocuments}</legend>
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
              {field('jobTitle', { required: true, placeholder: 'e.g. Care Assistant' })}
              {field('department', { required: true, placeholder: 'e.g. Operations' })}
              <SelectField
                label={labels.employmentType}
                required
                {...bind('employmentType')}
                options={employmentChoices}
                placeholder="Select an employment type"
              />
              {field('salaryRange', {
                required: true,
                placeholder: 'e.g. 40,000 - 60,000 BDT',
              })}
              {field('numberOfPositions', {
                required: true,
                type: 'number',
                min: 1,
                step: 1,
                inputMode: 'numeric',
                placeholder: 'e.g. 3',
              })}
              {field('location', { required: true, placeholder: 'e.g. London, United Kingdom' })}
              {field('applicationDeadline', {
                required: true,
                type: 'date',
                min: today(),
              })}
              {field('requiredExperience', {
                required: true,
                placeholder: 'e.g. 2 years',
              })}
              {area('jobDescription', true, 'What the job involves')}
              {area('requiredQualifications', true, 'Degrees, certificates, licences')}
              {field('skillsRequired', {
                placeholder: 'e.g. Communication, Teamwork, Excel',
                hint: 'Separate skills with commas.',
              })}
              {area('jobResponsibilities')}
              {area('benefits')}
            </>
          )}
          {field('contactEmail', {
            required: true,
            type: 'email',
            placeholder: 'contact@company.com',
          })}
          {field('contactPhone', {
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

/**
 * After a request is accepted: the server's message, that a confirmation went by e-mail, what
 * happens next, and what was sent, field by field. The heading takes the focus, so a screen reader
 * starts here; the partner leaves it by sending another request or opening My Requests.
 */
function RequestSent({
  kind,
  sent,
  email,
  onAnother,
  onShowRequests,
}: {
  kind: Kind;
  sent: Sent;
  email: string | null;
  onAnother: () => void;
  onShowRequests: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = kind === 'student' ? 'Admission request sent' : 'Hiring request sent';
  const next = pipelines.partner_request.stages.submitted.next;
  return (
    <section aria-labelledby={`${kind}-sent-title`}>
      <div className="pt-panel-head">
        <h2 id={`${kind}-sent-title`} ref={heading} tabIndex={-1}>
          {title}
        </h2>
      </div>
      <div className="pt-banner pt-banner-success" role="status">
        <p>{sent.message}</p>
      </div>
      <p>
        {email ? (
          <>
            We have e-mailed a confirmation to <strong>{email}</strong>.
          </>
        ) : (
          'We have e-mailed you a confirmation.'
        )}{' '}
        <strong>What happens next:</strong> {next} Follow it under My Requests.
      </p>
      <h3 className="pt-sent-heading">What you sent</h3>
      <dl className="pt-dl">
        {sentSummary(kind, sent.values, formatDay).map((row) => (
          <div key={row.field} className={row.long ? 'pt-dl-wide' : undefined}>
            <dt>{row.label}</dt>
            <dd className={row.long ? 'pt-dd-text' : undefined}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="pt-actions">
        <button type="button" className="pt-button pt-button-secondary" onClick={onAnother}>
          Send another request
        </button>
        <button type="button" className="pt-button" onClick={onShowRequests}>
          See My Requests
        </button>
      </div>
    </section>
  );
}
