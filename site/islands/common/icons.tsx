/** Small inline icons (decorative: hidden from assistive technology). */
const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const ChevronLeft = () => (
  <svg {...base}>
    <path d="m15 18-6-6 6-6" />
  </svg>
);
export const ChevronRight = () => (
  <svg {...base}>
    <path d="m9 18 6-6-6-6" />
  </svg>
);
export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <svg {...base} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 21s-7-4.35-9.5-8.5C.8 9.4 2.6 5.5 6.3 5.1 8.6 4.9 10.3 6.2 12 8c1.7-1.8 3.4-3.1 5.7-2.9 3.7.4 5.5 4.3 3.8 7.4C19 16.65 12 21 12 21Z" />
  </svg>
);
export const PinIcon = () => (
  <svg {...base}>
    <path d="M12 22s7-6.1 7-12a7 7 0 1 0-14 0c0 5.9 7 12 7 12Z" />
    <circle cx="12" cy="10" r="2.5" />
  </svg>
);
