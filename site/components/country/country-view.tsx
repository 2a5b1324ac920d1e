import type { CountryDto, SubjectDto } from '#schemas/catalog.ts';
import { cleanList, formatTuition } from '#site/lib/format.ts';
import type { TabPanel } from '#site/islands/common/Tabs.tsx';
import { Breadcrumbs } from '#site/components/breadcrumbs.tsx';
import { ContentImage } from '#site/components/content-image.tsx';
import { CARD_SIZES, GALLERY_SIZES, HERO_SIZES } from '#site/lib/image-sizes.ts';
import '../../styles/country-subject.css';

const sceneSets: [string, string[]][] = [
  ['australia', ['australia', 'aus']],
  ['uk', ['uk', 'united kingdom']],
  ['usa', ['usa', 'united states']],
  ['canada', ['canada']],
  ['germany', ['germany', 'ger']],
  ['ireland', ['ireland', 'ire']],
];

/** The six 'Country scene' images, chosen by code, route id or name; anything else gets Australia's. */
export function sceneImages(country: Pick<CountryDto, 'code' | 'name'>, routeId: string): string[] {
  const keys = [country.code, routeId, routeId.replace(/-/g, ' '), country.name].map((k) =>
    (k ?? '').trim().toLowerCase(),
  );
  const set = sceneSets.find(([, names]) => names.some((n) => keys.includes(n)))?.[0] ?? 'australia';
  return Array.from({ length: 6 }, (_, i) => `/images/scenes/${set}-${i + 1}.svg`);
}

export function countryPanels(country: CountryDto): TabPanel[] {
  const fb = 'Information coming soon.';
  return [
    {
      id: 'overview',
      label: 'Country Overview',
      blocks: [{ paragraphs: cleanList(country.about.countryOverview), fallback: fb }],
    },
    {
      id: 'education',
      label: 'Education System',
      blocks: [{ items: cleanList(country.about.educationSystem), fallback: fb }],
    },
    {
      id: 'life',
      label: 'Student Life',
      blocks: [{ items: cleanList(country.about.studentLife), fallback: fb }],
    },
    {
      id: 'visa',
      label: 'Visa Information',
      blocks: [{ items: cleanList(country.about.visaInfo), fallback: fb }],
    },
  ];
}

/**
 * `inline`: the hero image and the flag as inline SVG markup, when the pre-rendered page has them as
 * small SVG files of ours (site/lib/inline-image.ts); otherwise they are images.
 */
export function CountryHero({
  country,
  inline = {},
}: {
  country: CountryDto;
  inline?: { image?: string | undefined; flag?: string | undefined };
}) {
  return (
    <section className="hero hero--compact country-hero">
      <div className="container hero__grid">
        <div>
          <Breadcrumbs parent={{ href: '/destinations', label: 'Study Abroad' }} current={country.name} />
          <p className="country-flag">
            <ContentImage
              svg={inline.flag}
              src={country.flag}
              alt={country.flagAlt}
              width={48}
              height={32}
              sizes="48px"
              eager
            />
          </p>
          <h1>Study in {country.name}</h1>
          <p className="lead">{country.details}</p>
          <dl className="quick-facts">
            <div>
              <dt>Capital</dt>
              <dd>{country.capital}</dd>
            </div>
            <div>
              <dt>Country code</dt>
              <dd>{country.code}</dd>
            </div>
          </dl>
        </div>
        <div className="hero__media">
          <ContentImage
            svg={inline.image}
            src={country.image}
            alt={country.imageAlt}
            width={560}
            height={315}
            sizes={HERO_SIZES}
            priority
            className="content-image--hero"
          />
        </div>
      </div>
    </section>
  );
}

export function CountryGallery({ country, routeId }: { country: CountryDto; routeId: string }) {
  return (
    <section className="section section--alt" aria-labelledby="scene-title">
      <div className="container">
        <h2 id="scene-title">Country scene</h2>
        <ul className="gallery" role="list">
          {sceneImages(country, routeId).map((src, i) => (
            <li key={src}>
              <ContentImage
                src={src}
                alt={`${country.name} scene ${i + 1}`}
                width={400}
                height={260}
                sizes={GALLERY_SIZES}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export type ProgramItem = Pick<
  SubjectDto,
  '_id' | 'name' | 'university' | 'degreeType' | 'duration' | 'basePrice' | 'currency' | 'image' | 'imageAlt'
>;

export function CountryPrograms({ country, programs }: { country: CountryDto; programs: ProgramItem[] }) {
  return (
    <section className="section" aria-labelledby="programs-title">
      <div className="container">
        <h2 id="programs-title">Programs in {country.name}</h2>
        {programs.length === 0 ? (
          <div className="empty-state" data-testid="no-programs">
            <h3>No Programs Available</h3>
            <p className="muted">We have no programs listed in {country.name} yet.</p>
            {/* Back in history (site/client-scripts/history-back.ts), /destinations when there is none. */}
            <a className="btn btn--primary" href="/destinations" data-history-back="">
              Explore Other Countries
            </a>
          </div>
        ) : (
          <ul className="grid grid--3" role="list" data-testid="country-programs">
            {programs.map((p) => (
              <li key={p._id} className="card program-card">
                <ContentImage
                  className="card__media"
                  src={p.image}
                  alt={p.imageAlt}
                  width={400}
                  height={225}
                  sizes={CARD_SIZES}
                />
                <div className="card__body">
                  <p className="program-card__uni">{p.university}</p>
                  <h3>{p.name}</h3>
                  <p className="program-card__meta">
                    <span>
                      {p.degreeType} · {p.duration}
                    </span>
                    <span>{formatTuition(p.basePrice, p.currency)}</span>
                  </p>
                  <a className="btn btn--accent btn--small" href={`/subject/${p._id}`}>
                    Apply Now<span className="visually-hidden"> to {p.name}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
