// The page's largest image (ContentImage's `priority` image) is marked for Element Timing, so that
// the page's loader (site/client-scripts/after-first-paint.ts) can start the page's other work once
// it has painted, not before.

/** The `elementtiming` value of the page's largest image. */
export const LARGEST_IMAGE_TIMING = 'largest-image';
