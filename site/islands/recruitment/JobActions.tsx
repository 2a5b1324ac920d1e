import { lazy, Suspense, useState } from 'react';
// The modal (and the applicant forms in it) loads on the first Apply, not with the page.
const ApplicationModal = lazy(() =>
  import('./ApplicationModal.tsx').then((m) => ({ default: m.ApplicationModal })),
);

/** 'Apply to job' (opens the application modal) and Share (Web Share API, else copy the link). */
export default function JobActions({
  job,
}: {
  job: { _id: string; title: string; company: string; status: 'open' | 'closed' };
}) {
  const [applying, setApplying] = useState(false);
  const [shareNote, setShareNote] = useState('');

  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: job.title, text: `${job.title} at ${job.company}`, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setShareNote('Link copied');
    } catch {
      setShareNote(`Copy this link: ${url}`);
    }
    setTimeout(() => setShareNote(''), 4000);
  }

  return (
    <div className="rc-actions rc-job-actions">
      {job.status === 'open' ? (
        <button type="button" className="rc-btn rc-btn--primary" onClick={() => setApplying(true)}>
          Apply to job
        </button>
      ) : (
        <p className="rc-muted">This job is closed and no longer accepts applications.</p>
      )}
      <button type="button" className="rc-btn rc-btn--ghost" onClick={share}>
        Share
      </button>
      <span role="status" className="rc-share-note">
        {shareNote}
      </span>
      {applying && (
        <Suspense fallback={null}>
          <ApplicationModal job={job} onClose={() => setApplying(false)} />
        </Suspense>
      )}
    </div>
  );
}
