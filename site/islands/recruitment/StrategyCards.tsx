import { useState } from 'react';
import type { StrategyCard } from '#schemas/recruitment.ts';
import { LazyModal as Modal } from '../common/LazyModal.tsx';
import { Icon } from './Icon.tsx';

/** The four strategy cards; 'Learn more' opens the detail modal (scroll locked, focus kept, Escape closes). */
export default function StrategyCards({ strategies }: { strategies: StrategyCard[] }) {
  const [open, setOpen] = useState<StrategyCard | null>(null);
  return (
    <>
      <ul className="rc-strategies">
        {strategies.map((s) => (
          <li key={s.id} className="rc-card rc-strategy">
            <span className="rc-icon-badge" aria-hidden="true">
              <Icon name={s.icon} />
            </span>
            <h3>{s.title}</h3>
            <p>{s.description}</p>
            <button
              type="button"
              className="rc-btn rc-btn--ghost"
              onClick={() => setOpen(s)}
              aria-label={`Learn more: ${s.title}`}
            >
              Learn more
            </button>
          </li>
        ))}
      </ul>
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open?.title ?? ''}>
        {open?.extendedDescription.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <div className="rc-actions">
          <button type="button" className="rc-btn rc-btn--primary" onClick={() => setOpen(null)}>
            Close
          </button>
        </div>
      </Modal>
    </>
  );
}
