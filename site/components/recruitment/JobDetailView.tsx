import type { ReactNode } from 'react';
import type { JobDetail } from '#schemas/recruitment.ts';

/**
 * One job's page body (spec 2: /job/{id}). Rendered to static HTML at build time, and by the
 * shell in the browser for a job newer than the build. Its children are the Apply and Share actions.
 */
export function JobDetailView({ job, children }: { job: JobDetail; children?: ReactNode }) {
  return (
    <article aria-labelledby="job-title">
      <p>
        <a className="rc-back" href="/job">
          ← Back to jobs
        </a>
      </p>
      <header className="rc-card rc-job-detail__head">
        <div className="rc-job-detail__badges">
          {job.urgent && <span className="rc-badge rc-badge--urgent">URGENT</span>}
          {job.status === 'closed' && <span className="rc-badge rc-badge--closed">Closed</span>}
          <span className="rc-chip">{job.type}</span>
        </div>
        <h1 id="job-title">{job.position}</h1>
        <p className="rc-job-detail__company">{job.company}</p>
        <dl className="rc-facts">
          <div>
            <dt>Location</dt>
            <dd>
              {job.location}
              <br />
              <span className="rc-muted">{job.address}</span>
            </dd>
          </div>
          <div>
            <dt>Employment</dt>
            <dd>{job.employment.join(', ')}</dd>
          </div>
          <div>
            <dt>Schedule</dt>
            <dd>{job.schedule}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{job.payment}</dd>
          </div>
          <div>
            <dt>Hiring</dt>
            <dd>{job.hiring}</dd>
          </div>
        </dl>
        {job.tags.length > 0 && (
          <ul className="rc-tags" aria-label="Tags">
            {job.tags.map((t) => (
              <li key={t} className="rc-chip rc-chip--soft">
                {t}
              </li>
            ))}
          </ul>
        )}
        {children}
      </header>
      <div className="rc-job-detail__body">
        <section className="rc-card">
          <h2>Job description</h2>
          <p>{job.description}</p>
          {job.requirements.length > 0 && (
            <>
              <h2>Requirements</h2>
              <ul className="rc-bullets">
                {job.requirements.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </>
          )}
        </section>
        <aside className="rc-card" aria-labelledby="company-title">
          <h2 id="company-title">About {job.companyInfo.name}</h2>
          {job.companyInfo.logo && (
            <img
              src={job.companyInfo.logo}
              alt={`${job.companyInfo.name} logo`}
              width={160}
              height={60}
              loading="lazy"
            />
          )}
          <p>{job.companyInfo.about}</p>
          {job.companyInfo.website && (
            <p>
              <a
                className="standalone-link"
                href={job.companyInfo.website}
                rel="noopener noreferrer"
                target="_blank"
              >
                Visit the company website<span className="rc-sr"> (opens in a new tab)</span>
              </a>
            </p>
          )}
        </aside>
      </div>
    </article>
  );
}
