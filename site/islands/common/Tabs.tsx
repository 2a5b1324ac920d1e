import { useId, useRef, useState, type KeyboardEvent } from 'react';
import '../../styles/tabs.css';

export interface TabBlock {
  heading?: string;
  paragraphs?: string[];
  items?: string[];
  fallback?: string;
}
export interface TabPanel {
  id: string;
  label: string;
  blocks: TabBlock[];
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs (automatic activation). */
export default function Tabs({ panels, label }: { panels: TabPanel[]; label: string }) {
  const [active, setActive] = useState(0);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const focus = (i: number) => {
    setActive(i);
    refs.current[i]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const n = panels.length;
    if (e.key === 'ArrowRight') focus((active + 1) % n);
    else if (e.key === 'ArrowLeft') focus((active - 1 + n) % n);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(n - 1);
    else return;
    e.preventDefault();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKey}>
        {panels.map((p, i) => (
          <button
            key={p.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${base}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            className="tabs__tab"
            onClick={() => setActive(i)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {panels.map((p, i) => (
        <div
          key={p.id}
          role="tabpanel"
          id={`${base}-panel-${i}`}
          aria-labelledby={`${base}-tab-${i}`}
          hidden={i !== active}
          tabIndex={0}
          className="tabs__panel"
        >
          {p.blocks.map((b, j) => {
            const empty = !(b.paragraphs?.length || b.items?.length);
            return (
              <div key={j} className="tabs__block">
                {b.heading && <h3>{b.heading}</h3>}
                {b.paragraphs?.map((t, k) => (
                  <p key={k}>{t}</p>
                ))}
                {b.items && b.items.length > 0 && (
                  <ul>
                    {b.items.map((t, k) => (
                      <li key={k}>{t}</li>
                    ))}
                  </ul>
                )}
                {empty && b.fallback && <p className="muted">{b.fallback}</p>}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
