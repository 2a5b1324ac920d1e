import { lazy, Suspense, useId, useState } from 'react';
import { withQuery } from '../common/with-query.tsx';
import { SelectField, TextField } from '../common/fields.tsx';
import { rcLook } from './look.ts';

// The sign-in and save step loads on submit, not with the page.
const SaveAlertModal = lazy(() =>
  import('./SaveAlertModal.tsx').then((m) => ({ default: m.SaveAlertModal })),
);

/**
 * /job: "Save this search as an alert". The person describes the jobs they want (keywords, a
 * category, a location); we e-mail new matching jobs once a day, each e-mail with one-click unsubscribe.
 */
function JobAlertForm({ categories }: { categories: string[] }) {
  const id = useId();
  const [form, setForm] = useState({ keywords: '', category: '', location: '' });
  const [saving, setSaving] = useState<typeof form | null>(null);
  const [error, setError] = useState('');
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <section className="rc-alert-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Get new jobs by e-mail</h2>
      <p className="rc-muted">
        Describe the jobs you want and save this search as an alert: we e-mail you new matching jobs once a
        day.
      </p>
      <form
        className="rc-jobs__filters"
        onSubmit={(e) => {
          e.preventDefault();
          const search = {
            keywords: form.keywords.trim(),
            category: form.category,
            location: form.location.trim(),
          };
          if (!search.keywords && !search.category && !search.location) {
            setError('Add keywords, a category or a location first.');
            return;
          }
          setError('');
          setSaving(search);
        }}
      >
        <TextField
          look={rcLook}
          id={`${id}-k`}
          label="Keywords"
          type="text"
          maxLength={100}
          placeholder="e.g. care assistant"
          value={form.keywords}
          onChange={set('keywords')}
        />
        <SelectField
          look={rcLook}
          id={`${id}-c`}
          label="Category"
          value={form.category}
          onChange={set('category')}
          placeholder="All categories"
          options={categories}
        />
        <TextField
          look={rcLook}
          id={`${id}-l`}
          label="Location"
          type="text"
          maxLength={100}
          placeholder="e.g. Leeds"
          value={form.location}
          onChange={set('location')}
        />
        <button type="submit" className="rc-btn rc-btn--primary">
          Save this search as an alert
        </button>
      </form>
      <div aria-live="polite">
        {error && (
          <p className="rc-error-box" role="alert">
            {error}
          </p>
        )}
      </div>
      {saving && (
        <Suspense fallback={null}>
          <SaveAlertModal search={saving} onClose={() => setSaving(null)} />
        </Suspense>
      )}
    </section>
  );
}

export default withQuery(JobAlertForm);
