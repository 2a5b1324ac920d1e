import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ServiceItem } from '#schemas/site-content.ts';
import { api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { truncateWords } from '#site/lib/format.ts';
import { ChevronLeft, ChevronRight } from '../common/icons.tsx';
import { withQuery } from '../common/with-query.tsx';
import { useFallback } from './use-fallback.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const siteContentContract = () =>
  import.meta.env.DEV ? import('#schemas/site-content.ts') : notInProduction();

const PAGE = 3;

/** Services, 3 per page (spec 1 section 2.4 item 5); a failed or malformed response shows the built-in three
 * (loaded when needed: use-fallback.ts; the page's `initial` is them when the snapshot has none). */
function ServicesList({ initial }: { initial: ServiceItem[] }) {
  const { data, isError } = useQuery({
    queryKey: ['services'],
    queryFn: async () => {
      const res = await api('/api/services', { schema: schemaFrom(siteContentContract, 'servicesResponse') });
      if (!res?.success || !Array.isArray(res.data)) throw new Error('Malformed services response');
      return res.data;
    },
    initialData: initial.length ? initial : undefined,
    initialDataUpdatedAt: 0,
  });
  const fallback = useFallback('fallbackServices', isError);
  const services = ((isError ? fallback : undefined) ?? data ?? []).filter((s) => s.isActive !== false);
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(services.length / PAGE));
  const current = Math.min(page, pages - 1);
  const shown = services.slice(current * PAGE, current * PAGE + PAGE);
  return (
    <div>
      {isError && (
        <p className="alert alert--info" role="status">
          Failed to load services. Using fallback data instead.
        </p>
      )}
      <ul className="grid grid--3" role="list" aria-live="polite" data-testid="services">
        {shown.map((s) => (
          <li key={s._id} className="card">
            <div className="card__body">
              <span className="service-icon" style={{ background: s.iconBg }}>
                <img src={s.icon} alt="" width="40" height="40" loading="lazy" />
              </span>
              <h3>
                {s.title} {s.isNew && <span className="badge badge--new">New</span>}
              </h3>
              <p className="muted">{truncateWords(s.description, 20)}</p>
              <a href={s.link}>
                Learn more<span className="visually-hidden"> about {s.title}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
      <div className="carousel-controls">
        <button
          type="button"
          className="icon-btn"
          aria-label="Previous services"
          disabled={current === 0}
          onClick={() => setPage(current - 1)}
        >
          <ChevronLeft />
        </button>
        <span aria-live="polite">
          Page {current + 1} of {pages}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label="Next services"
          disabled={current >= pages - 1}
          onClick={() => setPage(current + 1)}
        >
          <ChevronRight />
        </button>
      </div>
    </div>
  );
}
export default withQuery(ServicesList);
