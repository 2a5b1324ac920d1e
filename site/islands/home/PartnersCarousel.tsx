import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import type { PartnerSchool } from '#site/lib/fallbacks.ts';
import { ChevronLeft, ChevronRight } from '../common/icons.tsx';
import { withQuery } from '../common/with-query.tsx';
import { usePrefersReducedMotion, useViewportWidth } from './use-media.ts';
import { useFallback } from './use-fallback.ts';
import { CAROUSEL_INTERVAL, CAROUSEL_STEP } from './carousel.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const catalogContract = () => (import.meta.env.DEV ? import('#schemas/catalog-dto.ts') : notInProduction());

/**
 * Partners carousel (spec 1 section 4): advances every 3 s by 280 px; at 768 px or less one card
 * at a time; pauses on hover (and on keyboard focus, and with the pause button). A failed
 * universities call silently shows the built-in six schools (`fallback`, passed by the page only
 * when the snapshot has no university, else loaded when needed: use-fallback.ts).
 */
function PartnersCarousel({
  initial,
  fallback: given,
}: {
  initial: PartnerSchool[];
  fallback?: PartnerSchool[];
}) {
  const { data, isError } = useQuery({
    queryKey: ['universities'],
    queryFn: async (): Promise<PartnerSchool[]> =>
      (await api('/api/universities', { schema: schemaFrom(catalogContract, 'universitiesResponse') })).map(
        (u) => ({
          id: u._id,
          name: u.name,
          logo: u.logo,
          location: u.location,
        }),
      ),
    initialData: initial.length ? initial : undefined,
    initialDataUpdatedAt: 0,
  });
  const fallback = useFallback('fallbackPartners', isError || !data?.length, given);
  const partners = (isError || !data?.length ? fallback : data) ?? data ?? [];
  const width = useViewportWidth();
  const single = width <= 768;
  const reduced = usePrefersReducedMotion();
  const [hover, setHover] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLUListElement>(null);
  const paused = hover || focused || stopped || reduced;

  const advance = (dir: 1 | -1) => {
    if (single) {
      setIndex((i) => (i + dir + partners.length) % partners.length);
      return;
    }
    const el = track.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    if (dir === 1 && el.scrollLeft >= max - 2) el.scrollTo({ left: 0, behavior: 'smooth' });
    else if (dir === -1 && el.scrollLeft <= 2) el.scrollTo({ left: max, behavior: 'smooth' });
    else el.scrollBy({ left: dir * CAROUSEL_STEP, behavior: 'smooth' });
  };

  useEffect(() => {
    if (paused) return;
    const t = window.setInterval(() => advance(1), CAROUSEL_INTERVAL);
    return () => window.clearInterval(t);
  });

  const shown = single ? partners.slice(index % partners.length).slice(0, 1) : partners;
  return (
    <div
      className="partners"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      data-paused={paused ? 'true' : 'false'}
      data-mode={single ? 'single' : 'scroll'}
    >
      <ul
        ref={track}
        className={`partners__track${single ? ' partners__track--single' : ''}`}
        role="list"
        aria-label="Partner universities"
        aria-live={paused ? 'polite' : 'off'}
        data-testid="partners-track"
        tabIndex={single ? undefined : 0}
      >
        {shown.map((p) => (
          <li key={p.id} className="partner-card">
            <img src={p.logo} alt="" width="64" height="64" loading="lazy" />
            <div>
              <strong>{p.name}</strong>
              <span className="muted">{p.location}</span>
            </div>
          </li>
        ))}
      </ul>
      <div className="carousel-controls">
        <button type="button" className="icon-btn" aria-label="Previous partners" onClick={() => advance(-1)}>
          <ChevronLeft />
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-pressed={stopped}
          onClick={() => setStopped((s) => !s)}
        >
          {stopped ? 'Play' : 'Pause'}
          <span className="visually-hidden"> carousel</span>
        </button>
        <button type="button" className="icon-btn" aria-label="Next partners" onClick={() => advance(1)}>
          <ChevronRight />
        </button>
      </div>
    </div>
  );
}
export default withQuery(PartnersCarousel);
