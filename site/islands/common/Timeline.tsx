import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { changedSince, type TimelineItem } from '#schemas/timeline.ts';
import type { TimelineQuery } from './timeline-query.ts';
import '../../styles/timeline.css';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const when = (iso: string) => day.format(new Date(iso));

/**
 * The person's timelines (`timelineQuery`, timeline-query.ts). The previous visit is kept from the
 * first answer, so items stay marked "Updated" while the page is open; the visit is recorded once,
 * after the first answer arrived.
 */
export function useTimeline({ markSeen, ...options }: TimelineQuery, enabled = true) {
  const query = useQuery({ ...options, enabled });
  const [since, setSince] = useState<string | null | undefined>(undefined);
  const marked = useRef(false);
  useEffect(() => {
    if (!query.data || marked.current) return;
    marked.current = true;
    setSince(query.data.lastVisit);
    void markSeen().catch(() => undefined);
  }, [query.data, markSeen]);
  return { query, since: since ?? query.data?.lastVisit ?? null };
}

/** Items, latest change first (the server's order); the one named in the address (#timeline-<id>) is scrolled to. */
export function TimelineList({
  items,
  since,
  empty,
  label,
  itemClassName = '',
  headingLevel = 3,
}: {
  items: TimelineItem[];
  since: string | null;
  empty: ReactNode;
  /** The list's accessible name, e.g. 'My Applications'. */
  label: string;
  itemClassName?: string;
  headingLevel?: 2 | 3;
}) {
  useEffect(() => {
    const target = location.hash.startsWith('#timeline-')
      ? document.getElementById(location.hash.slice(1))
      : null;
    target?.scrollIntoView({ block: 'start' });
    target?.focus();
  }, [items.length]);
  if (items.length === 0) return <div className="tl-empty">{empty}</div>;
  const changed = items.filter((i) => changedSince(i, since)).length;
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <>
      {changed > 0 && (
        <p className="tl-summary" role="status">
          {changed === 1 ? '1 update since your last visit.' : `${changed} updates since your last visit.`}
        </p>
      )}
      <ul className="tl-list" aria-label={label}>
        {items.map((item) => {
          const isNew = changedSince(item, since);
          return (
            <li key={item.id}>
              <article
                id={`timeline-${item.id}`}
                className={`tl-item${isNew ? ' tl-item--new' : ''} ${itemClassName}`.trim()}
                tabIndex={-1}
                aria-labelledby={`timeline-${item.id}-title`}
              >
                <div className="tl-head">
                  <div>
                    <Heading id={`timeline-${item.id}-title`} className="tl-title">
                      {item.href ? <a href={item.href}>{item.title}</a> : item.title}
                    </Heading>
                    {item.subtitle && <p className="tl-sub">{item.subtitle}</p>}
                  </div>
                  <div className="tl-state">
                    {isNew && <span className="tl-new">Updated</span>}
                    <span className={`tl-status tl-status--${item.status}`}>{item.label}</span>
                  </div>
                </div>
                {item.notice && <p className="tl-notice">{item.notice}</p>}
                {item.next && (
                  <p className="tl-next">
                    <strong>{item.final ? 'Where it ends: ' : 'What happens next: '}</strong>
                    {item.next}
                  </p>
                )}
                <ol className="tl-events" aria-label={`Timeline of ${item.title}`}>
                  {item.events.map((e, i) => (
                    <li
                      key={i}
                      className={i === item.events.length - 1 ? 'tl-event tl-event--current' : 'tl-event'}
                    >
                      <span>{e.label}</span> <time dateTime={e.at}>{when(e.at)}</time>
                      {e.note && <p className="tl-event__note">{e.note}</p>}
                    </li>
                  ))}
                </ol>
              </article>
            </li>
          );
        })}
      </ul>
    </>
  );
}
