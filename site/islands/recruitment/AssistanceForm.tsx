import { useId, useState, type SubmitEvent } from 'react';
import { api, ApiError, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { lazy, prefetch, useLazy } from '#site/lib/lazy.ts';
import { CATEGORY_MESSAGE, DEFAULT_COUNTRY, TERMS_MESSAGE } from '#schemas/recruitment-text.ts';
import { LazyModal as Modal } from '../common/LazyModal.tsx';
import { Toaster, toast, type ToastDurations } from '../common/toast.tsx';
import { SelectField, TextArea, TextField, type FieldLook } from '../common/fields.tsx';
import { useHydrated } from '../common/use-hydrated.ts';
import { rcLook } from './look.ts';
import { useTypedBeforeHydration } from '#site/lib/typed-before-hydration.ts';

// This form says "Fields marked * are required", so its required labels carry the star.
const look: FieldLook = {
  ...rcLook,
  marker: (
    <>
      {' '}
      <span aria-hidden="true" className="rc-req">
        *
      </span>
    </>
  ),
};

// Response schemas load in development only, where answers are checked: this page ships no zod.
const jobsContract = () => (import.meta.env.DEV ? import('#schemas/recruitment.ts') : notInProduction());

/** Spec 2 section 9: errors for 4 s, successes for 2 s, loading until dismissed, at most 20 on screen. */
const TOAST_DURATIONS: ToastDurations = { success: 2000, info: 2000, error: 4000, loading: null };

const empty = {
  companyName: '',
  phoneNumber: '',
  contactName: '',
  email: '',
  postcode: '',
  country: DEFAULT_COUNTRY as string,
  category: [] as string[],
  message: '',
  termsAccepted: false,
};

// The terms text (~2.5 KB brotli) is only read in the modal: it loads on the first open (or on
// hovering/focusing the button), not with the page (the JavaScript budget, docs/performance.md).
const loadLegal = lazy(() => import('#site/lib/legal.ts'));

/**
 * The employer assistance (call-back) form, spec 2 sections 3, 4 and 5. The page passes the
 * country names (schemas/countries.ts) so the 200-name list is not in the bundle. They arrive with
 * the island's props, after the first paint (client:afterpaint), and the server renders only the
 * chosen country: the other options are ~1.9 KB of the first document that no one reads before the
 * form runs (the first TCP window).
 */
export default function AssistanceForm({
  categories,
  countries,
}: {
  categories: string[];
  countries: readonly string[];
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [legal, startLegal] = useLazy(loadLegal);
  const formRef = useTypedBeforeHydration();
  const [form, setForm] = useState(empty);
  const [submitting, setSubmitting] = useState(false);
  const [blocked, setBlocked] = useState<'terms' | 'category' | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const set =
    (key: 'companyName' | 'phoneNumber' | 'contactName' | 'email' | 'postcode' | 'country' | 'message') =>
    (e: { target: { value: string } }) => {
      // Read now: the updater runs later, after React may have put a controlled field back.
      const { value } = e.target;
      setForm((f) => ({ ...f, [key]: value }));
    };

  const toggle = (name: string) => {
    setForm((f) => ({
      ...f,
      category: f.category.includes(name) ? f.category.filter((c) => c !== name) : [...f.category, name],
    }));
    if (blocked === 'category') setBlocked(null);
  };

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form.termsAccepted) {
      setBlocked('terms');
      toast.error(TERMS_MESSAGE);
      return;
    }
    if (form.category.length === 0) {
      setBlocked('category');
      toast.error(CATEGORY_MESSAGE);
      return;
    }
    setBlocked(null);
    setSubmitting(true);
    const loading = toast.loading('Submitting...');
    try {
      const res = await api('/api/assistance-requests', {
        method: 'POST',
        body: form,
        schema: schemaFrom(jobsContract, 'assistanceRequestResponse'),
      });
      toast.dismiss(loading);
      toast.success(res.message || 'Submitted successfully!');
      setForm(empty);
    } catch (err) {
      toast.dismiss(loading);
      // The refusal's words are its `error`, read by the failure schema: loaded only when a request
      // fails, so this page still ships no zod.
      const refusal =
        err instanceof ApiError
          ? await import('#schemas/responses.ts').then(
              (m) => err.bodyAs(m.failureBody),
              () => null,
            )
          : null;
      toast.error(refusal?.error || 'Something went wrong!');
    } finally {
      setSubmitting(false);
    }
  }

  const field = (
    key: 'companyName' | 'phoneNumber' | 'contactName' | 'email' | 'postcode',
    label: string,
    type = 'text',
    autoComplete?: string,
  ) => (
    <TextField
      look={look}
      id={`${id}-${key}`}
      name={key}
      label={label}
      type={type}
      required
      autoComplete={autoComplete}
      value={form[key]}
      onChange={set(key)}
    />
  );

  return (
    <>
      <Toaster look="rc" durations={TOAST_DURATIONS} max={20} />
      <form ref={formRef} className="rc-card rc-assist" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Request staffing assistance</h2>
        <p className="rc-muted">
          Tell us who you need and we will call you back within one working day. Fields marked * are required.
        </p>
        <div className="rc-grid-2">
          {field('companyName', 'Company name', 'text', 'organization')}
          {field('phoneNumber', 'Phone number', 'tel', 'tel')}
          {field('contactName', 'Contact name', 'text', 'name')}
          {field('email', 'Email', 'email', 'email')}
          {field('postcode', 'Postcode', 'text', 'postal-code')}
          <SelectField
            look={look}
            id={`${id}-country`}
            name="country"
            label="Country"
            autoComplete="country-name"
            value={form.country}
            onChange={set('country')}
            options={hydrated ? countries : [form.country]}
          />
        </div>

        <fieldset
          className="rc-categories"
          aria-describedby={blocked === 'category' ? `${id}-category-error` : undefined}
        >
          <legend>
            Which staff do you need?{' '}
            <span aria-hidden="true" className="rc-req">
              *
            </span>
          </legend>
          <div className="rc-categories__list">
            {categories.map((name) => (
              <button
                key={name}
                type="button"
                className="rc-toggle"
                aria-pressed={form.category.includes(name)}
                onClick={() => toggle(name)}
              >
                {name}
              </button>
            ))}
          </div>
          {blocked === 'category' && (
            <p id={`${id}-category-error`} className="rc-error">
              {CATEGORY_MESSAGE}
            </p>
          )}
        </fieldset>

        <TextArea
          look={look}
          id={`${id}-message`}
          name="message"
          label="Message"
          rows={5}
          required
          value={form.message}
          onChange={set('message')}
        />

        <div className="rc-check">
          <input
            id={`${id}-terms`}
            type="checkbox"
            checked={form.termsAccepted}
            onChange={(e) => {
              setForm((f) => ({ ...f, termsAccepted: e.target.checked }));
              if (blocked === 'terms') setBlocked(null);
            }}
            aria-describedby={blocked === 'terms' ? `${id}-terms-error` : undefined}
          />
          <label htmlFor={`${id}-terms`}>I accept the Terms &amp; Conditions</label>
          <button
            type="button"
            className="link-button"
            onPointerEnter={prefetch(loadLegal)}
            onFocus={prefetch(loadLegal)}
            onClick={() => {
              setTermsOpen(true);
              startLegal().catch((e: unknown) => console.error('Failed to load the Terms and Conditions', e));
            }}
          >
            Read the Terms &amp; Conditions
          </button>
        </div>
        {blocked === 'terms' && (
          <p id={`${id}-terms-error`} className="rc-error">
            {TERMS_MESSAGE}
          </p>
        )}

        <button type="submit" className="rc-btn rc-btn--primary rc-btn--block" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit request'}
        </button>
      </form>
      <Modal
        className="modal--wide"
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        title="Terms and Conditions"
      >
        <div className="rc-legal">
          {!legal && <p role="status">Loading...</p>}
          {legal?.termsSections.map((section) => (
            <section key={section.title}>
              <h3>{section.title}</h3>
              {section.body.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </section>
          ))}
          <p>
            The full Terms and Conditions are also on our <a href="/terms">Terms &amp; Conditions page</a>.
          </p>
        </div>
        <div className="rc-actions">
          <button type="button" className="rc-btn rc-btn--primary" onClick={() => setTermsOpen(false)}>
            Close
          </button>
        </div>
      </Modal>
    </>
  );
}
