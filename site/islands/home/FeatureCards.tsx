import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FeatureItem } from '#schemas/site-content.ts';
import { api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { truncateWords } from '#site/lib/format.ts';
import { LazyModal as Modal } from '../common/LazyModal.tsx';
import { withQuery } from '../common/with-query.tsx';
import { useFallback } from './use-fallback.ts';
import { ContentImage } from '#site/components/content-image.tsx';
import { PANEL_SIZES } from '#site/lib/image-sizes.ts';

/** What a card shows (the page passes only this: the first document's bytes). */
export type FeatureCard = Pick<
  FeatureItem,
  'title' | 'description' | 'gradientFrom' | 'gradientTo' | 'image' | 'imageAlt'
>;

// Response schemas load in development only, where answers are checked: this page ships no zod.
const siteContentContract = () =>
  import.meta.env.DEV ? import('#schemas/site-content.ts') : notInProduction();

/**
 * 'Why Choose Us' (spec 1 section 2.4 item 3): failed, loading or empty shows the six built-in
 * features (loaded when needed: use-fallback.ts; the page's `initial` is them when the snapshot
 * has none).
 */
function FeatureCards({ initial }: { initial: FeatureCard[] }) {
  const { data, isError, isPending } = useQuery<FeatureCard[]>({
    queryKey: ['features'],
    queryFn: () => api('/api/features', { schema: schemaFrom(siteContentContract, 'featuresResponse') }),
    initialData: initial.length ? initial : undefined,
    initialDataUpdatedAt: 0,
  });
  if (isError) console.error('Failed to fetch features');
  const ok = !isError && !isPending && Array.isArray(data) && data.length > 0;
  const fallback = useFallback('fallbackFeatures', !ok);
  const features = ok ? data : (fallback ?? initial);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const current = openIndex === null ? undefined : features[openIndex];
  return (
    <>
      <ul className="grid grid--3 feature-grid" role="list" data-testid="why-features">
        {features.map((f, i) => (
          <li key={f.title} className="card feature-card">
            <span
              className="feature-card__bar"
              aria-hidden="true"
              style={{
                background: `linear-gradient(90deg, ${f.gradientFrom || '#00C9FF'}, ${f.gradientTo || '#92FE9D'})`,
              }}
            />
            <div className="card__body">
              {/* An icon beside the card's own title: decorative here; the dialog shows it with its text. */}
              <ContentImage
                src={f.image}
                alt=""
                width={64}
                height={64}
                sizes="64px"
                className="feature-card__icon"
              />
              <h3>{f.title}</h3>
              <p className="muted">{truncateWords(f.description, 25)}</p>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpenIndex(i)}>
                Learn More<span className="visually-hidden"> about {f.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Modal open={current !== undefined} onClose={() => setOpenIndex(null)} labelledBy="feature-modal-title">
        {current && (
          <>
            <h3 id="feature-modal-title">{current.title}</h3>
            <ContentImage
              src={current.image}
              alt={current.imageAlt ?? ''}
              width={480}
              height={270}
              sizes={PANEL_SIZES}
              eager
            />
            <p>{current.description}</p>
            <button type="button" className="btn btn--primary" onClick={() => setOpenIndex(null)}>
              Close
            </button>
          </>
        )}
      </Modal>
    </>
  );
}
export default withQuery(FeatureCards);
