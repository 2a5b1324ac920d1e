// The partners carousel's pace (PartnersCarousel.tsx), shared with its browser test, which moves
// the page's clock on by it instead of waiting.

/** How often the carousel moves on by itself, in milliseconds. */
export const CAROUSEL_INTERVAL = 3000;
/** How far it scrolls on a desktop each time, in CSS pixels. */
export const CAROUSEL_STEP = 280;
