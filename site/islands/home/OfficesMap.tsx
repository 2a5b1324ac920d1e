import { useState } from 'react';
import { PinIcon } from '../common/icons.tsx';

/** An office as the page passes it: `tel` is the phone's link, null when it cannot be dialled (site/lib/format.ts telHref, at build). */
export interface Office {
  id: string;
  name: string;
  country: string;
  city: string;
  address: string;
  phone: string | null;
  tel: string | null;
  email: string;
  mapX: number;
  mapY: number;
}

const mapsLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** Offices and map selector (spec 1 section 2.4 item 9): our own map, a marker per office. */
export default function OfficesMap({ offices }: { offices: Office[] }) {
  const [selected, setSelected] = useState(offices[0]?.id ?? '');
  const office = offices.find((o) => o.id === selected) ?? offices[0];
  if (!office) return null;
  return (
    <div className="offices">
      <div className="offices__list" role="group" aria-label="Choose an office">
        {offices.map((o) => (
          <button
            key={o.id}
            type="button"
            className="office-btn"
            aria-pressed={o.id === office.id}
            onClick={() => setSelected(o.id)}
          >
            <strong>{o.country}</strong>
            <span>{o.city}</span>
          </button>
        ))}
      </div>
      <div className="offices__map">
        <img
          src="/images/map.svg"
          alt="World map showing our offices"
          width="800"
          height="420"
          loading="lazy"
        />
        {/* The pins show where the offices are; the buttons above are the control. On a phone the
            Tallinn and Sofia pins are ~18 px apart, too close for two 24 px tap targets (WCAG 2.2
            2.5.8, Lighthouse's target-size), so the pins are not separate buttons: a click on one
            is a mouse shortcut for its office's button (the "equivalent control" exception). */}
        {offices.map((o) => (
          <span
            key={o.id}
            className={`map-marker${o.id === office.id ? ' is-active' : ''}`}
            style={{ left: `${o.mapX}%`, top: `${o.mapY}%` }}
            aria-hidden="true"
            title={`${o.name}, ${o.city}`}
            onClick={() => setSelected(o.id)}
          >
            <PinIcon />
          </span>
        ))}
      </div>
      <div className="card card__body offices__detail" aria-live="polite" data-testid="office-detail">
        <h3>{office.name}</h3>
        <p>{office.address}</p>
        {office.phone && <p>Phone: {office.tel ? <a href={office.tel}>{office.phone}</a> : office.phone}</p>}
        <p>
          Email: <a href={`mailto:${office.email}`}>{office.email}</a>
        </p>
        <a
          className="btn btn--ghost btn--small"
          href={mapsLink(office.address)}
          target="_blank"
          rel="noopener"
        >
          Open in Maps<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}
