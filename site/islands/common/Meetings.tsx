import { changedSince, type MeetingItem } from '#schemas/timeline.ts';
import {
  consultationModeLabels,
  consultationTopicLabels,
  type ConsultationTopic,
} from '#schemas/consultation-rules.ts';
import { pagePaths } from '#schemas/paths.ts';
import '../../styles/timeline.css';

const dayTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Where "Book another" goes: the booking page, on the person's topic. */
export const bookAnotherHref = (topic: ConsultationTopic) => `${pagePaths.bookConsultation}?topic=${topic}`;

/**
 * The person's free consultations beside their applications (GET …/me/timeline `meetings`): each
 * with its time in the zone they booked in (and the office's), its state and history, the link to
 * move or cancel it while it works, and "Book another".
 */
export function MeetingList({
  meetings,
  since,
  topic,
  headingLevel = 3,
  bookClassName = 'tl-book__link',
}: {
  meetings: MeetingItem[];
  since: string | null;
  /** The topic a new booking starts on: study for students, work for job seekers. */
  topic: ConsultationTopic;
  headingLevel?: 2 | 3;
  /** The "Book another" link's look: a dashboard whose links are styled strongly passes its own button. */
  bookClassName?: string;
}) {
  const Heading = `h${headingLevel}` as 'h3';
  const book = (
    <p className="tl-book">
      <a className={bookClassName} href={bookAnotherHref(topic)}>
        {meetings.length === 0 ? 'Book a free consultation' : 'Book another'}
      </a>
    </p>
  );
  if (meetings.length === 0)
    return (
      <div className="tl-empty">
        <p>
          You have no consultations with a counsellor yet. They are free, in person, by video or by phone.
        </p>
        {book}
      </div>
    );
  return (
    <>
      <ul className="tl-list" aria-label="Your consultations">
        {meetings.map((m) => {
          const isNew = changedSince(m, since);
          const office = m.office.timeZone !== m.timeZone ? dayTime(m.start, m.office.timeZone) : null;
          return (
            <li key={m.id}>
              <article
                id={`timeline-${m.id}`}
                className={`tl-item${isNew ? ' tl-item--new' : ''}`}
                tabIndex={-1}
                aria-labelledby={`timeline-${m.id}-title`}
              >
                <div className="tl-head">
                  <div>
                    <Heading id={`timeline-${m.id}-title`} className="tl-title">
                      Consultation: {dayTime(m.start, m.timeZone)}
                    </Heading>
                    <p className="tl-sub">
                      {consultationModeLabels[m.mode]} with {m.counsellor}, about{' '}
                      {consultationTopicLabels[m.topic].toLowerCase()}
                      {office && (
                        <>
                          {' '}
                          ({office} at the {m.office.name} office)
                        </>
                      )}
                    </p>
                  </div>
                  <div className="tl-state">
                    {isNew && <span className="tl-new">Updated</span>}
                    <span className={`tl-status tl-status--meeting-${m.state}`}>{m.label}</span>
                  </div>
                </div>
                <p className="tl-next">
                  <strong>
                    {m.state === 'held' || m.state === 'missed' ? 'Where it ends: ' : 'What happens next: '}
                  </strong>
                  {m.next}
                </p>
                <ol
                  className="tl-events"
                  aria-label={`History of the consultation of ${dayTime(m.start, m.timeZone)}`}
                >
                  {m.events.map((e, i) => (
                    <li
                      key={i}
                      className={i === m.events.length - 1 ? 'tl-event tl-event--current' : 'tl-event'}
                    >
                      <span>{e.label}</span> <time dateTime={e.at}>{day.format(new Date(e.at))}</time>
                    </li>
                  ))}
                </ol>
                {m.manageUrl && (m.state === 'booked' || m.state === 'moved') && (
                  <p className="tl-manage">
                    <a href={m.manageUrl}>See, move or cancel it</a>
                  </p>
                )}
              </article>
            </li>
          );
        })}
      </ul>
      {book}
    </>
  );
}
