import { useQuery } from '@tanstack/react-query';
import type { SubjectDto } from '#schemas/catalog.ts';
import { api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { paragraphs, studentsLabel, truncateProgram } from '#site/lib/format.ts';
import { withQuery } from '../common/with-query.tsx';
import { ContentImage } from '#site/components/content-image.tsx';
import { CARD_SIZES } from '#site/lib/image-sizes.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const catalogContract = () => (import.meta.env.DEV ? import('#schemas/catalog-dto.ts') : notInProduction());

export type ProgramCard = Pick<
  SubjectDto,
  | '_id'
  | 'name'
  | 'image'
  | 'imageAlt'
  | 'university'
  | 'degreeType'
  | 'description'
  | 'duration'
  | 'students'
>;

/** Featured Programs (spec 1 section 2.4 item 12): the first 4 subjects. */
function FeaturedPrograms({ initial }: { initial: ProgramCard[] }) {
  const { data, isError, isFetching, refetch } = useQuery({
    // Its own key: the header search caches the full list under ['subjects', 'all'].
    queryKey: ['subjects', 'featured'],
    queryFn: async (): Promise<ProgramCard[]> =>
      (await api('/api/subjects?limit=4', { schema: schemaFrom(catalogContract, 'subjectsResponse') })).slice(
        0,
        4,
      ),
    initialData: initial.length ? initial : undefined,
    initialDataUpdatedAt: 0,
  });
  const loading = (isFetching && (isError || !data)) || (!data && !isError);
  return (
    <div>
      {loading ? (
        <ul
          className="grid grid--4"
          role="list"
          aria-busy="true"
          aria-label="Loading programs"
          data-testid="programs-skeleton"
        >
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="card">
              <div className="skeleton program-skeleton__media" />
              <div className="card__body">
                <div className="skeleton program-skeleton__line" />
                <div className="skeleton program-skeleton__line" />
                <div className="skeleton program-skeleton__line short" />
              </div>
            </li>
          ))}
        </ul>
      ) : isError ? (
        <div className="empty-state" role="alert">
          <p>
            <strong>Failed to load courses</strong>
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <ul className="grid grid--4" role="list" data-testid="featured-programs">
          {(data ?? []).map((s) => (
            <li key={s._id} className="card program-card">
              <ContentImage
                className="card__media"
                src={s.image}
                alt={s.imageAlt}
                width={400}
                height={225}
                sizes={CARD_SIZES}
              />
              <div className="card__body">
                <p className="program-card__uni">{s.university}</p>
                <h3>{s.name}</h3>
                <p>
                  <span className="badge">{s.degreeType}</span>
                </p>
                <p className="muted">{truncateProgram(paragraphs(s.description).join(' '))}</p>
                <p className="program-card__meta">
                  <span>{s.duration}</span>
                  <span>{studentsLabel(s.students)}</span>
                </p>
                <a className="btn btn--ghost btn--small" href={`/subject/${s._id}`}>
                  Learn More<span className="visually-hidden"> about {s.name}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="center-row">
        <a className="btn btn--accent" href="/destinations">
          View All Programs
        </a>
      </p>
    </div>
  );
}
export default withQuery(FeaturedPrograms);
