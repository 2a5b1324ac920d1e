import { useState } from 'react';
import { ChevronLeft, ChevronRight } from '../common/icons.tsx';
import { useViewportWidth } from './use-media.ts';
import { ContentImage } from '#site/components/content-image.tsx';
import { TEAM_SIZES } from '#site/lib/image-sizes.ts';

export interface TeamMember {
  id: string;
  name: string;
  position: string;
  image: string;
  imageAlt: string;
}

/** Cards shown for a viewport width: 1 under 640 px, 2 under 1024 px, otherwise 4 (spec 1 section 2.4). */
export const perView = (width: number) => (width < 640 ? 1 : width < 1024 ? 2 : 4);

/** Team carousel: previous/next wrap around. */
export default function TeamCarousel({ members }: { members: TeamMember[] }) {
  const width = useViewportWidth();
  const count = Math.min(perView(width), members.length);
  const [start, setStart] = useState(0);
  const n = members.length;
  if (n === 0) return null;
  const shown = Array.from({ length: count }, (_, k) => members[(start + k) % n]!);
  return (
    <div className="team">
      <ul
        className={`team__grid team__grid--${count}`}
        role="list"
        aria-live="polite"
        data-testid="team-cards"
      >
        {shown.map((m) => (
          <li key={m.id} className="card team-card">
            <ContentImage
              src={m.image}
              alt={m.imageAlt}
              width={320}
              height={320}
              sizes={TEAM_SIZES}
              className="team-card__img"
            />
            <div className="card__body">
              <h3>{m.name}</h3>
              <p className="muted">{m.position}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="carousel-controls">
        <button
          type="button"
          className="icon-btn"
          aria-label="Previous team member"
          onClick={() => setStart((s) => (s - 1 + n) % n)}
        >
          <ChevronLeft />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label="Next team member"
          onClick={() => setStart((s) => (s + 1) % n)}
        >
          <ChevronRight />
        </button>
      </div>
    </div>
  );
}
