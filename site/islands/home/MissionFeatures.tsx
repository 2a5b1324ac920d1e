import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FeatureItem, MissionVisionContent } from '#schemas/site-content.ts';
import { api, NetworkError, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { truncateWords } from '#site/lib/format.ts';
import { LazyModal as Modal } from '../common/LazyModal.tsx';
import { withQuery } from '../common/with-query.tsx';
import { useFallback } from './use-fallback.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const siteContentContract = () =>
  import.meta.env.DEV ? import('#schemas/site-content.ts') : notInProduction();

/** What the section shows of the mission and vision content and of each feature (the page passes only this). */
export type MissionHead = Pick<MissionVisionContent, 'visionTitle' | 'missionDescription'> & {
  sectionTitle: Pick<MissionVisionContent['sectionTitle'], 'subtitle'>;
};
export type MissionFeature = Pick<FeatureItem, 'title' | 'description' | 'learnMoreLink'>;

/**
 * `fallback`: the built-in content, passed by the page only when the snapshot has none (else
 * loaded when a call fails: use-fallback.ts).
 */
interface Props {
  features: MissionFeature[];
  initial: MissionHead | null;
  fallback?: MissionHead;
}

/** Mission and vision with feature cards (spec 1 section 2.4 item 4): spinner, error, popup, 20-word cards. */
function MissionFeatures({ features, initial, fallback: given }: Props) {
  const { data, error, isPending } = useQuery<MissionHead>({
    queryKey: ['missionvission'],
    queryFn: async () => {
      const res = await api('/api/missionvission', {
        schema: schemaFrom(siteContentContract, 'missionVisionResponse'),
      });
      if (!res?.success || !res.data) throw new Error('malformed');
      return res.data;
    },
    initialData: initial ?? undefined,
    initialDataUpdatedAt: 0,
  });
  const fallback = useFallback('fallbackMissionVision', Boolean(error) || !data, given);
  const content = (error ? fallback : (data ?? fallback)) ?? data;
  const [open, setOpen] = useState<MissionFeature | null>(null);
  return (
    <div>
      {/* Always there: the page passes `fallback` when it has no `initial`. */}
      {content && (
        <div className="section-head section-head--center">
          <span className="eyebrow">{content.sectionTitle.subtitle}</span>
          <h2 id="mission-features-title">{content.visionTitle}</h2>
          <p className="lead">{content.missionDescription}</p>
        </div>
      )}
      {isPending && <div className="spinner" role="status" aria-label="Loading mission and vision" />}
      {error && (
        <p className="alert alert--error" role="alert">
          {error instanceof NetworkError
            ? 'Failed to connect to the server'
            : 'Failed to load mission and vision data'}
        </p>
      )}
      <ul className="grid grid--3" role="list" data-testid="mission-features">
        {features.map((f) => (
          <li key={f.title} className="card">
            <div className="card__body">
              <h3>{f.title}</h3>
              <p className="muted">{truncateWords(f.description, 20)}</p>
              <div className="btn-row">
                <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(f)}>
                  Read more<span className="visually-hidden"> about {f.title}</span>
                </button>
                {f.learnMoreLink && (
                  <a className="btn btn--small btn--light" href={f.learnMoreLink}>
                    Explore<span className="visually-hidden"> {f.title}</span>
                  </a>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <Modal open={open !== null} onClose={() => setOpen(null)} labelledBy="mission-feature-title">
        {open && (
          <>
            <h3 id="mission-feature-title">{open.title}</h3>
            <p>{open.description}</p>
            <button type="button" className="btn btn--primary" onClick={() => setOpen(null)}>
              Close
            </button>
          </>
        )}
      </Modal>
    </div>
  );
}
export default withQuery(MissionFeatures);
