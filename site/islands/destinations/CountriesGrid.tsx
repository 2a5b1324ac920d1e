import { useEffect, useMemo, useState } from 'react';
import { readJson, storageKeys, writeJson } from '#site/lib/storage.ts';
import { HeartIcon } from '../common/icons.tsx';
import { ContentImage } from '#site/components/content-image.tsx';
import { CARD_SIZES } from '#site/lib/image-sizes.ts';
import '../../styles/destinations.css';

export interface CountryCard {
  _id: string;
  name: string;
  image: string;
  imageAlt: string;
  flag: string;
  capital: string;
  details: string;
}
export const PAGE_SIZE = 6;

/** Page numbers to show: first, last and a window around the current page, with ellipses between. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** The countries grid on /destinations (spec 1 sections 2.5 and 4). */
export default function CountriesGrid({ countries }: { countries: CountryCard[] }) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [favorites, setFavorites] = useState<string[]>([]);
  useEffect(() => {
    const stored = readJson<unknown>(storageKeys.favorites);
    setFavorites(Array.isArray(stored) ? stored.filter((x): x is string => typeof x === 'string') : []);
  }, []);
  const toggle = (id: string) => {
    setFavorites((prev) => {
      const next = prev.includes(id) ? prev.filter((x) => x !== id) : [...prev, id];
      writeJson(storageKeys.favorites, next);
      return next;
    });
  };
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? countries.filter((c) => c.name.toLowerCase().includes(q)) : countries;
  }, [countries, query]);
  const total = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, total);
  const start = (current - 1) * PAGE_SIZE;
  const shown = filtered.slice(start, start + PAGE_SIZE);
  const go = (p: number) => {
    setPage(p);
    document.getElementById('countries-title')?.scrollIntoView({ block: 'start' });
  };
  return (
    <div>
      <div className="field countries-search">
        <label htmlFor="country-search" className="visually-hidden">
          Search countries
        </label>
        <input
          id="country-search"
          className="input"
          type="search"
          placeholder="Search countries..."
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {shown.length === 0 ? (
        <p className="empty-state" role="status">
          No countries match “{query.trim()}”. Try another name.
        </p>
      ) : (
        <ul className="grid grid--3" role="list" data-testid="countries">
          {shown.map((c) => {
            const fav = favorites.includes(c._id);
            return (
              <li key={c._id} className="card card--link country-card">
                <ContentImage
                  className="card__media"
                  src={c.image}
                  alt={c.imageAlt}
                  width={400}
                  height={225}
                  sizes={CARD_SIZES}
                />
                <button
                  type="button"
                  className="icon-btn country-card__fav"
                  aria-pressed={fav}
                  aria-label={`${fav ? 'Remove' : 'Add'} ${c.name} ${fav ? 'from' : 'to'} favourites`}
                  onClick={() => toggle(c._id)}
                >
                  <HeartIcon filled={fav} />
                </button>
                <div className="card__body">
                  <p className="country-card__tag">
                    {/* Beside the country's name: decorative here (the country page names it). */}
                    <ContentImage src={c.flag} alt="" width={24} height={16} sizes="24px" /> Top destination
                  </p>
                  <h3>
                    <a className="stretched-link" href={`/country-details/${c._id}`}>
                      {c.name}
                    </a>
                  </h3>
                  <p className="muted">{c.details.split(/(?<=\.)\s/)[0]}</p>
                  <p className="country-card__meta">
                    <span>Capital: {c.capital}</span>
                    <span className="badge">100+ Programs</span>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {filtered.length > PAGE_SIZE && (
        <nav className="pagination" aria-label="Countries pages">
          <p aria-live="polite">
            Showing {start + 1}-{Math.min(start + PAGE_SIZE, filtered.length)} of {filtered.length} countries
          </p>
          <ul>
            <li>
              <button
                type="button"
                disabled={current === 1}
                onClick={() => go(current - 1)}
                aria-label="Previous page"
              >
                ‹
              </button>
            </li>
            {pageWindow(current, total).map((p, i) => (
              <li key={i}>
                {p === 'gap' ? (
                  <span className="ellipsis" aria-hidden="true">
                    …
                  </span>
                ) : (
                  <button
                    type="button"
                    aria-current={p === current ? 'page' : undefined}
                    aria-label={`Page ${p}`}
                    onClick={() => go(p)}
                  >
                    {p}
                  </button>
                )}
              </li>
            ))}
            <li>
              <button
                type="button"
                disabled={current === total}
                onClick={() => go(current + 1)}
                aria-label="Next page"
              >
                ›
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
